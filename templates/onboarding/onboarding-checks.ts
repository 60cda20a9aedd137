// What the onboarding island checks before it calls the API: the onboarding contract's own schemas
// (contracts/onboarding.ts), the same the routes validate with, with each first problem placed on
// the input it is about. Apart from the reducer because these pull in zod (about 25 KB compressed):
// OnboardingFlow loads this module beside the island instead of in its first chunk, so the form
// answers as soon as React has hydrated.
import type { z } from 'zod';
import {
  firstProblem,
  onboardingAuthorisationSchema,
  onboardingLoginSchema,
  onboardingLookupSchema,
  otherWebsiteSchema,
} from '../../contracts/onboarding';
import { MESSAGES } from '../../rules/messages';
import { chosenAuthorisation, FIELD_IDS, type FieldError, type OnboardingState } from './onboarding-reducer';

/** The CVR number a typed text stands for, or why it is not one. */
export function cvrOf(typed: string): { cvr: string } | { problem: FieldError } {
  const parsed = onboardingLookupSchema.safeParse({ cvr: typed });
  if (parsed.success) return { cvr: parsed.data.cvr };
  return { problem: { message: firstProblem(parsed.error).message, field: FIELD_IDS.cvr } };
}

/** Why step 1 cannot go on, or null. */
export function confirmProblem(state: OnboardingState): FieldError | null {
  if (state.lookup?.website && state.proposed === null) {
    return { message: MESSAGES.existingWebsiteChoice, field: 'ob-site-yes' };
  }
  const choosingOther = !(state.lookup?.website && state.proposed === 'yes') && state.other === 'other';
  const website = choosingOther
    ? problemOf(otherWebsiteSchema.safeParse({ existingWebsiteUrl: state.otherUrl }))
    : null;
  const authorisation = chosenAuthorisation(state);
  return (
    website ?? (authorisation ? problemOf(onboardingAuthorisationSchema.safeParse({ authorisation })) : null)
  );
}

/** Why step 2 cannot be sent, or null: the contract's first problem, on its input. */
export function loginProblem(state: OnboardingState): FieldError | null {
  return problemOf(
    onboardingLoginSchema.safeParse({
      email: state.email,
      password: state.password,
      passwordRepeat: state.passwordRepeat,
      acceptPrivacy: state.acceptPrivacy,
    }),
  );
}

function problemOf(result: z.ZodSafeParseResult<unknown>): FieldError | null {
  if (result.success) return null;
  const { message, field } = firstProblem(result.error);
  return { message, field: field === null ? null : FIELD_IDS[field] };
}
