// /admin/subscription (the spec's Screens Subscription, Limits; issue 14 item 5): the trial and what happens at its
// end (rules/trial.ts siteState), worded once per state so no two texts contradict each other, and
// "Bestil abonnement" before and after the end; after an order, what was ordered and "Opsig
// abonnement" (issue 49), with what happens then: the site stays until the period begun ends.
import { useState } from 'react';
import { MESSAGES } from '../../../rules/messages';
import { SUBSCRIPTION_MESSAGES } from '../../../rules/subscription-messages';
import { daysLeftText, subscriptionEndsAt } from '../../../rules/trial';
import { api } from '../api/client';
import { useResource } from '../api/use-resource';
import { useSession } from '../auth/auth-context';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LoadState } from '../components/load-state';
import { useCompany } from '../shell/company-context';
import { loadSubscription, SUBSCRIPTION_CHANGED, type SubscriptionJson } from '../shell/subscription-api';
import { OrderForm } from './subscription-order-form';
import './subscription-screen.css';
import { PRICE_TEXT } from '../../../rules/plan';

/** POST /api/subscription/cancel: "Opsig abonnement" (issue 49); the trial banner in the shell follows. */
async function cancelSubscription(): Promise<SubscriptionJson> {
  const result = await api.post('/subscription/cancel', SUBSCRIPTION_MESSAGES.cancelFailed);
  window.dispatchEvent(new Event(SUBSCRIPTION_CHANGED));
  return result;
}

const DATE = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Copenhagen',
});
const date = (iso: string) => DATE.format(new Date(iso));
const PRICE = `Mesterside koster ${PRICE_TEXT}. Ingen binding, og du kan opsige når som helst.`;

function Status({ data }: { data: SubscriptionJson }) {
  switch (data.state) {
    case 'trial':
      return (
        <>
          <h2>Gratis prøveperiode</h2>
          <p>
            Din prøveperiode slutter den <strong>{date(data.trialEndDate)}</strong> (
            {daysLeftText(data.daysLeft)} tilbage).
          </p>
          <p>
            {PRICE} Bestiller du nu, fortsætter din hjemmeside uden afbrydelse, når prøveperioden slutter.
          </p>
        </>
      );
    case 'grace':
      return (
        <>
          <h2>Din prøveperiode er slut</h2>
          <p>
            Din prøveperiode sluttede den {date(data.trialEndDate)}. Din hjemmeside er stadig online, men fra
            den <strong>{date(data.closesAt)}</strong> ser besøgende en side om, at den ikke er aktiv.
          </p>
          <p>{PRICE} Bestil abonnement for at beholde din hjemmeside.</p>
        </>
      );
    case 'inactive':
      if (data.order?.cancelledAt && data.endsAt)
        return (
          <>
            <h2>Din hjemmeside er ikke aktiv</h2>
            <p>
              Dit abonnement sluttede den {date(data.endsAt)}, og siden da har besøgende set en side om, at
              hjemmesiden ikke er aktiv. Intet er slettet.
            </p>
            <p>{PRICE} Bestil abonnement, så er din hjemmeside online igen med det samme.</p>
          </>
        );
      return (
        <>
          <h2>Din hjemmeside er ikke aktiv</h2>
          <p>
            Din prøveperiode sluttede den {date(data.trialEndDate)}, og siden den {date(data.closesAt)} har
            besøgende set en side om, at hjemmesiden ikke er aktiv. Intet er slettet.
          </p>
          <p>{PRICE} Bestil abonnement, så er din hjemmeside online igen med det samme.</p>
        </>
      );
    case 'ordered': {
      const order = data.order;
      if (order?.cancelledAt && data.endsAt)
        return (
          <>
            <h2>Abonnement opsagt</h2>
            <p>
              Du opsagde dit abonnement den {date(order.cancelledAt)}. Din hjemmeside er online til og med den{' '}
              <strong>{date(data.endsAt)}</strong>. Derefter ser besøgende en side om, at hjemmesiden ikke er
              aktiv. Intet bliver slettet.
            </p>
            <p>
              Fortryder du, kan du bestille abonnement igen herunder – så fortsætter hjemmesiden uden
              afbrydelse.
            </p>
          </>
        );
      return (
        <>
          <h2>Abonnement bestilt</h2>
          {order ? (
            <>
              <p>
                Tak for din bestilling den {date(order.createdAt)}. Du har bestilt {order.planName} for{' '}
                {PRICE_TEXT} – ingen binding.
              </p>
              <p>
                Fakturaen sendes til <strong>{order.billingEmail}</strong> og faktureres på{' '}
                {order.ean ? `EAN ${order.ean}` : `CVR ${order.invoiceCvr}`}.
              </p>
            </>
          ) : (
            <p>Du har bestilt abonnement. Din hjemmeside fortsætter uden afbrydelse.</p>
          )}
        </>
      );
    }
  }
}

/** "Opsig abonnement" (issue 49): asks first, saying until when the site stays and what follows. */
function Cancel({
  data,
  onCancelled,
}: {
  data: SubscriptionJson;
  onCancelled(next: SubscriptionJson): void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const endsAt = subscriptionEndsAt(new Date(data.trialEndDate), new Date());
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      onCancelled(await cancelSubscription());
      setAsking(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : SUBSCRIPTION_MESSAGES.cancelFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="subscription-cancel">
      <h3>Opsig abonnement</h3>
      <p>
        Du kan opsige når som helst. Din hjemmeside er så online til og med den {date(endsAt.toISOString())},
        og du betaler ikke for tiden efter.
      </p>
      <button type="button" className="button button-ghost" onClick={() => setAsking(true)}>
        Opsig abonnement
      </button>
      <ConfirmDialog
        open={asking}
        title="Vil du opsige dit abonnement?"
        message={`Din hjemmeside er online til og med den ${date(endsAt.toISOString())}. Derefter ser besøgende en side om, at hjemmesiden ikke er aktiv. Intet bliver slettet, og du kan bestille igen når som helst.`}
        confirmLabel="Opsig abonnement"
        busyLabel="Opsiger..."
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setAsking(false);
          setError(null);
        }}
      />
    </div>
  );
}

export function SubscriptionScreen() {
  const subscription = useResource(loadSubscription);
  const { company } = useCompany();
  const session = useSession();
  const [justOrdered, setJustOrdered] = useState(false);
  const [justCancelled, setJustCancelled] = useState(false);
  const data = subscription.data;
  return (
    <section aria-labelledby="subscription-title">
      <h1 id="subscription-title">Abonnement</h1>
      {data === null ? (
        <LoadState resource={subscription} />
      ) : (
        <div className={`card subscription-card subscription-${data.state}`}>
          {justOrdered ? (
            <p className="form-success" role="status">
              {MESSAGES.orderConfirmed}
            </p>
          ) : null}
          {justCancelled ? (
            <p className="form-success" role="status">
              {SUBSCRIPTION_MESSAGES.cancelConfirmed}
            </p>
          ) : null}
          <Status data={data} />
          {data.state === 'ordered' && !data.order?.cancelledAt ? (
            <Cancel
              data={data}
              onCancelled={(next) => {
                subscription.setData(next);
                setJustOrdered(false);
                setJustCancelled(true);
              }}
            />
          ) : (
            <OrderForm
              cvr={company.cvr}
              email={session.email}
              onOrdered={(next) => {
                subscription.setData(next);
                setJustCancelled(false);
                setJustOrdered(true);
              }}
            />
          )}
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
