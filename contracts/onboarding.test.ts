import { describe, expect, it } from 'vitest';
import { websiteUrlMessage } from '../rules/domain';
import { MESSAGES } from '../rules/messages';
import { TRUST_MESSAGES } from '../rules/trust-messages';
import { firstProblem, onboardingCreateSchema, onboardingLookupSchema } from './onboarding';

const FORM = {
  cvr: '1234 5678',
  email: ' Ejer@Hansen.dk ',
  password: 'tagrende-42',
  passwordRepeat: 'tagrende-42',
  acceptPrivacy: true,
};

function problem(body: unknown) {
  const result = onboardingCreateSchema.safeParse(body);
  if (result.success) throw new Error('expected a problem');
  return firstProblem(result.error);
}

describe('the onboarding contract', () => {
  it('takes an authorisation named in step 1 as digits, and refuses it in Danish (issue 42)', () => {
    expect(
      onboardingCreateSchema.parse({ ...FORM, authorisation: { type: 'el', number: 'aut. nr. 12 345' } })
        .authorisation,
    ).toEqual({ type: 'el', number: '12345' });
    expect(problem({ ...FORM, authorisation: { type: 'el', number: 'tolv' } })).toEqual({
      message: TRUST_MESSAGES.authorisationNumberInvalid,
      field: 'authorisation',
    });
  });

  it('gives the service the normalised CVR, the trimmed e-mail and the website to scrape', () => {
    expect(onboardingCreateSchema.parse({ ...FORM, existingWebsiteUrl: ' www.hansen.dk/om#top ' })).toEqual({
      cvr: '12345678',
      email: 'Ejer@Hansen.dk',
      password: 'tagrende-42',
      existingWebsiteUrl: 'https://www.hansen.dk/om',
      authorisation: null,
    });
    expect(onboardingCreateSchema.parse({ ...FORM, existingWebsiteUrl: '  ' }).existingWebsiteUrl).toBeNull();
    expect(onboardingCreateSchema.parse(FORM).existingWebsiteUrl).toBeNull();
  });

  it('names the field of the first problem, in the spec order', () => {
    expect(problem({ ...FORM, cvr: '1234', email: '' })).toEqual({
      message: MESSAGES.invalidCvr,
      field: 'cvr',
    });
    expect(problem({ ...FORM, password: '' })).toEqual({
      message: MESSAGES.emailAndPasswordRequired,
      field: 'password',
    });
    expect(problem({ ...FORM, passwordRepeat: 'x' })).toEqual({
      message: MESSAGES.passwordsDoNotMatch,
      field: 'passwordRepeat',
    });
    expect(problem({ ...FORM, acceptPrivacy: 'true' })).toEqual({
      message: MESSAGES.privacyRequired,
      field: 'acceptPrivacy',
    });
    expect(problem({ ...FORM, existingWebsiteUrl: 'ikke en adresse' })).toEqual({
      message: websiteUrlMessage(),
      field: 'existingWebsiteUrl',
    });
  });

  it('answers a body of the wrong shape as invalid input', () => {
    expect(problem([])).toEqual({ message: MESSAGES.invalidInput, field: null });
    expect(problem({ ...FORM, email: 42 })).toEqual({ message: MESSAGES.invalidInput, field: 'email' });
  });

  it('looks up a CVR typed with spaces, and refuses anything else with one message', () => {
    expect(onboardingLookupSchema.parse({ cvr: ' 1234 5678 ' })).toEqual({ cvr: '12345678' });
    for (const body of [{ cvr: '1234567' }, { cvr: 12345678 }, {}, null]) {
      const result = onboardingLookupSchema.safeParse(body);
      expect(result.success).toBe(false);
      if (!result.success) expect(firstProblem(result.error).message).toBe(MESSAGES.invalidCvr);
    }
  });
});
