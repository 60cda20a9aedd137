// Page views (or any count) per day for 30 days as a tiny hand-written SVG bar chart (no chart library): the bars are
// drawn in a stretched SVG and the labels are HTML, so text stays readable at 360 px. Screen readers
// get the same figures as a table instead of the picture.
import './visitor-chart.css';

const DAY = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T12:00:00Z`));
}

const HEIGHT = 100;

export function VisitorChart({
  days,
  caption = 'Sidevisninger pr. dag de sidste 30 dage',
  unit = 'Sidevisninger',
}: {
  days: { day: string; views: number }[];
  caption?: string;
  unit?: string;
}) {
  const max = Math.max(1, ...days.map((entry) => entry.views));
  const width = days.length * 10;
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="visitor-chart">
      <div className="visitor-chart-plot">
        <span className="visitor-chart-max" aria-hidden="true">
          {max}
        </span>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
          data-testid="visitor-chart"
        >
          <line x1="0" y1="0.5" x2={width} y2="0.5" className="visitor-chart-grid" />
          <line x1="0" y1={HEIGHT - 0.5} x2={width} y2={HEIGHT - 0.5} className="visitor-chart-axis" />
          {days.map((entry, index) => {
            const height = entry.views === 0 ? 0 : Math.max(2, (entry.views / max) * (HEIGHT - 4));
            return (
              <rect
                key={entry.day}
                x={index * 10 + 1.5}
                y={HEIGHT - height}
                width="7"
                height={height}
                rx="1.5"
              >
                <title>{`${formatDay(entry.day)}: ${entry.views}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="visitor-chart-days" aria-hidden="true">
        <span>{first ? formatDay(first.day) : ''}</span>
        <span>{last ? formatDay(last.day) : ''}</span>
      </div>
      <table className="visually-hidden">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Dag</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((entry) => (
            <tr key={entry.day}>
              <th scope="row">{formatDay(entry.day)}</th>
              <td>{entry.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
