// The auth guard (SPEC §2): a spinner until the auth state is known, the child route when signed in,
// otherwise back to the login at /admin.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../components/spinner';
import { ADMIN_PATHS } from '../paths';
import { useAuth } from './auth-context';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'unknown') return <Spinner label="Tjekker login…" />;
  if (state.status === 'signed-out') return <Navigate to={ADMIN_PATHS.login} replace />;
  return children;
}
