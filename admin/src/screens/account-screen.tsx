// /admin/konto — the owner's own login (issue 13): change the password (the current one is asked
// for; other devices are logged out), change the login e-mail, and verify it (issue 23). The links
// mailed for a change (/admin/bekraeft-email) and a verification (/admin/bekraeft-din-email) open
// screens behind the auth guard where the signed-in owner confirms with a button: opening a link, in
// a mail scanner or anyone's browser, changes nothing.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { changeEmailSchema, changePasswordSchema } from '../../../contracts/account';
import { MESSAGES } from '../../../rules/messages';
import { api } from '../api/client';
import { useAuth, useSession } from '../auth/auth-context';
import { Field } from '../components/field';
import { type FieldErrors, focusFirstInvalid, validate } from '../components/form-errors';
import { UnsavedMark, useUnsavedChanges } from '../components/unsaved-changes';
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
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = currentPassword !== '' || password !== '' || passwordRepeat !== '';

  const submit = async (): Promise<boolean> => {
    const parsed = validate(changePasswordSchema, { currentPassword, password, passwordRepeat });
    setOutcome(null);
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      if (formRef.current) {
        focusFirstInvalid(formRef.current, parsed.errors, ['currentPassword', 'password', 'passwordRepeat']);
      }
      return false;
    }
    setFieldErrors({});
    setSaving(true);
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
      return true;
    } catch (caught) {
      setOutcome({
        kind: 'error',
        text: caught instanceof Error ? caught.message : MESSAGES.passwordChangeFailed,
      });
      return false;
    } finally {
      setSaving(false);
    }
  };
  useUnsavedChanges({
    dirty,
    save: submit,
    discard: () => {
      setCurrentPassword('');
      setPassword('');
      setPasswordRepeat('');
      setFieldErrors({});
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form
      ref={formRef}
      className="card account-card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="account-password"
    >
      <h2 id="account-password">Skift adgangskode</h2>
      <p className="account-hint">Når du skifter adgangskode, bliver du logget ud på dine andre enheder.</p>
      <Field
        label="Nuværende adgangskode"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={setCurrentPassword}
        error={fieldErrors.currentPassword}
      />
      <Field
        label="Ny adgangskode"
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={fieldErrors.password}
      />
      <Field
        label="Gentag ny adgangskode"
        type="password"
        name="passwordRepeat"
        autoComplete="new-password"
        value={passwordRepeat}
        onChange={setPasswordRepeat}
        error={fieldErrors.passwordRepeat}
      />
      <OutcomeLine outcome={outcome} />
      <div className="save-bar">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Gemmer...' : 'Skift adgangskode'}
        </button>
        <UnsavedMark dirty={dirty && !saving} />
      </div>
    </form>
  );
}

function EmailForm() {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Sent: the e-mail stays shown with the link's message, and nothing is left to send.
  const [sentTo, setSentTo] = useState('');
  const dirty = (email !== '' && email !== sentTo) || currentPassword !== '';

  const submit = async (): Promise<boolean> => {
    const parsed = validate(changeEmailSchema, { email, currentPassword });
    setOutcome(null);
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      if (formRef.current) {
        focusFirstInvalid(formRef.current, parsed.errors, ['email', ['currentPassword', 'emailPassword']]);
      }
      return false;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      const answer = await api.post('/account/email', MESSAGES.emailChangeFailed, {
        email: parsed.value.email,
        currentPassword,
      });
      setOutcome({ kind: 'success', text: answer.message });
      setCurrentPassword('');
      setSentTo(email);
      return true;
    } catch (caught) {
      setOutcome({
        kind: 'error',
        text: caught instanceof Error ? caught.message : MESSAGES.emailChangeFailed,
      });
      return false;
    } finally {
      setSaving(false);
    }
  };
  useUnsavedChanges({
    dirty,
    save: submit,
    discard: () => {
      setEmail('');
      setCurrentPassword('');
      setFieldErrors({});
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form
      ref={formRef}
      className="card account-card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="account-email"
    >
      <h2 id="account-email">Skift e-mail</h2>
      <p className="account-hint">
        Du logger ind med <strong>{session.email}</strong>. Vi sender et link til den nye e-mail, og ændringen
        træder i kraft, når du klikker på det.
      </p>
      <Field
        label="Ny e-mail"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={setEmail}
        error={fieldErrors.email}
      />
      <Field
        label="Din adgangskode"
        type="password"
        name="emailPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={setCurrentPassword}
        error={fieldErrors.currentPassword}
      />
      <OutcomeLine outcome={outcome} />
      <div className="save-bar">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Sender...' : 'Send bekræftelseslink'}
        </button>
        <UnsavedMark dirty={dirty && !saving} />
      </div>
    </form>
  );
}

/** The login e-mail's verification: whether it is done, and a button that mails the link. */
function VerifyEmailCard() {
  const session = useSession();
  const [verified, setVerified] = useState<boolean | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get('/account', MESSAGES.emailVerifyFailed)
      .then((account) => live && setVerified(account.emailVerified))
      .catch(() => live && setVerified(null));
    return () => {
      live = false;
    };
  }, []);

  const send = async () => {
    setSending(true);
    setOutcome(null);
    try {
      const answer = await api.post('/account/email/verification', MESSAGES.emailVerifyFailed);
      setOutcome({ kind: 'success', text: answer.message });
    } catch (caught) {
      setOutcome({
        kind: 'error',
        text: caught instanceof Error ? caught.message : MESSAGES.emailVerifyFailed,
      });
    } finally {
      setSending(false);
    }
  };

  if (verified !== false) return null;
  return (
    <section className="card account-card" aria-labelledby="account-verify">
      <h2 id="account-verify">Bekræft din e-mail</h2>
      <p className="account-hint">
        Din e-mail <strong>{session.email}</strong> er ikke bekræftet endnu. Vi sender et link til den, så du
        kan vise, at det er din.
      </p>
      <OutcomeLine outcome={outcome} />
      <button type="button" className="button" disabled={sending} onClick={send}>
        {sending ? 'Sender...' : 'Send link til min e-mail'}
      </button>
    </section>
  );
}

export function AccountScreen() {
  return (
    <section className="account">
      <h1>Konto</h1>
      <div className="account-grid">
        <PasswordForm />
        <EmailForm />
        <VerifyEmailCard />
      </div>
    </section>
  );
}

/**
 * A mailed link's screen: says what confirming does, and confirms only when the signed-in owner
 * presses the button (the link is single-use, so it is never spent by opening the page).
 */
function ConfirmLinkScreen(props: {
  heading: string;
  intro: string;
  button: string;
  path: '/account/email/confirm' | '/account/email/verify';
  fallback: string;
  /** After a success: the session as it is now (the e-mail may have changed). */
  refresh?: boolean;
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { signedIn } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);

  const confirm = async () => {
    setSending(true);
    setOutcome(null);
    try {
      const answer =
        props.path === '/account/email/confirm'
          ? await api.post('/account/email/confirm', props.fallback, { token })
          : await api.post('/account/email/verify', props.fallback, { token });
      setOutcome({ kind: 'success', text: answer.message });
      if (props.refresh) {
        const state = await api.get('/auth/session', MESSAGES.unauthorized);
        if (state.signedIn) {
          const { signedIn: _, ...session } = state;
          signedIn(session);
        }
      }
    } catch (caught) {
      setOutcome({ kind: 'error', text: caught instanceof Error ? caught.message : props.fallback });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="account">
      <h1>{props.heading}</h1>
      <div className="card account-card">
        {outcome?.kind === 'success' ? null : <p className="account-hint">{props.intro}</p>}
        <OutcomeLine outcome={outcome} />
        {outcome?.kind === 'success' ? (
          <Link className="button" to={ADMIN_PATHS.dashboard}>
            Gå til administrationen
          </Link>
        ) : (
          <button type="button" className="button" disabled={sending || token === ''} onClick={confirm}>
            {sending ? 'Bekræfter...' : props.button}
          </button>
        )}
      </div>
    </section>
  );
}

export function ConfirmEmailScreen() {
  return (
    <ConfirmLinkScreen
      heading="Bekræft ny e-mail"
      intro="Klik på knappen for at logge ind med den nye e-mail fremover. Vi giver din nuværende e-mail besked om ændringen."
      button="Bekræft ny e-mail"
      path="/account/email/confirm"
      fallback={MESSAGES.emailChangeFailed}
      refresh
    />
  );
}

export function VerifyEmailScreen() {
  return (
    <ConfirmLinkScreen
      heading="Bekræft din e-mail"
      intro="Klik på knappen for at bekræfte, at du kan modtage e-mails på adressen."
      button="Bekræft e-mail"
      path="/account/email/verify"
      fallback={MESSAGES.emailVerifyFailed}
    />
  );
}
