// /admin — the owner's login (the spec's Screens Login): 'Log ind på din side', e-mail and password both
// required, 'Log ind' / 'Logger ind...', on success the dashboard, on failure an error and stay.
// The form is checked with the API's own loginSchema, so the messages are the API's; a field's
// message shows beside it (issue 28), the alert under the form only the server's answer.
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '../../../contracts/auth';
import { MESSAGES } from '../../../rules/messages';
import { useAuth } from '../auth/auth-context';
import { Field } from '../components/field';
import { type FieldErrors, focusFirstInvalid, validate } from '../components/form-errors';
import { Spinner } from '../components/spinner';
import { ADMIN_PATHS } from '../paths';

/** The screens mailed links open (issue 23; the inbox of a quote request's mail, issue 39): a guest
 *  who opens one logs in and comes back to it. */
const RETURN_SCREENS: readonly string[] = [
  ADMIN_PATHS.confirmEmail,
  ADMIN_PATHS.verifyEmail,
  ADMIN_PATHS.leads,
];

/** Where to go after the login: back to a mailed link's screen the guard sent us from, else the
 *  dashboard (the spec's Screens). */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string') return ADMIN_PATHS.dashboard;
  const url = new URL(from, window.location.origin);
  return url.origin === window.location.origin && RETURN_SCREENS.includes(url.pathname)
    ? url.pathname + url.search
    : ADMIN_PATHS.dashboard;
}

export function LoginScreen() {
  const { state, login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const next = returnPath(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  if (state.status === 'unknown') return <Spinner label="Tjekker login…" />;
  if (state.status === 'signed-in' && !submitting) return <Navigate to={next} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = validate(loginSchema, { email, password });
    setError(null);
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      focusFirstInvalid(form, parsed.errors, ['email', 'password']);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await login(parsed.value.email, parsed.value.password);
      navigate(next, { replace: true });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : MESSAGES.loginFailed);
      setSubmitting(false);
    }
  };

  return (
    <main className="login">
      <form
        className="login-card"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={error ? 'login-error' : undefined}
      >
        <p className="login-brand">Mesterside</p>
        <h1>Log ind på din side</h1>
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={setEmail}
          error={fieldErrors.email}
        />
        <Field
          label="Adgangskode"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
        />
        {error ? (
          <p className="form-error" role="alert" id="login-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-wide" disabled={submitting}>
          {submitting ? 'Logger ind...' : 'Log ind'}
        </button>
        <p className="login-help">
          <Link to={ADMIN_PATHS.forgotPassword}>Glemt adgangskode?</Link>
        </p>
        <p className="login-help">
          Har du ikke en side endnu? <a href="/onboarding">Opret hjemmeside</a>
        </p>
      </form>
    </main>
  );
}
