// The trial banner (SPEC §4, §9): shown while 1 to 30 days of the free trial remain, with a link to
// the subscription and "Påmind mig senere", which hides it in this browser for a few days.
import { useState } from 'react';
import { Link } from 'react-router';
import { useResource } from '../api/use-resource';
import { ADMIN_PATHS } from '../paths';
import { useCompany } from './company-context';
import { loadSubscription } from './subscription-api';
import { browserStore, isSnoozed, snooze } from './trial-snooze';

export function TrialBanner() {
  const { company } = useCompany();
  const subscription = useResource(loadSubscription);
  const [snoozed, setSnoozed] = useState(() => isSnoozed(browserStore(), company.cvr, Date.now()));
  const data = subscription.data;
  if (!data?.showBanner || snoozed) return null;

  const days = data.daysLeft === 1 ? '1 dag' : `${data.daysLeft} dage`;
  return (
    <aside className="trial-banner" aria-label="Prøveperiode">
      <p>
        Din gratis prøveperiode udløber om <strong>{days}</strong>. Fortsæt for 249 kr om måneden – ingen
        binding.
      </p>
      <div className="trial-banner-actions">
        <Link className="button button-small" to={ADMIN_PATHS.subscription}>
          Se abonnement
        </Link>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => {
            snooze(browserStore(), company.cvr, Date.now());
            setSnoozed(true);
          }}
        >
          Påmind mig senere
        </button>
      </div>
    </aside>
  );
}
