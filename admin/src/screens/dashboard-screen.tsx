// /admin/dashboard (SPEC §2 Dashboard): cards leading to pages, images and settings.
import { Link } from 'react-router';
import { ADMIN_PATHS } from '../paths';
import { useCompany } from '../shell/company-context';

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

export function DashboardScreen() {
  const { company } = useCompany();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <p className="lead">Her styrer du hjemmesiden for {company.name}.</p>
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
      </p>
    </section>
  );
}
