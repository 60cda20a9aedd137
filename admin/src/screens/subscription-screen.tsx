// /admin/subscription (SPEC §2 Subscription, §9): the plan area (no paid plans to choose yet) with the
// trial's end and the price after it, and help text.
import { useResource } from '../api/use-resource';
import { LoadState } from '../components/load-state';
import { loadSubscription } from '../shell/subscription-api';

const DATE = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric' });

export function SubscriptionScreen() {
  const subscription = useResource(loadSubscription);
  const data = subscription.data;
  return (
    <section aria-labelledby="subscription-title">
      <h1 id="subscription-title">Abonnement</h1>
      {data === null ? (
        <LoadState resource={subscription} />
      ) : (
        <div className="card subscription-card">
          <h2>Gratis prøveperiode</h2>
          {data.daysLeft > 0 ? (
            <p>
              Din prøveperiode slutter den <strong>{DATE.format(new Date(data.trialEndDate))}</strong> (
              {data.daysLeft === 1 ? '1 dag' : `${data.daysLeft} dage`} tilbage).
            </p>
          ) : (
            <p>Din prøveperiode er slut.</p>
          )}
          <p>Derefter koster Mesterside 249 kr om måneden. Ingen binding, og du kan opsige når som helst.</p>
          <div className="subscription-plans">
            <p className="field-hint">
              Der er ingen abonnementer at vælge endnu. Vi kontakter dig, før prøveperioden slutter.
            </p>
          </div>
        </div>
      )}
      <div className="card">
        <h2>Hjælp</h2>
        <p>
          Har du spørgsmål til dit abonnement eller din betaling, så skriv til{' '}
          <a href="mailto:kontakt@mesterside.dk">kontakt@mesterside.dk</a> – vi svarer normalt samme dag.
        </p>
      </div>
    </section>
  );
}
