// /admin/subscription (SPEC §2 Subscription, §9; issue 14 item 5): the trial and what happens at its
// end (rules/trial.ts siteState), worded once per state so no two texts contradict each other, and
// "Bestil abonnement" before and after the end; after an order, what was ordered.
import { useState } from 'react';
import { MESSAGES } from '../../../rules/messages';
import { daysLeftText } from '../../../rules/trial';
import { useResource } from '../api/use-resource';
import { useSession } from '../auth/auth-context';
import { LoadState } from '../components/load-state';
import { useCompany } from '../shell/company-context';
import { loadSubscription, type SubscriptionJson } from '../shell/subscription-api';
import { OrderForm } from './subscription-order-form';
import './subscription-screen.css';
import { PRICE_KR } from '../../../rules/plan';

const DATE = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric' });
const date = (iso: string) => DATE.format(new Date(iso));
const PRICE = `Mesterside koster ${PRICE_KR} kr om måneden. Ingen binding, og du kan opsige når som helst.`;

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
      return (
        <>
          <h2>Abonnement bestilt</h2>
          {order ? (
            <>
              <p>
                Tak for din bestilling den {date(order.createdAt)}. Du har bestilt {order.planName} for{' '}
                {order.priceKr} kr om måneden – ingen binding.
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

export function SubscriptionScreen() {
  const subscription = useResource(loadSubscription);
  const { company } = useCompany();
  const session = useSession();
  const [justOrdered, setJustOrdered] = useState(false);
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
          <Status data={data} />
          {data.state === 'ordered' ? null : (
            <OrderForm
              cvr={company.cvr}
              email={session.email}
              onOrdered={(next) => {
                subscription.setData(next);
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
