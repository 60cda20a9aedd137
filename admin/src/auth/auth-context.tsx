// Who is signed in (the spec's States auth state: unknown, signed in, signed out). Asked once from
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

const HANDOFF = /^#handoff=([a-z2-7]{32})$/;

/**
 * Who is signed in, with one login across the product's hosts (issue 13): a `#handoff=` token the
 * main host sent us is redeemed for a session of this host; without a session on a company's own
 * host, the browser goes once to the main host to ask for one (it comes back with a token, or with
 * `?handoff=none` to show the login). Resolves null for "signed out".
 */
async function resolveSession(): Promise<SessionInfo | null> {
  const handoff = HANDOFF.exec(window.location.hash)?.[1];
  if (handoff) {
    // The token is single-use: take it out of the address bar (and history) at once.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    try {
      return await api.post('/auth/handoff/redeem', MESSAGES.unauthorized, { token: handoff });
    } catch {
      // Expired or used: fall through to the ordinary check.
    }
  }
  // Signed out is an answer (200 { signedIn: false }), not a refusal: nothing in the console.
  const state = await api.get('/auth/session', MESSAGES.unauthorized);
  if (state.signedIn) {
    const { signedIn: _, ...session } = state;
    return session;
  }
  const triedAlready = new URLSearchParams(window.location.search).get('handoff') === 'none' || handoff;
  if (state.handoff && !triedAlready) {
    window.location.assign(state.handoff);
    // The page is leaving; stay "unknown" (spinner) until it does.
    return new Promise<never>(() => {});
  }
  return null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'unknown' });

  useEffect(() => {
    let live = true;
    resolveSession()
      .then(
        (session) => live && setState(session ? { status: 'signed-in', session } : { status: 'signed-out' }),
      )
      .catch(() => live && setState({ status: 'signed-out' }));
    return () => {
      live = false;
    };
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const session = await api.post('/auth/login', MESSAGES.loginFailed, { email, password });
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
