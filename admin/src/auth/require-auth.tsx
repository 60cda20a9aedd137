// The auth guard (the spec's Screens): a spinner until the auth state is known, the child route when signed in,
// otherwise back to the login at /admin, which returns here after the login (a mailed link opened
// while signed out still ends on its own screen).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { ADMIN_PATHS } from '../paths';
import { useAuth } from './auth-context';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'unknown') return <Spinner label="Tjekker login…" />;
  if (state.status === 'signed-out') {
    const from = location.pathname + location.search;
    return <Navigate to={ADMIN_PATHS.login} replace state={{ from }} />;
  }
  return children;
}
