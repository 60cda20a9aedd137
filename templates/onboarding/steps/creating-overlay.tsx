// The creation overlay: the three stages of a new site, announced politely as they change, and where
// the new site's quote requests will go (the login e-mail just typed, issue 39).
import type { HeadingRef } from '../fields';
import type { Stage } from '../onboarding-reducer';

export function CreatingOverlay({
  stage,
  heading,
  email,
}: {
  stage: Stage;
  heading: HeadingRef;
  email: string;
}) {
  const stages: { label: string; state: 'done' | 'active' | 'waiting' }[] = [
    { label: 'Finder virksomheden…', state: 'done' },
    { label: 'Skriver teksterne…', state: stage === 'writing' ? 'active' : 'done' },
    { label: 'Udgiver hjemmesiden…', state: stage === 'publishing' ? 'active' : 'waiting' },
  ];
  return (
    <div className="ob-overlay">
      <div className="ob-overlay-box" role="status" aria-live="polite">
        <h2 ref={heading} tabIndex={-1}>
          Vi opretter din hjemmeside
        </h2>
        <ol className="ob-stages">
          {stages.map((item) => (
            <li key={item.label} className={`ob-stage ob-${item.state}`} data-state={item.state}>
              <span className="ob-mark" aria-hidden="true" />
              {item.label}
              {item.state === 'done' && <span className="ob-sr"> (færdig)</span>}
            </li>
          ))}
        </ol>
        <p className="ob-overlay-note">
          Forespørgsler fra hjemmesidens formular "Få et tilbud" sendes til <strong>{email}</strong>.
        </p>
      </div>
    </div>
  );
}
