// The trial banner (the spec's States, Limits; issue 14 item 5): while 1 to 30 days of the free trial remain, and
// after its end until the owner orders (the site's state from rules/trial.ts), with a link to the
// subscription and "Påmind mig senere", which hides it in this browser for a few days. Gone once
// the owner has ordered.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PRICE_TEXT } from '../../../rules/plan';
import { daysLeftText } from '../../../rules/trial';
import { useResource } from '../api/use-resource';
import { ADMIN_PATHS } from '../paths';
import { useCompany } from './company-context';
import { loadSubscription, SUBSCRIPTION_CHANGED, type SubscriptionJson } from './subscription-api';
import { browserStore, isSnoozed, snooze } from './trial-snooze';

const DATE = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long' });

function bannerText(data: SubscriptionJson) {
  if (data.state === 'grace') {
    return (
      <>
        Din prøveperiode er slut. Din hjemmeside lukker for besøgende den{' '}
        <strong>{DATE.format(new Date(data.closesAt))}</strong>, hvis du ikke bestiller abonnement.
      </>
    );
  }
  if (data.state === 'inactive') {
    return (
      <>
        Din prøveperiode er slut, og din hjemmeside er ikke aktiv for besøgende. Bestil abonnement for at
        genåbne den.
      </>
    );
  }
  const days = daysLeftText(data.daysLeft);
  return (
    <>
      Din gratis prøveperiode udløber om <strong>{days}</strong>. Fortsæt for {PRICE_TEXT} – ingen binding.
    </>
  );
}

export function TrialBanner() {
  const { company } = useCompany();
  const subscription = useResource(loadSubscription);
  const [snoozed, setSnoozed] = useState(() => isSnoozed(browserStore(), company.cvr, Date.now()));
  const { reload } = subscription;
  useEffect(() => {
    const onChange = () => void reload();
    window.addEventListener(SUBSCRIPTION_CHANGED, onChange);
    return () => window.removeEventListener(SUBSCRIPTION_CHANGED, onChange);
  }, [reload]);
  const data = subscription.data;
  if (!data?.showBanner || snoozed) return null;

  const ended = data.state === 'grace' || data.state === 'inactive';
  return (
    <aside className="trial-banner" aria-label="Prøveperiode">
      <p>{bannerText(data)}</p>
      <div className="trial-banner-actions">
        <Link className="button button-small" to={ADMIN_PATHS.subscription}>
          {ended ? 'Bestil abonnement' : 'Se abonnement'}
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
