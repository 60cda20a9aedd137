import { describe, expect, it } from 'vitest';
import { websiteUrlMessage } from '../../rules/domain';
import { AUTH_MESSAGES, MESSAGES } from '../../rules/messages';
import { confirmProblem, cvrOf, loginProblem } from './onboarding-checks';
import {
  chosenWebsite,
  INITIAL_STATE,
  type Lookup,
  type OnboardingAction,
  type OnboardingState,
  onboardingReducer,
} from './onboarding-reducer';

const COMPANY: Lookup['company'] = {
  cvr: '99000101',
  name: 'Tømrerfirmaet Eksempel ApS',
  address: 'Byvej 1',
  zipcode: '4600',
  city: 'Køge',
  phone: '',
  email: '',
  industrydesc: 'Tømrerarbejde',
  companydesc: 'Anpartsselskab',
  startdate: '01/01/2010',
  employees: 3,
};
const PROPOSED: Lookup = {
  company: COMPANY,
  website: { url: 'https://www.eksempel.dk/', title: 'Eksempel', snippet: '' },
};
const NOTHING_PROPOSED: Lookup = { company: COMPANY, website: null };

function run(...actions: OnboardingAction[]): OnboardingState {
  return actions.reduce(onboardingReducer, INITIAL_STATE);
}

const LOGIN_OK = {
  email: ' ejer@eksempel.dk ',
  password: 'tagrende-42',
  passwordRepeat: 'tagrende-42',
  acceptPrivacy: true,
};

describe('onboardingReducer', () => {
  it('starts at the CVR step with nothing typed', () => {
    expect(INITIAL_STATE).toMatchObject({ step: 'cvr', busy: false, error: null, cvr: '', lookup: null });
  });

  it('edits the typed fields and leaves the rest alone', () => {
    const state = run(
      { type: 'edit', changes: { cvr: '9900 0101' } },
      { type: 'edit', changes: { email: 'a' } },
    );
    expect(state).toEqual({ ...INITIAL_STATE, cvr: '9900 0101', email: 'a' });
  });

  it('marks a look-up busy and clears the last error', () => {
    const state = run(
      { type: 'fail', error: { message: MESSAGES.invalidCvr, field: 'ob-cvr' } },
      { type: 'lookupStarted' },
    );
    expect(state.busy).toBe(true);
    expect(state.error).toBeNull();
  });

  it('moves to step 1 with a found company and starts step 1 afresh', () => {
    const state = run(
      { type: 'lookupFound', lookup: NOTHING_PROPOSED },
      { type: 'edit', changes: { proposed: 'no', other: 'other', otherUrl: 'gammel.dk' } },
      { type: 'go', step: 'cvr' },
      { type: 'lookupStarted' },
      { type: 'lookupFound', lookup: PROPOSED },
    );
    expect(state).toMatchObject({
      step: 'confirm',
      busy: false,
      error: null,
      lookup: PROPOSED,
      proposed: null,
      other: 'none',
      otherUrl: '',
    });
  });

  it('shows a failed look-up on the CVR input and stays', () => {
    const state = run({ type: 'lookupStarted' }, { type: 'lookupFailed', message: MESSAGES.cvrTaken });
    expect(state).toMatchObject({
      step: 'cvr',
      busy: false,
      error: { message: MESSAGES.cvrTaken, field: 'ob-cvr' },
    });
  });

  it('clears the error when it changes step', () => {
    const state = run(
      { type: 'lookupFound', lookup: NOTHING_PROPOSED },
      { type: 'fail', error: { message: MESSAGES.existingWebsiteChoice, field: 'ob-site-yes' } },
      { type: 'go', step: 'login' },
    );
    expect(state).toMatchObject({ step: 'login', error: null });
  });

  it('creates: the overlay writes, then publishes; a failure returns to step 2 with a form error', () => {
    const creating = run(
      { type: 'lookupFound', lookup: NOTHING_PROPOSED },
      { type: 'go', step: 'login' },
      { type: 'fail', error: { message: MESSAGES.privacyRequired, field: 'ob-privacy' } },
      { type: 'createStarted' },
    );
    expect(creating).toMatchObject({ step: 'creating', stage: 'writing', error: null });
    expect(onboardingReducer(creating, { type: 'created' })).toMatchObject({
      step: 'creating',
      stage: 'publishing',
    });
    expect(
      onboardingReducer(creating, { type: 'createFailed', message: MESSAGES.emailTakenOnboarding }),
    ).toMatchObject({ step: 'login', error: { message: MESSAGES.emailTakenOnboarding, field: null } });
  });
});

describe('the CVR step', () => {
  it('takes eight digits with spaces, as the API does', () => {
    expect(cvrOf(' 9900 0101 ')).toEqual({ cvr: '99000101' });
  });

  it.each(['', '1234 567', '123456789', 'abcdefgh'])('refuses %j on the CVR input', (typed) => {
    const checked = cvrOf(typed);
    expect(checked).toHaveProperty('problem.field', 'ob-cvr');
    expect(checked).toHaveProperty('problem.message', MESSAGES.invalidCvr);
  });
});

describe('step 1', () => {
  const found = (lookup: Lookup, changes: Partial<OnboardingState> = {}) => ({
    ...run({ type: 'lookupFound', lookup }),
    ...changes,
  });

  it('asks whether a proposed website is theirs', () => {
    expect(confirmProblem(found(PROPOSED))).toEqual({
      message: MESSAGES.existingWebsiteChoice,
      field: 'ob-site-yes',
    });
    expect(confirmProblem(found(PROPOSED, { proposed: 'yes' }))).toBeNull();
    expect(chosenWebsite(found(PROPOSED, { proposed: 'yes' }))).toBe('https://www.eksempel.dk/');
  });

  it('checks another website as an address, blank included, and ignores it once "none" is chosen', () => {
    const message = { message: websiteUrlMessage(), field: 'ob-other-url' };
    expect(confirmProblem(found(NOTHING_PROPOSED, { other: 'other', otherUrl: 'ikke en adresse' }))).toEqual(
      message,
    );
    expect(confirmProblem(found(NOTHING_PROPOSED, { other: 'other', otherUrl: '  ' }))).toEqual(message);
    expect(confirmProblem(found(PROPOSED, { proposed: 'no', other: 'other', otherUrl: 'x' }))).toEqual(
      message,
    );
    const other = found(PROPOSED, { proposed: 'no', other: 'other', otherUrl: ' www.gammel.dk ' });
    expect(confirmProblem(other)).toBeNull();
    expect(chosenWebsite(other)).toBe('www.gammel.dk');
    const none = found(NOTHING_PROPOSED, { other: 'none', otherUrl: 'ikke en adresse' });
    expect(confirmProblem(none)).toBeNull();
    expect(chosenWebsite(none)).toBe('');
  });
});

describe('step 2', () => {
  const login = (changes: Partial<OnboardingState>) =>
    loginProblem({ ...INITIAL_STATE, ...LOGIN_OK, ...changes });

  it('accepts a complete form', () => {
    expect(login({})).toBeNull();
  });

  it.each([
    [{ email: '', password: '', passwordRepeat: '' }, MESSAGES.emailAndPasswordRequired, 'ob-email'],
    [{ email: '  ' }, MESSAGES.emailRequired, 'ob-email'],
    [{ password: '' }, MESSAGES.emailAndPasswordRequired, 'ob-password'],
    [{ email: 'ikke-en-email' }, MESSAGES.invalidEmail, 'ob-email'],
    [{ password: 'kort', passwordRepeat: 'kort' }, MESSAGES.passwordTooShort, 'ob-password'],
    [
      { password: 'x'.repeat(257), passwordRepeat: 'x'.repeat(257) },
      AUTH_MESSAGES.passwordTooLong,
      'ob-password',
    ],
    [{ passwordRepeat: 'tagrende-43' }, MESSAGES.passwordsDoNotMatch, 'ob-password-repeat'],
    [{ acceptPrivacy: false }, MESSAGES.privacyRequired, 'ob-privacy'],
  ])('refuses %j with the spec message on its input', (changes, message, field) => {
    expect(login(changes)).toEqual({ message, field });
  });
});
