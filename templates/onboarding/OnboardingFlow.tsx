// The onboarding flow on /onboarding (the spec's Screens, States, Validation rules): CVR entry, confirm the company (step 1),
// create the login (step 2), the creation overlay, then off to the new site. One component per step
// (steps/), their state in one reducer (onboarding-reducer.ts), every check and message from the
// onboarding contract (contracts/onboarding.ts) that the server applies again, and the browser's one
// API client (contracts/api-client.ts).
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError, api } from '../../contracts/api-client';
import type { OnboardingCreateBody, OnboardingCreateResponse } from '../../contracts/onboarding';
import { MESSAGES } from '../../rules/messages';
import { ERROR_ID } from './fields';
import {
  chosenAuthorisation,
  chosenWebsite,
  type Editable,
  type FieldError,
  INITIAL_STATE,
  type Lookup,
  type OnboardingState,
  onboardingReducer,
  type Step,
} from './onboarding-reducer';
import { pollPath, waitUntilPublished } from './publish-wait';
import { ConfirmStep } from './steps/confirm-step';
import { CreatingOverlay } from './steps/creating-overlay';
import { CvrStep } from './steps/cvr-step';
import { LoginStep } from './steps/login-step';
import { type CvrLookupStatus, trackCvrLookup } from './track-cvr-lookup';
import './onboarding.css';

/** The message of a failed call: the API's Danish text (ApiError), or the fallback. */
function messageOf(caught: unknown, fallback: string): string {
  return caught instanceof Error ? caught.message : fallback;
}

type Checks = typeof import('./onboarding-checks');
let checks: Promise<Checks> | undefined;
/** The checks once loaded: a submit then checks at once, inside its click, as before the split. */
let loaded: Checks | undefined;
/** The contract's checks (zod), in a chunk of their own: fetched as the island starts, awaited on a
 *  submit only if it comes first. A failed fetch (the connection dropped) is tried again next time. */
function loadChecks(): Promise<Checks> {
  checks ??= import('./onboarding-checks').then(
    (module) => (loaded = module),
    (error: unknown) => {
      checks = undefined;
      throw error;
    },
  );
  return checks;
}

/** The cvr_lookup outcome of a refused look-up, by the API's error code (never by its text). */
function lookupOutcome(caught: unknown): CvrLookupStatus {
  const code = caught instanceof ApiError ? caught.code : 'internal';
  if (code === 'not_found') return 'not_found';
  if (code === 'conflict') return 'taken';
  return 'error';
}

/** Focus: the heading of a newly shown step (not on page load), or the input (else the alert) of a
 *  new error. Every step's heading mounts afresh, so the callback ref returned sees each step change.
 *  The checks' chunk is fetched as the island starts. */
function useStepFocus(error: FieldError | null) {
  const hydrated = useRef(false);
  useEffect(() => {
    hydrated.current = true;
    void loadChecks().catch(() => {});
  }, []);
  useEffect(() => {
    if (!error) return;
    const target = (error.field && document.getElementById(error.field)) || document.getElementById(ERROR_ID);
    target?.focus();
  }, [error]);
  return useCallback((element: HTMLHeadingElement | null) => {
    if (element && hydrated.current) element.focus();
  }, []);
}

/** What step 2 sends to /onboarding/create, from the answers of both steps. */
function createBody(state: OnboardingState, lookup: Lookup): OnboardingCreateBody {
  const website = chosenWebsite(state);
  // Checked in step 1 (confirmProblem): a type the trade is offered and 3–10 digits.
  const authorisation = chosenAuthorisation(state) as OnboardingCreateBody['authorisation'];
  return {
    cvr: lookup.company.cvr,
    email: state.email.trim(),
    password: state.password,
    passwordRepeat: state.passwordRepeat,
    acceptPrivacy: true,
    ...(website ? { existingWebsiteUrl: website } : {}),
    ...(authorisation ? { authorisation } : {}),
  };
}

export function OnboardingFlow() {
  const [state, dispatch] = useReducer(onboardingReducer, INITIAL_STATE);
  const { step, error, lookup } = state;

  const heading = useStepFocus(error);

  // The CVR form is a plain GET form too: sent before this script had loaded (a slow phone), it
  // reloads the page as /onboarding?cvr=…; take the number from there and carry on with the lookup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island has loaded.
  useEffect(() => {
    const url = new URL(window.location.href);
    const sent = url.searchParams.get('cvr');
    if (sent === null) return;
    url.searchParams.delete('cvr');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    dispatch({ type: 'edit', changes: { cvr: sent } });
    void lookUp(sent);
  }, []);

  const edit = (changes: Partial<Editable>) => dispatch({ type: 'edit', changes });
  const go = (next: Step) => dispatch({ type: 'go', step: next });

  /** Looks the typed CVR number up and moves to step 1, or shows why not. */
  async function lookUp(typed: string) {
    const check = loaded ?? (await checksOrFail());
    if (!check) return;
    const checked = check.cvrOf(typed);
    if ('problem' in checked) {
      trackCvrLookup('invalid', typed, null);
      dispatch({ type: 'fail', error: checked.problem });
      return;
    }
    const { cvr } = checked;
    dispatch({ type: 'lookupStarted' });
    try {
      const found = await api.post('/onboarding/lookup', MESSAGES.internalError, {
        cvr,
      });
      trackCvrLookup('found', typed, cvr);
      dispatch({ type: 'lookupFound', lookup: found });
    } catch (caught) {
      trackCvrLookup(lookupOutcome(caught), typed, cvr);
      dispatch({ type: 'lookupFailed', message: messageOf(caught, MESSAGES.internalError) });
    }
  }

  /** The checks, waiting for them if a submit came first; undefined (with the error shown) if they cannot load. */
  async function checksOrFail(): Promise<Checks | undefined> {
    try {
      return await loadChecks();
    } catch {
      dispatch({ type: 'fail', error: { message: MESSAGES.internalError, field: null } });
      return undefined;
    }
  }

  async function confirmCompany() {
    const check = loaded ?? (await checksOrFail());
    if (!check) return;
    const problem = check.confirmProblem(state);
    if (problem) dispatch({ type: 'fail', error: problem });
    else go('login');
  }

  async function createSite() {
    const check = loaded ?? (await checksOrFail());
    if (!check) return;
    const problem = check.loginProblem(state);
    if (problem) return dispatch({ type: 'fail', error: problem });
    if (!lookup) return go('cvr');

    const body = createBody(state, lookup);
    dispatch({ type: 'createStarted' });
    let created: OnboardingCreateResponse;
    try {
      created = await api.post('/onboarding/create', MESSAGES.creationFailed, body);
    } catch (caught) {
      dispatch({ type: 'createFailed', message: messageOf(caught, MESSAGES.creationFailed) });
      return;
    }
    dispatch({ type: 'created' });
    await waitUntilPublished(pollPath(created));
    window.location.assign(created.url);
  }

  return (
    <div className="ob">
      {step === 'cvr' && (
        <CvrStep
          cvr={state.cvr}
          busy={state.busy}
          error={error}
          heading={heading}
          onCvrChange={(cvr) => edit({ cvr })}
          onSubmit={() => void lookUp(state.cvr)}
        />
      )}

      {step === 'confirm' && lookup && (
        <ConfirmStep
          lookup={lookup}
          proposed={state.proposed}
          other={state.other}
          otherUrl={state.otherUrl}
          authorisationType={state.authorisationType}
          authorisationNumber={state.authorisationNumber}
          error={error}
          heading={heading}
          onEdit={edit}
          onBack={() => go('cvr')}
          onSubmit={() => void confirmCompany()}
        />
      )}

      {(step === 'login' || step === 'creating') && (
        <LoginStep
          email={state.email}
          password={state.password}
          passwordRepeat={state.passwordRepeat}
          acceptPrivacy={state.acceptPrivacy}
          creating={step === 'creating'}
          error={error}
          heading={step === 'login' ? heading : undefined}
          onEdit={edit}
          onBack={() => go('confirm')}
          onSubmit={() => void createSite()}
        />
      )}

      {step === 'creating' && (
        <CreatingOverlay stage={state.stage} heading={heading} email={state.email.trim()} />
      )}
    </div>
  );
}
