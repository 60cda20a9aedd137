// The onboarding flow on /onboarding (SPEC §2, §4, §5): CVR entry, confirm the company (step 1),
// create the login (step 2), the creation overlay, then off to the new site. Plain React and fetch;
// every message comes from rules/messages.ts, and the server checks everything again.

import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { CvrCompany, WebsiteSuggestion } from '../../api/onboarding/contracts';
import { normalizeCvr } from '../../rules/cvr';
import { isValidWebsiteUrl, websiteUrlMessage } from '../../rules/domain';
import { MESSAGES } from '../../rules/messages';
import { trackCvrLookup } from './track-cvr-lookup';
import './onboarding.css';

type Step = 'cvr' | 'confirm' | 'login' | 'creating';
type Stage = 'writing' | 'publishing';
/** Step 1 when a website was proposed: is it theirs? */
type ProposedChoice = 'yes' | 'no' | null;
/** Step 1 when none was proposed or it is not theirs. */
type OtherChoice = 'other' | 'none';

interface FieldError {
  message: string;
  /** The id of the input the message belongs to; null for a message about the whole form. */
  field: string | null;
}

interface Lookup {
  company: CvrCompany;
  website: WebsiteSuggestion | null;
}

interface Created {
  url: string;
  cvr: string;
}

const POLL_INTERVAL_MS = 250;
const POLL_LIMIT_MS = 20_000;
const ERROR_ID = 'onboarding-error';

class ApiError extends Error {}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(MESSAGES.internalError);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (data as { error?: { message?: unknown } } | null)?.error?.message;
    throw new ApiError(typeof message === 'string' && message !== '' ? message : MESSAGES.internalError);
  }
  return data as T;
}

/** Where to check that the new site is served: its own path here, or /<cvr>/ on this host. */
function pollPath(created: Created): string {
  const target = new URL(created.url, window.location.href);
  return target.origin === window.location.origin ? target.pathname : `/${created.cvr}/`;
}

async function waitUntilPublished(path: string): Promise<void> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(path, { cache: 'no-store', credentials: 'same-origin' });
      // An unpublished site redirects to /404.
      if (response.ok && !response.redirected) return;
    } catch {
      // Not there yet or a network hiccup: ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

function ErrorAlert({ error }: { error: FieldError | null }) {
  if (!error) return null;
  return (
    <p id={ERROR_ID} className="ob-alert" role="alert" tabIndex={-1}>
      {error.message}
    </p>
  );
}

/** aria props for an input that the current error may belong to. */
function describedBy(error: FieldError | null, id: string, hint?: string) {
  const invalid = error?.field === id;
  const ids = [hint, invalid ? ERROR_ID : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': ids || undefined };
}

export function OnboardingFlow() {
  const [step, setStep] = useState<Step>('cvr');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldError | null>(null);

  const [cvr, setCvr] = useState('');
  const [lookup, setLookup] = useState<Lookup | null>(null);

  const [proposed, setProposed] = useState<ProposedChoice>(null);
  const [other, setOther] = useState<OtherChoice>('none');
  const [otherUrl, setOtherUrl] = useState('');

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [acceptPrivacy, setAcceptPrivacy] = useState(false);

  const [stage, setStage] = useState<Stage>('writing');

  // Focus: the heading of a newly shown step (not on page load), or the input (else the alert) of a
  // new error. Every step's heading mounts afresh, so a callback ref sees each step change.
  const hydrated = useRef(false);
  useEffect(() => {
    hydrated.current = true;
  }, []);
  const heading = useCallback((element: HTMLHeadingElement | null) => {
    if (element && hydrated.current) element.focus();
  }, []);
  useEffect(() => {
    if (!error) return;
    const target = (error.field && document.getElementById(error.field)) || document.getElementById(ERROR_ID);
    target?.focus();
  }, [error]);

  // The CVR form is a plain GET form too: sent before this script had loaded (a slow phone), it
  // reloads the page as /onboarding?cvr=…; take the number from there and carry on with the lookup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island has loaded.
  useEffect(() => {
    const url = new URL(window.location.href);
    const sent = url.searchParams.get('cvr');
    if (sent === null) return;
    url.searchParams.delete('cvr');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    setCvr(sent);
    void lookUp(sent);
  }, []);

  const fail = (message: string, field: string | null = null) => setError({ message, field });
  const go = (next: Step) => {
    setError(null);
    setStep(next);
  };

  async function findCompany(event: FormEvent) {
    event.preventDefault();
    await lookUp(cvr);
  }

  /** Looks the typed CVR number up and moves to step 1, or shows why not. */
  async function lookUp(typed: string) {
    const normalized = normalizeCvr(typed);
    if (normalized === null) {
      trackCvrLookup('invalid', typed, null);
      return fail(MESSAGES.invalidCvr, 'ob-cvr');
    }
    setBusy(true);
    setError(null);
    try {
      const found = await postJson<Lookup>('/api/onboarding/lookup', { cvr: normalized });
      trackCvrLookup('found', typed, normalized);
      setLookup(found);
      setProposed(null);
      setOther('none');
      setOtherUrl('');
      go('confirm');
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : MESSAGES.internalError;
      trackCvrLookup(
        message === MESSAGES.cvrNotFound ? 'not_found' : message === MESSAGES.cvrTaken ? 'taken' : 'error',
        typed,
        normalized,
      );
      fail(message, 'ob-cvr');
    } finally {
      setBusy(false);
    }
  }

  /** The existing website chosen in step 1, or '' for none. */
  function chosenWebsite(): string {
    if (lookup?.website && proposed === 'yes') return lookup.website.url;
    return other === 'other' ? otherUrl.trim() : '';
  }

  function confirmCompany(event: FormEvent) {
    event.preventDefault();
    if (lookup?.website && proposed === null) return fail(MESSAGES.existingWebsiteChoice, 'ob-site-yes');
    const choosingOther = !(lookup?.website && proposed === 'yes') && other === 'other';
    if (choosingOther && !isValidWebsiteUrl(otherUrl)) return fail(websiteUrlMessage(), 'ob-other-url');
    go('login');
  }

  async function createSite(event: FormEvent) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (trimmedEmail === '' && password === '') return fail(MESSAGES.emailAndPasswordRequired, 'ob-email');
    if (trimmedEmail === '') return fail(MESSAGES.emailRequired, 'ob-email');
    if (password === '') return fail(MESSAGES.emailAndPasswordRequired, 'ob-password');
    if (password.length < 6) return fail(MESSAGES.passwordTooShort, 'ob-password');
    if (password !== passwordRepeat) return fail(MESSAGES.passwordsDoNotMatch, 'ob-password-repeat');
    if (!acceptPrivacy) return fail(MESSAGES.privacyRequired, 'ob-privacy');
    if (!lookup) return go('cvr');

    const website = chosenWebsite();
    setError(null);
    setStage('writing');
    setStep('creating');
    let created: Created;
    try {
      created = await postJson<Created>('/api/onboarding/create', {
        cvr: lookup.company.cvr,
        email: trimmedEmail,
        password,
        passwordRepeat,
        acceptPrivacy: true,
        ...(website ? { existingWebsiteUrl: website } : {}),
      });
    } catch (caught) {
      setStep('login');
      fail(caught instanceof Error ? caught.message : MESSAGES.creationFailed);
      return;
    }
    setStage('publishing');
    await waitUntilPublished(pollPath(created));
    window.location.assign(created.url);
  }

  const company = lookup?.company;

  return (
    <div className="ob">
      {step === 'cvr' && (
        <form className="ob-card" action="/onboarding" method="get" onSubmit={findCompany} noValidate>
          <h2 ref={heading} tabIndex={-1}>
            Find din virksomhed
          </h2>
          <p className="ob-lead">Vi henter navn, adresse og branche fra CVR-registret.</p>
          <div className="ob-field">
            <label htmlFor="ob-cvr">CVR-nummer</label>
            <input
              id="ob-cvr"
              name="cvr"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="12 34 56 78"
              value={cvr}
              onChange={(event) => setCvr(event.target.value)}
              {...describedBy(error, 'ob-cvr')}
            />
          </div>
          <ErrorAlert error={error} />
          <div className="ob-actions">
            <button className="ob-button ob-primary" type="submit" disabled={busy}>
              {busy ? 'Søger…' : 'Find virksomhed'}
            </button>
          </div>
        </form>
      )}

      {step === 'confirm' && company && (
        <form className="ob-card" onSubmit={confirmCompany} noValidate>
          <p className="ob-step">Trin 1 af 2</p>
          <h2 ref={heading} tabIndex={-1}>
            Bekræft virksomhed
          </h2>
          <dl className="ob-company">
            <dt>Navn</dt>
            <dd>{company.name}</dd>
            <dt>Adresse</dt>
            <dd>
              {company.address}
              <br />
              {company.zipcode} {company.city}
            </dd>
            <dt>Branche</dt>
            <dd>{company.industrydesc || '–'}</dd>
          </dl>

          {lookup.website && (
            <fieldset className="ob-fieldset">
              <legend>Er dette jeres eksisterende hjemmeside?</legend>
              <p className="ob-website">
                <strong>{lookup.website.title || lookup.website.url}</strong>
                <span>{lookup.website.url}</span>
              </p>
              <Choice
                id="ob-site-yes"
                name="proposed"
                checked={proposed === 'yes'}
                onChange={() => setProposed('yes')}
                error={error}
              >
                Ja, det er vores hjemmeside
              </Choice>
              <Choice
                id="ob-site-no"
                name="proposed"
                checked={proposed === 'no'}
                onChange={() => setProposed('no')}
                error={null}
              >
                Nej, det er ikke vores
              </Choice>
            </fieldset>
          )}

          {(!lookup.website || proposed === 'no') && (
            <fieldset className="ob-fieldset">
              <legend>{lookup.website ? 'Har I en anden hjemmeside?' : 'Har I en hjemmeside i dag?'}</legend>
              <Choice
                id="ob-other"
                name="other"
                checked={other === 'other'}
                onChange={() => setOther('other')}
                error={null}
              >
                Vi har en anden hjemmeside
              </Choice>
              {other === 'other' && (
                <div className="ob-field ob-nested">
                  <label htmlFor="ob-other-url">Webadresse</label>
                  <input
                    id="ob-other-url"
                    name="website"
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    placeholder="www.ditfirma.dk"
                    value={otherUrl}
                    onChange={(event) => setOtherUrl(event.target.value)}
                    {...describedBy(error, 'ob-other-url')}
                  />
                </div>
              )}
              <Choice
                id="ob-none"
                name="other"
                checked={other === 'none'}
                onChange={() => setOther('none')}
                error={null}
              >
                Vi har ingen hjemmeside
              </Choice>
            </fieldset>
          )}

          <ErrorAlert error={error} />
          <div className="ob-actions">
            <button className="ob-button ob-secondary" type="button" onClick={() => go('cvr')}>
              Tilbage
            </button>
            <button className="ob-button ob-primary" type="submit">
              Fortsæt
            </button>
          </div>
        </form>
      )}

      {(step === 'login' || step === 'creating') && (
        <form className="ob-card" onSubmit={createSite} noValidate inert={step === 'creating'}>
          <p className="ob-step">Trin 2 af 2</p>
          <h2 ref={step === 'login' ? heading : undefined} tabIndex={-1}>
            Opret login
          </h2>
          <p className="ob-lead">Du logger ind med din email for at rette din hjemmeside.</p>
          <div className="ob-field">
            <label htmlFor="ob-email">Email</label>
            <input
              id="ob-email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              {...describedBy(error, 'ob-email')}
            />
          </div>
          <div className="ob-field">
            <label htmlFor="ob-password">Password</label>
            <input
              id="ob-password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...describedBy(error, 'ob-password', 'ob-password-hint')}
            />
            <p id="ob-password-hint" className="ob-hint">
              Mindst 6 tegn
            </p>
          </div>
          <div className="ob-field">
            <label htmlFor="ob-password-repeat">Gentag password</label>
            <input
              id="ob-password-repeat"
              name="passwordRepeat"
              type="password"
              autoComplete="new-password"
              value={passwordRepeat}
              onChange={(event) => setPasswordRepeat(event.target.value)}
              {...describedBy(error, 'ob-password-repeat')}
            />
          </div>
          <div className="ob-check">
            <input
              id="ob-privacy"
              name="acceptPrivacy"
              type="checkbox"
              checked={acceptPrivacy}
              onChange={(event) => setAcceptPrivacy(event.target.checked)}
              {...describedBy(error, 'ob-privacy')}
            />
            <label htmlFor="ob-privacy">Jeg accepterer privatlivspolitikken</label>
          </div>
          <p className="ob-hint">
            <a href="/privacy" target="_blank" rel="noopener">
              Læs privatlivspolitikken
            </a>
          </p>
          <ErrorAlert error={error} />
          <div className="ob-actions">
            <button className="ob-button ob-secondary" type="button" onClick={() => go('confirm')}>
              Tilbage
            </button>
            <button className="ob-button ob-primary" type="submit" disabled={step === 'creating'}>
              Opret hjemmeside
            </button>
          </div>
        </form>
      )}

      {step === 'creating' && <CreatingOverlay stage={stage} heading={heading} />}
    </div>
  );
}

function Choice(props: {
  id: string;
  name: string;
  checked: boolean;
  onChange: () => void;
  error: FieldError | null;
  children: ReactNode;
}) {
  return (
    <div className="ob-choice">
      <input
        id={props.id}
        name={props.name}
        type="radio"
        checked={props.checked}
        onChange={props.onChange}
        {...describedBy(props.error, props.id)}
      />
      <label htmlFor={props.id}>{props.children}</label>
    </div>
  );
}

function CreatingOverlay({
  stage,
  heading,
}: {
  stage: Stage;
  heading: (element: HTMLHeadingElement | null) => void;
}) {
  const stages: { label: string; state: 'done' | 'active' | 'waiting' }[] = [
    { label: 'Finder virksomheden…', state: 'done' },
    { label: 'Skriver teksterne…', state: stage === 'writing' ? 'active' : 'done' },
    { label: 'Udgiver hjemmesiden…', state: stage === 'publishing' ? 'active' : 'waiting' },
  ];
  return (
    <div className="ob-overlay">
      <div className="ob-overlay-box" role="status" aria-live="polite">
        <h2 ref={heading} tabIndex={-1}>
          Vi opretter din hjemmeside
        </h2>
        <ol className="ob-stages">
          {stages.map((item) => (
            <li key={item.label} className={`ob-stage ob-${item.state}`} data-state={item.state}>
              <span className="ob-mark" aria-hidden="true" />
              {item.label}
              {item.state === 'done' && <span className="ob-sr"> (færdig)</span>}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
