// Henvendelser's two lists (issue 39): the requests, and "Mulig spam", the ones that came in past the
// company's hourly allowance during a flood (api/leads/lead-limits.ts). Shown only once there is
// possible spam; the summary mail links to the spam list with `?vis=spam`.
import './spam-filter.css';

export type LeadView = 'requests' | 'spam';

/** The list the address asks for: `?vis=spam` (the summary mail's link) or the requests. */
export function initialLeadView(): LeadView {
  return new URLSearchParams(window.location.search).get('vis') === 'spam' ? 'spam' : 'requests';
}

export function SpamFilter(props: { view: LeadView; spam: number; onChange(view: LeadView): void }) {
  if (props.spam === 0 && props.view === 'requests') return null;
  const option = (view: LeadView, label: string) => (
    <button
      type="button"
      className="spam-filter-option"
      aria-pressed={props.view === view}
      onClick={() => props.onChange(view)}
    >
      {label}
    </button>
  );
  return (
    <div className="spam-filter">
      <fieldset className="spam-filter-options" aria-label="Vis">
        {option('requests', 'Henvendelser')}
        {option('spam', `Mulig spam (${props.spam.toLocaleString('da-DK')})`)}
      </fieldset>
      {props.view === 'spam' ? (
        <p className="spam-filter-note">
          Forespørgsler, der kom ind, mens formularen fik usædvanligt mange på kort tid. De er ikke sendt til
          dig som e-mail hver for sig, og de slettes automatisk efter 30 dage. Kig dem igennem, så du ikke går
          glip af en rigtig kunde.
        </p>
      ) : null}
    </div>
  );
}
