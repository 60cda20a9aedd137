// The dashboard's reviews card (issue 41): the average now and how it moved, month by month (the running
// mean at the end of each month with a review), leading to Anmeldelser.
import { Link } from 'react-router';
import { REVIEW_MESSAGES } from '../../../../rules/review-messages';
import { formatAverage } from '../../../../rules/site-reviews';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { ADMIN_PATHS } from '../../paths';

const MONTH = new Intl.DateTimeFormat('da-DK', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const loadReviews = () => api.get('/reviews', REVIEW_MESSAGES.loadFailed);

export function ReviewTrend() {
  const reviews = useResource(loadReviews);
  const data = reviews.data;
  if (!data) return null;
  const recent = data.byMonth.slice(-6);
  return (
    <Link className="card card-link dashboard-reviews" to={ADMIN_PATHS.reviews}>
      <h2>Anmeldelser</h2>
      {data.summary.count === 0 ? (
        <p>Ingen anmeldelser endnu. Bed en kunde om en anmeldelse, når en opgave er udført.</p>
      ) : (
        <>
          <p className="dashboard-figure">
            <strong>{formatAverage(data.summary.average)} ★</strong> fra {data.summary.count}{' '}
            {data.summary.count === 1 ? 'kunde' : 'kunder'}
          </p>
          <ol className="dashboard-review-trend" aria-label="Gennemsnit over tid">
            {recent.map((month) => (
              <li key={month.month}>
                {MONTH.format(new Date(`${month.month}-01T00:00:00Z`))}: {formatAverage(month.average)} ★ (
                {month.count})
              </li>
            ))}
          </ol>
        </>
      )}
    </Link>
  );
}
