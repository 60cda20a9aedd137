// Who is signed in (SPEC §4 auth state: unknown, signed in, signed out). Asked once from
// GET /api/auth/session when the admin opens; login and logout change it.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { MESSAGES } from '../../../rules/messages';
import { ApiError, api } from '../api/client';
import type { SessionInfo } from '../api/types';

export type AuthState =
  | { status: 'unknown' }
  | { status: 'signed-in'; session: SessionInfo }
  | { status: 'signed-out' };

interface AuthContextValue {
  state: AuthState;
  login(email: string, password: string): Promise<void>;
  logout(): Promise<void>;
  /** After a 401 from any call: the session ended (expired, or logged out in another tab). */
  sessionEnded(): void;
  /** A call other than login signed the owner in (a password reset link): this is the session now. */
  signedIn(session: SessionInfo): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'unknown' });

  useEffect(() => {
    let live = true;
    api
      .get<SessionInfo>('/auth/session', MESSAGES.loadCompanyFailed)
      .then((session) => live && setState({ status: 'signed-in', session }))
      .catch(() => live && setState({ status: 'signed-out' }));
    return () => {
      live = false;
    };
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const session = await api.post<SessionInfo>('/auth/login', MESSAGES.loginFailed, { email, password });
    setState({ status: 'signed-in', session });
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout', MESSAGES.logoutFailed);
    } catch (error) {
      // Signed out already (401) is what we wanted; anything else must not leave a false "logged out".
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    setState({ status: 'signed-out' });
  }, []);

  const sessionEnded = useCallback(() => setState({ status: 'signed-out' }), []);
  const signedIn = useCallback((session: SessionInfo) => setState({ status: 'signed-in', session }), []);

  const value = useMemo(
    () => ({ state, login, logout, sessionEnded, signedIn }),
    [state, login, logout, sessionEnded, signedIn],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The signed-in owner's session; only inside the auth guard. */
export function useSession(): SessionInfo {
  const { state } = useAuth();
  if (state.status !== 'signed-in') throw new Error('useSession outside the auth guard');
  return state.session;
}
