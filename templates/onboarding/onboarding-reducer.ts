// The onboarding flow's state and its transitions (the spec's Screens, States, Validation rules), kept apart from the screens so
// each step is a small component and every transition is tested without a browser
// (onboarding-reducer.test.ts). The checks of what was typed are onboarding-checks.ts's; this file
// only says which input a message belongs to.

import type { CvrCompany, OnboardingField, WebsiteSuggestion } from '../../contracts/onboarding';
import type { AuthorisationType } from '../../rules/authorisations';

export type Step = 'cvr' | 'confirm' | 'login' | 'creating';
export type Stage = 'writing' | 'publishing';
/** Step 1 when a website was proposed: is it theirs? */
export type ProposedChoice = 'yes' | 'no' | null;
/** Step 1 when none was proposed or it is not theirs. */
export type OtherChoice = 'other' | 'none';

export interface FieldError {
  message: string;
  /** The id of the input the message belongs to; null for a message about the whole form. */
  field: string | null;
}

export interface Lookup {
  company: CvrCompany;
  website: WebsiteSuggestion | null;
  /** The authorisations the trade is offered (issue 42); absent or [] asks for none. */
  authorisationTypes?: AuthorisationType[];
}

export interface OnboardingState {
  step: Step;
  /** A CVR look-up is under way. */
  busy: boolean;
  error: FieldError | null;
  cvr: string;
  lookup: Lookup | null;
  proposed: ProposedChoice;
  other: OtherChoice;
  otherUrl: string;
  /** Step 1's optional authorisation (issue 42): the type chosen ('' for the trade's only one) and the number. */
  authorisationType: AuthorisationType | '';
  authorisationNumber: string;
  email: string;
  password: string;
  passwordRepeat: string;
  acceptPrivacy: boolean;
  /** The creation overlay's stage. */
  stage: Stage;
}

/** What the owner can type or choose. */
export type Editable = Pick<
  OnboardingState,
  | 'cvr'
  | 'proposed'
  | 'other'
  | 'otherUrl'
  | 'authorisationType'
  | 'authorisationNumber'
  | 'email'
  | 'password'
  | 'passwordRepeat'
  | 'acceptPrivacy'
>;

export type OnboardingAction =
  | { type: 'edit'; changes: Partial<Editable> }
  | { type: 'fail'; error: FieldError }
  | { type: 'go'; step: Step }
  | { type: 'lookupStarted' }
  | { type: 'lookupFound'; lookup: Lookup }
  | { type: 'lookupFailed'; message: string }
  | { type: 'createStarted' }
  | { type: 'createFailed'; message: string }
  | { type: 'created' };

export const INITIAL_STATE: OnboardingState = {
  step: 'cvr',
  busy: false,
  error: null,
  cvr: '',
  lookup: null,
  proposed: null,
  other: 'none',
  otherUrl: '',
  authorisationType: '',
  authorisationNumber: '',
  email: '',
  password: '',
  passwordRepeat: '',
  acceptPrivacy: false,
  stage: 'writing',
};

/** The input each field of the contract is typed into. */
export const FIELD_IDS: Record<OnboardingField, string> = {
  cvr: 'ob-cvr',
  email: 'ob-email',
  password: 'ob-password',
  passwordRepeat: 'ob-password-repeat',
  acceptPrivacy: 'ob-privacy',
  existingWebsiteUrl: 'ob-other-url',
  authorisation: 'ob-authorisation-number',
};

export function onboardingReducer(state: OnboardingState, action: OnboardingAction): OnboardingState {
  switch (action.type) {
    case 'edit':
      return { ...state, ...action.changes };
    case 'fail':
      return { ...state, error: action.error };
    case 'go':
      return { ...state, error: null, step: action.step };
    case 'lookupStarted':
      return { ...state, busy: true, error: null };
    case 'lookupFound':
      // A new company: step 1's answers start afresh.
      return {
        ...state,
        busy: false,
        error: null,
        lookup: action.lookup,
        proposed: null,
        other: 'none',
        otherUrl: '',
        authorisationType: '',
        authorisationNumber: '',
        step: 'confirm',
      };
    case 'lookupFailed':
      return { ...state, busy: false, error: { message: action.message, field: FIELD_IDS.cvr } };
    case 'createStarted':
      return { ...state, error: null, stage: 'writing', step: 'creating' };
    case 'createFailed':
      return { ...state, step: 'login', error: { message: action.message, field: null } };
    case 'created':
      return { ...state, stage: 'publishing' };
  }
}

/** The existing website chosen in step 1, or '' for none. */
export function chosenWebsite(state: OnboardingState): string {
  if (state.lookup?.website && state.proposed === 'yes') return state.lookup.website.url;
  return state.other === 'other' ? state.otherUrl.trim() : '';
}

/** Step 1's authorisation as the create call sends it, or null when no number was typed (issue 42). */
export function chosenAuthorisation(
  state: OnboardingState,
): { type: AuthorisationType | ''; number: string } | null {
  const types = state.lookup?.authorisationTypes ?? [];
  if (types.length === 0 || state.authorisationNumber.trim() === '') return null;
  return {
    type: state.authorisationType || (types.length === 1 ? (types[0] ?? '') : ''),
    number: state.authorisationNumber,
  };
}
