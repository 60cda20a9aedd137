// /admin/konto — the owner's own login (issue 13): change the password (the current one is asked
// for; other devices are logged out) and change the login e-mail, which takes effect when the owner
// opens the link mailed to the new address (/admin/bekraeft-email, outside the auth guard, since it
// may be opened on another device).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { changeEmailSchema, changePasswordSchema } from '../../../contracts/account';
import { MESSAGES } from '../../../rules/messages';
import { api } from '../api/client';
import { useSession } from '../auth/auth-context';
import { Field } from '../components/field';
import { Spinner } from '../components/spinner';
import { ADMIN_PATHS } from '../paths';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return outcome.kind === 'error' ? (
    <p className="form-error" role="alert">
      {outcome.text}
    </p>
  ) : (
    <p className="form-success" role="status">
      {outcome.text}
    </p>
  );
}

function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse({ currentPassword, password, passwordRepeat });
    if (!parsed.success) {
      setOutcome({ kind: 'error', text: parsed.error.issues[0]?.message ?? MESSAGES.passwordChangeFailed });
      return;
    }
    setSaving(true);
    setOutcome(null);
    try {
      const answer = await api.put('/account/password', MESSAGES.passwordChangeFailed, {
        currentPassword,
        password,
        passwordRepeat,
      });
      setOutcome({ kind: 'success', text: answer.message });
      setCurrentPassword('');
      setPassword('');
      setPasswordRepeat('');
    } catch (caught) {
      setOutcome({
        kind: 'error',
        text: caught instanceof Error ? caught.message : MESSAGES.passwordChangeFailed,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="card account-card" onSubmit={onSubmit} noValidate aria-labelledby="account-password">
      <h2 id="account-password">Skift password</h2>
      <p className="account-hint">Når du skifter password, bliver du logget ud på dine andre enheder.</p>
      <Field
        label="Nuværende password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={setCurrentPassword}
      />
      <Field
        label="Nyt password"
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <Field
        label="Gentag nyt password"
        type="password"
        name="passwordRepeat"
        autoComplete="new-password"
        value={passwordRepeat}
        onChange={setPasswordRepeat}
      />
      <OutcomeLine outcome={outcome} />
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Gemmer...' : 'Skift password'}
      </button>
    </form>
  );
}

function EmailForm() {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changeEmailSchema.safeParse({ email, currentPassword });
    if (!parsed.success) {
      setOutcome({ kind: 'error', text: parsed.error.issues[0]?.message ?? MESSAGES.emailChangeFailed });
      return;
    }
    setSaving(true);
    setOutcome(null);
    try {
      const answer = await api.post('/account/email', MESSAGES.emailChangeFailed, {
        email: parsed.data.email,
        currentPassword,
      });
      setOutcome({ kind: 'success', text: answer.message });
      setCurrentPassword('');
    } catch (caught) {
      setOutcome({
        kind: 'error',
        text: caught instanceof Error ? caught.message : MESSAGES.emailChangeFailed,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="card account-card" onSubmit={onSubmit} noValidate aria-labelledby="account-email">
      <h2 id="account-email">Skift email</h2>
      <p className="account-hint">
        Du logger ind med <strong>{session.email}</strong>. Vi sender et link til den nye email, og ændringen
        træder i kraft, når du klikker på det.
      </p>
      <Field
        label="Ny email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={setEmail}
      />
      <Field
        label="Dit password"
        type="password"
        name="emailPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={setCurrentPassword}
      />
      <OutcomeLine outcome={outcome} />
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Sender...' : 'Send bekræftelseslink'}
      </button>
    </form>
  );
}

export function AccountScreen() {
  return (
    <section className="account">
      <h1>Konto</h1>
      <div className="account-grid">
        <PasswordForm />
        <EmailForm />
      </div>
    </section>
  );
}

export function ConfirmEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once: the link is single-use, and React may run effects twice in development.
    if (sent.current) return;
    sent.current = true;
    api
      .post('/auth/email-change/confirm', MESSAGES.emailLinkInvalid, { token })
      .then((answer) => setOutcome({ kind: 'success', text: answer.message }))
      .catch((caught: unknown) =>
        setOutcome({
          kind: 'error',
          text: caught instanceof Error ? caught.message : MESSAGES.emailLinkInvalid,
        }),
      );
  }, [token]);

  if (!outcome) return <Spinner label="Bekræfter email…" />;
  return (
    <main className="login">
      <div className="login-card">
        <p className="login-brand">Mesterside</p>
        <h1>Bekræft email</h1>
        <OutcomeLine outcome={outcome} />
        <Link className="button button-wide" to={ADMIN_PATHS.login}>
          Gå til administrationen
        </Link>
      </div>
    </main>
  );
}
