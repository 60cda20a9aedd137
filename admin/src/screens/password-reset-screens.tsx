// "Glemt password?" (issue 13): /admin/glemt-password asks for the e-mail and sends a one-hour link;
// /admin/nulstil-password?token=… (the link) checks it, asks for a new password under the sign-up's
// rules, and lands the owner on the dashboard, signed in. An expired, used or unknown link says so
// and offers a new one. Both sit beside the login, outside the auth guard.
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '../../../contracts/account';
import { MESSAGES } from '../../../rules/messages';
import { api } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { Field } from '../components/field';
import { type FieldErrors, focusFirstInvalid, validate } from '../components/form-errors';
import { Spinner } from '../components/spinner';
import { ADMIN_PATHS } from '../paths';

export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = validate(passwordResetRequestSchema, { email });
    setError(null);
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      focusFirstInvalid(form, parsed.errors, ['email']);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const answer = await api.post('/auth/password-reset', MESSAGES.passwordResetFailed, {
        email: parsed.value.email,
      });
      setSent(answer.message);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : MESSAGES.passwordResetFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="login">
      <form className="login-card" onSubmit={onSubmit} noValidate>
        <p className="login-brand">Mesterside</p>
        <h1>Glemt adgangskode?</h1>
        {sent ? (
          <p className="form-success" role="status">
            {sent}
          </p>
        ) : (
          <>
            <p className="login-intro">
              Skriv den e-mail, du logger ind med. Så sender vi et link, hvor du kan vælge en ny adgangskode.
            </p>
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
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button button-wide" disabled={submitting}>
              {submitting ? 'Sender...' : 'Send link'}
            </button>
          </>
        )}
        <p className="login-help">
          <Link to={ADMIN_PATHS.login}>Tilbage til log ind</Link>
        </p>
      </form>
    </main>
  );
}

type LinkState = { status: 'checking' } | { status: 'valid' } | { status: 'unusable'; message: string };

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signedIn } = useAuth();
  const [link, setLink] = useState<LinkState>({ status: 'checking' });
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let live = true;
    if (token === '') {
      setLink({ status: 'unusable', message: MESSAGES.resetLinkInvalid });
      return;
    }
    api
      .post('/auth/password-reset/check', MESSAGES.resetLinkInvalid, {
        token,
      })
      .then((answer) => {
        if (!live) return;
        setLink(
          answer.state === 'valid'
            ? { status: 'valid' }
            : { status: 'unusable', message: answer.message ?? MESSAGES.resetLinkInvalid },
        );
      })
      .catch((caught: unknown) => {
        if (live) {
          setLink({
            status: 'unusable',
            message: caught instanceof Error ? caught.message : MESSAGES.resetLinkInvalid,
          });
        }
      });
    return () => {
      live = false;
    };
  }, [token]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = validate(passwordResetConfirmSchema, { token, password, passwordRepeat });
    if (!parsed.ok) {
      const { password: passwordError, passwordRepeat: repeatError, ...rest } = parsed.errors;
      setFieldErrors(parsed.errors);
      // The link itself (the token) is no field: its problem is the form's.
      setError(
        passwordError || repeatError ? null : (Object.values(rest)[0] ?? MESSAGES.passwordChangeFailed),
      );
      focusFirstInvalid(form, parsed.errors, ['password', 'passwordRepeat']);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    setError(null);
    try {
      const session = await api.post('/auth/password-reset/confirm', MESSAGES.passwordChangeFailed, {
        token,
        password,
        passwordRepeat,
      });
      signedIn(session);
      navigate(ADMIN_PATHS.dashboard, { replace: true });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : MESSAGES.passwordChangeFailed);
      setSubmitting(false);
    }
  };

  if (link.status === 'checking') return <Spinner label="Tjekker linket…" />;

  return (
    <main className="login">
      <form className="login-card" onSubmit={onSubmit} noValidate>
        <p className="login-brand">Mesterside</p>
        <h1>Vælg en ny adgangskode</h1>
        {link.status === 'unusable' ? (
          <>
            <p className="form-error" role="alert">
              {link.message}
            </p>
            <Link className="button button-wide" to={ADMIN_PATHS.forgotPassword}>
              Send et nyt link
            </Link>
          </>
        ) : (
          <>
            <Field
              label="Ny adgangskode"
              type="password"
              name="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={setPassword}
              error={fieldErrors.password}
            />
            <Field
              label="Gentag adgangskode"
              type="password"
              name="passwordRepeat"
              autoComplete="new-password"
              required
              value={passwordRepeat}
              onChange={setPasswordRepeat}
              error={fieldErrors.passwordRepeat}
            />
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button button-wide" disabled={submitting}>
              {submitting ? 'Gemmer...' : 'Gem ny adgangskode'}
            </button>
          </>
        )}
        <p className="login-help">
          <Link to={ADMIN_PATHS.login}>Tilbage til log ind</Link>
        </p>
      </form>
    </main>
  );
}
