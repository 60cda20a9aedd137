// The frame of every signed-in screen (the spec's Screens Admin shell): welcome with company name and e-mail,
// a link to the public site, log out (back to /admin), and the tabs Overblik (the spec's Dashboard; /admin/dashboard stays), Sider, Billedearkiv,
// Hjemmeside, with Henvendelser second (issue 39): a customer waiting for an answer is what an owner
// must not miss, and at 360 px the strip shows only its first two or three tabs. It loads the company
// once for the screens inside it, and asks before unsaved changes are left
// (components/unsaved-changes.tsx).
import { useMemo, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { MESSAGES } from '../../../rules/messages';
import { api } from '../api/client';
import type { Company } from '../api/types';
import { useResource } from '../api/use-resource';
import { useAuth, useSession } from '../auth/auth-context';
import { LoadError } from '../components/load-state';
import { Skeleton } from '../components/skeleton';
import { UnsavedChangesProvider, useConfirmLeave } from '../components/unsaved-changes';
import { useActiveInView } from '../components/use-active-in-view';
import { ADMIN_PATHS } from '../paths';
import { CompanyProvider } from './company-context';
import { TrialBanner } from './trial-banner';
import { useUnreadLeads } from './unread-leads';

const TABS = [
  { to: ADMIN_PATHS.dashboard, label: 'Overblik' },
  { to: ADMIN_PATHS.leads, label: 'Henvendelser' },
  { to: ADMIN_PATHS.bookings, label: 'Bookinger' },
  { to: ADMIN_PATHS.reviews, label: 'Anmeldelser' },
  { to: ADMIN_PATHS.pages, label: 'Sider' },
  { to: ADMIN_PATHS.images, label: 'Billedearkiv' },
  { to: ADMIN_PATHS.settings, label: 'Hjemmeside' },
] as const;

export function AdminShell() {
  // Every editor inside asks here before its unsaved changes are left (issue 40).
  return (
    <UnsavedChangesProvider>
      <Shell />
    </UnsavedChangesProvider>
  );
}

function Shell() {
  const session = useSession();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const company = useResource(() => api.get('/company', MESSAGES.loadCompanyFailed));
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const unread = useUnreadLeads();
  const [loggingOut, setLoggingOut] = useState(false);
  const tabStrip = useRef<HTMLElement>(null);
  useActiveInView(tabStrip, useLocation().pathname);

  const confirmLeave = useConfirmLeave();

  const onLogout = async () => {
    if (!(await confirmLeave())) return;
    setLoggingOut(true);
    setLogoutError(null);
    try {
      await logout();
      navigate(ADMIN_PATHS.login, { replace: true });
    } catch (error) {
      setLogoutError(error instanceof Error ? error.message : MESSAGES.logoutFailed);
      setLoggingOut(false);
    }
  };

  const context = useMemo(
    () =>
      company.data
        ? {
            company: company.data,
            setCompany: (next: Company) => company.setData(next),
            reload: company.reload,
          }
        : null,
    [company.data, company.setData, company.reload],
  );

  return (
    <div className="shell">
      <header className="shell-header">
        <div className="shell-welcome">
          <p className="shell-greeting">
            Velkommen, <strong>{company.data?.name ?? session.companyName}</strong>
          </p>
          <p className="shell-email">{session.email}</p>
        </div>
        <div className="shell-actions">
          <a className="button button-secondary" href={session.siteUrl} target="_blank" rel="noopener">
            Se hjemmeside
          </a>
          <NavLink className="button button-ghost" to={ADMIN_PATHS.account}>
            Konto
          </NavLink>
          <button type="button" className="button button-ghost" onClick={onLogout} disabled={loggingOut}>
            {loggingOut ? 'Logger ud...' : 'Log ud'}
          </button>
        </div>
        {logoutError ? (
          <p className="form-error" role="alert">
            {logoutError}
          </p>
        ) : null}
      </header>
      <nav className="shell-tabs" aria-label="Administration" ref={tabStrip} data-scroll-cue>
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) => (isActive ? 'tab tab-active' : 'tab')}
          >
            {tab.label}
            {tab.to === ADMIN_PATHS.leads && unread ? (
              <span className="tab-count">
                {unread}
                <span className="visually-hidden"> {unread === 1 ? 'ulæst' : 'ulæste'}</span>
              </span>
            ) : null}
          </NavLink>
        ))}
      </nav>
      <main className="shell-main" id="indhold">
        {company.error && !company.data ? (
          <LoadError message={company.error} onRetry={() => void company.reload()} />
        ) : !context || navigation.state === 'loading' ? (
          <Skeleton variant="admin" />
        ) : (
          <CompanyProvider value={context}>
            <TrialBanner />
            <Outlet />
          </CompanyProvider>
        )}
      </main>
    </div>
  );
}
