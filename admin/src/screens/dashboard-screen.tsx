// /admin/dashboard (the spec's Screens Dashboard, issue 14 item 1): the owner's site at a glance — page views
// per day for 30 days, this week against the week before, the most visited pages, images used of 15,
// the trial, and the site's addresses to copy — above the cards that lead to the editors.
import { Link } from 'react-router';
import { MESSAGES } from '../../../rules/messages';
import { daysLeftText } from '../../../rules/trial';
import { weekChangeText } from '../../../rules/visitor-stats';
import { useResource } from '../api/use-resource';
import { LoadState } from '../components/load-state';
import { ADMIN_PATHS } from '../paths';
import { useCompany } from '../shell/company-context';
import { useUnreadLeads } from '../shell/unread-leads';
import { CopyAddress } from './dashboard/copy-address';
import { type DashboardJson, loadDashboard } from './dashboard/dashboard-api';
import { ReviewTrend } from './dashboard/review-trend';
import { VisitorChart } from './dashboard/visitor-chart';
import './dashboard-screen.css';

const CARDS = [
  {
    to: ADMIN_PATHS.pages,
    title: 'Sider',
    text: 'Ret tekster, billeder og layout på dine sider, eller opret en ny side.',
  },
  {
    to: ADMIN_PATHS.images,
    title: 'Billedearkiv',
    text: 'Upload billeder af dit arbejde og brug dem på siderne.',
  },
  {
    to: ADMIN_PATHS.settings,
    title: 'Hjemmeside',
    text: 'Logo, kontaktoplysninger, åbningstider, sociale medier, farver og domæne.',
  },
] as const;

const DATE = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric' });
const NUMBER = new Intl.NumberFormat('da-DK');

function Visitors({ visitors, calls }: { visitors: DashboardJson['visitors']; calls: number }) {
  return (
    <section className="card dashboard-visitors" aria-labelledby="visitors-title">
      <h2 id="visitors-title">Sidevisninger</h2>
      <p className="dashboard-total">
        <strong>{NUMBER.format(visitors.total)}</strong> de sidste 30 dage
      </p>
      <p className="dashboard-total">
        <strong>{NUMBER.format(calls)}</strong> tryk på "Ring" de sidste 30 dage
      </p>
      <VisitorChart days={visitors.days} />
      <dl className="dashboard-weeks">
        <div>
          <dt>Sidste 7 dage</dt>
          <dd>{NUMBER.format(visitors.thisWeek)}</dd>
        </div>
        <div>
          <dt>De 7 dage før</dt>
          <dd>{NUMBER.format(visitors.lastWeek)}</dd>
        </div>
      </dl>
      <p className="field-hint">
        {weekChangeText(visitors.thisWeek, visitors.lastWeek)}. Vi tæller uden cookies, så den samme besøgende
        kan tælle flere gange.
      </p>
    </section>
  );
}

function TopPages({ pages }: { pages: DashboardJson['visitors']['topPages'] }) {
  return (
    <section className="card" aria-labelledby="top-pages-title">
      <h2 id="top-pages-title">Mest besøgte sider</h2>
      {pages.length === 0 ? (
        <p className="field-hint">Ingen besøg endnu. Del adressen på din hjemmeside, så kommer de første.</p>
      ) : (
        <ol className="dashboard-top-pages">
          {pages.map((page) => (
            <li key={page.path}>
              <span className="dashboard-page-name">
                {page.name ?? page.path} <span className="field-hint">{page.path}</span>
              </span>
              <span>{NUMBER.format(page.views)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Trial({ trial }: { trial: DashboardJson['trial'] }) {
  const subscriptionLink = (label: string) => (
    <Link className="button button-small" to={ADMIN_PATHS.subscription}>
      {label}
    </Link>
  );
  switch (trial.state) {
    case 'ordered':
      return (
        <section className="card" aria-labelledby="trial-title">
          <h2 id="trial-title">Abonnement</h2>
          <p>Du har bestilt abonnement. Din hjemmeside fortsætter uden afbrydelse.</p>
          <Link to={ADMIN_PATHS.subscription}>Se abonnement</Link>
        </section>
      );
    case 'trial':
      return (
        <section className="card" aria-labelledby="trial-title">
          <h2 id="trial-title">Prøveperiode</h2>
          <p className="dashboard-figure">
            <strong>{daysLeftText(trial.daysLeft)}</strong> tilbage
          </p>
          <p>Din gratis prøveperiode slutter den {DATE.format(new Date(trial.trialEndDate))}.</p>
          {subscriptionLink('Bestil abonnement')}
        </section>
      );
    case 'grace':
      return (
        <section className="card dashboard-warning" aria-labelledby="trial-title">
          <h2 id="trial-title">Din prøveperiode er slut</h2>
          <p>
            Din hjemmeside er stadig online, men lukker for besøgende den{' '}
            {DATE.format(new Date(trial.closesAt))}, hvis du ikke bestiller abonnement.
          </p>
          {subscriptionLink('Bestil abonnement')}
        </section>
      );
    case 'inactive':
      return (
        <section className="card dashboard-warning" aria-labelledby="trial-title">
          <h2 id="trial-title">Din hjemmeside er ikke aktiv</h2>
          <p>
            Din prøveperiode er slut, og besøgende ser nu en side om, at hjemmesiden ikke er aktiv. Bestil
            abonnement, så er den online igen med det samme.
          </p>
          {subscriptionLink('Bestil abonnement')}
        </section>
      );
  }
}

function PublishFailing() {
  return (
    <section className="card dashboard-warning" aria-labelledby="publishing-title" role="status">
      <h2 id="publishing-title">{MESSAGES.publishFailingTitle}</h2>
      <p>{MESSAGES.publishFailing}</p>
    </section>
  );
}

function Figures({ data }: { data: DashboardJson }) {
  return (
    <div className="dashboard-figures">
      {data.publishing.failing ? <PublishFailing /> : null}
      <Visitors visitors={data.visitors} calls={data.calls.total} />
      <TopPages pages={data.visitors.topPages} />
      <Trial trial={data.trial} />
      <section className="card" aria-labelledby="images-title">
        <h2 id="images-title">Billeder</h2>
        <p className="dashboard-figure">
          <strong>{data.images.used}</strong> af {data.images.limit} brugt
        </p>
        <meter
          className="dashboard-meter"
          min={0}
          max={data.images.limit}
          value={data.images.used}
          aria-label={`${data.images.used} af ${data.images.limit} billeder brugt`}
        />
        <Link to={ADMIN_PATHS.images}>Gå til billedearkivet</Link>
      </section>
      <section className="card dashboard-addresses" aria-labelledby="addresses-title">
        <h2 id="addresses-title">Din hjemmesides adresse</h2>
        <ul>
          {data.addresses.map((url) => (
            <CopyAddress key={url} url={url} />
          ))}
        </ul>
      </section>
    </div>
  );
}

export function DashboardScreen() {
  const { company } = useCompany();
  const dashboard = useResource(loadDashboard);
  const unread = useUnreadLeads();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Overblik</h1>
      <p className="lead">Her styrer du hjemmesiden for {company.name}.</p>
      {unread !== null ? (
        <Link className="card card-link dashboard-leads" to={ADMIN_PATHS.leads}>
          <h2>Henvendelser</h2>
          <p>
            <strong className="dashboard-leads-count">{unread}</strong>{' '}
            {unread === 1 ? 'ulæst forespørgsel' : 'ulæste forespørgsler'} fra hjemmesiden
          </p>
        </Link>
      ) : null}
      {dashboard.data === null ? <LoadState resource={dashboard} /> : <Figures data={dashboard.data} />}
      <ReviewTrend />
      <ul className="card-grid">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link className="card card-link" to={card.to}>
              <h2>{card.title}</h2>
              <p>{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
      <p className="dashboard-subscription">
        <Link to={ADMIN_PATHS.subscription}>Se dit abonnement</Link>
        {dashboard.data?.operator ? (
          <>
            {' · '}
            <Link to={ADMIN_PATHS.operator}>Driftsoversigt</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
