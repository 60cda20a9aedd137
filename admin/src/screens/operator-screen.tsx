// /admin/operator (issue 14 item 7): the operator's view for owners listed in OPERATOR_EMAILS —
// sign-ups per day, the onboarding funnel, trials ending in 14 days, orders and failed publishes, and
// the authorisation numbers to check in Sikkerhedsstyrelsen's register (issue 42).
// Anyone else meets the same /404 as an unknown admin path (the API answers them 404 too).
import { shiftDay } from '../../../rules/visitor-stats';
import { ApiError } from '../api/client';
import { useResource } from '../api/use-resource';
import { LoadState } from '../components/load-state';
import { RedirectTo404 } from '../components/redirect-to-404';
import { VisitorChart } from './dashboard/visitor-chart';
import { loadOperator, type OperatorJson } from './operator-api';
import { AuthorisationsToCheck } from './operator-authorisations';
import { OperatorClaims } from './operator-claims';
import { OperatorReviews } from './operator-reviews';
import './operator-screen.css';

const DATE = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'short', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('da-DK', { dateStyle: 'short', timeStyle: 'short' });

async function loadOrHide(): Promise<OperatorJson | 'not-operator'> {
  try {
    return await loadOperator();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'not-operator';
    throw error;
  }
}

/** Every one of the last `count` days, oldest first, with the days without sign-ups as 0. */
function signupDays(signups: OperatorJson['signups'], count: number) {
  const byDay = new Map(signups.map((entry) => [entry.day, entry.count]));
  const today = new Date().toISOString().slice(0, 10);
  return Array.from({ length: count }, (_, index) => {
    const day = shiftDay(today, index - count + 1);
    return { day, views: byDay.get(day) ?? 0 };
  });
}

function Empty({ children }: { children: string }) {
  return <p className="field-hint">{children}</p>;
}

function Operator({ data }: { data: OperatorJson }) {
  const total = data.signups.reduce((sum, entry) => sum + entry.count, 0);
  const { funnel } = data;
  return (
    <div className="operator-grid">
      <AuthorisationsToCheck />
      <OperatorClaims />
      <OperatorReviews />
      <section className="card" aria-labelledby="signups-title">
        <h2 id="signups-title">Tilmeldinger</h2>
        <p className="operator-figure">
          <strong>{total}</strong> de sidste {data.days} dage
        </p>
        <VisitorChart
          days={signupDays(data.signups, data.days)}
          caption={`Tilmeldinger pr. dag de sidste ${data.days} dage`}
          unit="Tilmeldinger"
        />
      </section>
      <section className="card" aria-labelledby="funnel-title">
        <h2 id="funnel-title">Onboarding de sidste {data.days} dage</h2>
        <dl className="operator-funnel">
          <div>
            <dt>CVR fundet</dt>
            <dd>{funnel.found}</dd>
          </div>
          <div>
            <dt>Ikke fundet</dt>
            <dd>{funnel.notFound}</dd>
          </div>
          <div>
            <dt>Allerede oprettet</dt>
            <dd>{funnel.taken}</dd>
          </div>
          <div>
            <dt>Oprettet</dt>
            <dd>{funnel.created}</dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby="trials-title">
        <h2 id="trials-title">Prøveperioder der slutter inden for 14 dage</h2>
        {data.trialsEnding.length === 0 ? (
          <Empty>Ingen prøveperioder slutter de næste 14 dage.</Empty>
        ) : (
          <ul className="operator-list">
            {data.trialsEnding.map((trial) => (
              <li key={trial.cvr}>
                <strong>{trial.name}</strong> <span className="field-hint">CVR {trial.cvr}</span>
                <br />
                Slutter {DATE.format(new Date(trial.trialEndDate))}
                {trial.companyEmail ? (
                  <>
                    {' · '}
                    <a href={`mailto:${trial.companyEmail}`}>{trial.companyEmail}</a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="orders-title">
        <h2 id="orders-title">Bestillinger</h2>
        {data.orders.length === 0 ? (
          <Empty>Ingen bestillinger endnu.</Empty>
        ) : (
          <ul className="operator-list">
            {data.orders.map((order) => (
              <li key={`${order.cvr}-${order.createdAt}`}>
                <strong>{order.companyName ?? order.cvr}</strong>{' '}
                <span className="field-hint">CVR {order.cvr}</span>
                <br />
                {TIME.format(new Date(order.createdAt))} · faktura til {order.billingEmail} ·{' '}
                {order.ean ? `EAN ${order.ean}` : `CVR ${order.invoiceCvr ?? order.cvr}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="facts-title">
        <h2 id="facts-title">Regler der skal tjekkes</h2>
        {data.facts.length === 0 ? (
          <Empty>Alle satser og ordninger er tjekket inden for fristen.</Empty>
        ) : (
          <ul className="operator-list">
            {data.facts.map((fact) => (
              <li key={fact.id}>
                <strong>{fact.state === 'stale' ? 'Forældet' : 'Skal tjekkes'}</strong>
                <span className="field-hint"> senest {fact.staleFrom}</span>
                <br />
                {fact.text}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="failed-title">
        <h2 id="failed-title">Fejlede udgivelser</h2>
        {data.failedPublishes.length === 0 ? (
          <Empty>Ingen fejlede udgivelser.</Empty>
        ) : (
          <ul className="operator-list">
            {data.failedPublishes.map((failed) => (
              <li key={failed.companyCvr}>
                <strong>CVR {failed.companyCvr}</strong>
                {failed.lastAttemptAt ? (
                  <span className="field-hint"> {TIME.format(new Date(failed.lastAttemptAt))}</span>
                ) : null}
                <br />
                <code>{failed.lastError}</code>
              </li>
            ))}
          </ul>
        )}
      </section>
      <TroubledJobs jobs={data.troubledJobs} />
    </div>
  );
}

/** What each job kind is, as the operator reads it (db/tables/jobs.ts kinds). */
const JOB_KINDS: Record<string, string> = {
  'lead-mail': 'Henvendelse til ejeren',
  'lead-receipt': 'Kvittering til kunden',
  'welcome-mail': 'Velkomstmail',
  'review-mail': 'Mail om anmeldelse',
  'review-reminder': 'Påmindelse om anmeldelse',
  'spam-summary': 'Oversigt over mulig spam',
  retention: 'Daglig sletning af gamle data',
};

function TroubledJobs({ jobs }: { jobs: OperatorJson['troubledJobs'] }) {
  return (
    <section className="card" aria-labelledby="jobs-title">
      <h2 id="jobs-title">Mails og påmindelser, der sidder fast</h2>
      {jobs.length === 0 ? (
        <Empty>Ingen fejlede eller fastlåste mails.</Empty>
      ) : (
        <ul className="operator-list">
          {jobs.map((job) => (
            <li key={`${job.kind}-${job.key ?? job.runAt}`}>
              <strong>{JOB_KINDS[job.kind] ?? job.kind}</strong>{' '}
              <span className="status-badge">{job.state === 'failed' ? 'Opgivet' : 'Sidder fast'}</span>
              <span className="field-hint">
                {' '}
                {job.attempts} forsøg
                {job.lostLeases > 0 ? `, ${job.lostLeases} gange afbrudt` : ''}, næste forsøg{' '}
                {TIME.format(new Date(job.runAt))}
              </span>
              {job.key ? (
                <>
                  <br />
                  <code>{job.key}</code>
                </>
              ) : null}
              <br />
              <span>Seneste fejl: </span>
              <code>{job.lastError ?? 'ingen'}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function OperatorScreen() {
  const operator = useResource(loadOrHide);
  if (operator.data === 'not-operator') return <RedirectTo404 />;
  return (
    <section aria-labelledby="operator-title">
      <h1 id="operator-title">Driftsoversigt</h1>
      {operator.data === null ? <LoadState resource={operator} /> : <Operator data={operator.data} />}
    </section>
  );
}
