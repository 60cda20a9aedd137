// The onboarding's one contract (the spec's States, Validation rules): what the browser sends to POST /api/onboarding/lookup
// and POST /api/onboarding/create, and what it gets back. The island (templates/onboarding/) checks
// each step with these schemas, the routes validate the bodies with them and the creation service
// takes their output; so a rule or a message is written once. Client-safe: zod and rules/ only.
// The one server-only check, the common-password list, is made by the service
// (api/onboarding/create-company.ts), so the list never reaches a browser bundle.
import { z } from 'zod';
import { AUTHORISATION_TYPES } from '../rules/authorisations';
import { normalizeCvr } from '../rules/cvr';
import { normalizeWebsiteUrl, websiteUrlMessage } from '../rules/domain';
import { EMAIL_MAX, EMAIL_PATTERN } from '../rules/email';
import { AUTH_MESSAGES, MESSAGES } from '../rules/messages';
import { PASSWORD_MAX, PASSWORD_MIN } from '../rules/password';
import { authorisationInput } from './trust';

/** A company as the CVR registry describes it (cvrapi.dk field names, the spec's Entities): the registry's
 *  vocabulary, which the creation service maps onto the stored company. */
const cvrCompanySchema = z.object({
  cvr: z.string(),
  name: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  industrydesc: z.string(),
  /** DB07 industry code, six digits ('433200'); empty when the registry gave none. */
  industrycode: z.string().optional(),
  companydesc: z.string(),
  startdate: z.string(),
  employees: z.number().nullable(),
});

/** A proposed existing website (the spec's Calls: web search items link, title, snippet). */
const websiteSuggestionSchema = z.object({ url: z.string(), title: z.string(), snippet: z.string() });

/** What POST /api/onboarding/lookup answers. */
export const onboardingLookupResponseSchema = z.object({
  company: cvrCompanySchema,
  website: websiteSuggestionSchema.nullable(),
  /** The authorisations the company's trade is offered (issue 42); [] for trades that need none. */
  authorisationTypes: z.array(z.enum(AUTHORISATION_TYPES)),
});

/** What POST /api/onboarding/create answers (201). */
export const onboardingCreateResponseSchema = z.object({
  /** Where to go next: the new site with `?newsite=true`. */
  url: z.string(),
  cvr: z.string(),
  subdomain: z.string(),
});

export type CvrCompany = z.infer<typeof cvrCompanySchema>;
export type WebsiteSuggestion = z.infer<typeof websiteSuggestionSchema>;
export type OnboardingCreateResponse = z.infer<typeof onboardingCreateResponseSchema>;

/** The fields of the create form; an issue's `path` names the one a message belongs to. */
export type OnboardingField =
  | 'cvr'
  | 'email'
  | 'password'
  | 'passwordRepeat'
  | 'acceptPrivacy'
  | 'existingWebsiteUrl'
  | 'authorisation';

/** The CVR form: 8 digits after whitespace is stripped, answered as the normalised number. */
export const onboardingLookupSchema = z.object(
  {
    cvr: z.string({ error: MESSAGES.invalidCvr }).transform((value, ctx) => {
      const cvr = normalizeCvr(value);
      if (cvr === null) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.invalidCvr });
        return z.NEVER;
      }
      return cvr;
    }),
  },
  { error: MESSAGES.invalidCvr },
);

const field = z.string({ error: MESSAGES.invalidInput }).nullish();

/** The login step (step 2): e-mail, password twice and the privacy consent. */
const loginShape = {
  email: field,
  password: field,
  passwordRepeat: field,
  acceptPrivacy: z.unknown().optional(),
};

type LoginValue = {
  email?: string | null | undefined;
  password?: string | null | undefined;
  passwordRepeat?: string | null | undefined;
  acceptPrivacy?: unknown;
};

type Problem = [field: OnboardingField, message: string];

function addProblem(ctx: z.RefinementCtx, problem: Problem | null): void {
  if (problem) ctx.addIssue({ code: 'custom', path: [problem[0]], message: problem[1] });
}

/** The spec's order of messages (the spec's Validation rules): the first problem only, on the field it belongs to. */
function loginProblem(value: LoginValue): Problem | null {
  const email = value.email?.trim() ?? '';
  const password = value.password ?? '';
  if (email === '' && password === '') return ['email', MESSAGES.emailAndPasswordRequired];
  if (email === '') return ['email', MESSAGES.emailRequired];
  if (password === '') return ['password', MESSAGES.emailAndPasswordRequired];
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return ['email', MESSAGES.invalidEmail];
  if (password.length < PASSWORD_MIN) return ['password', MESSAGES.passwordTooShort];
  if (password.length > PASSWORD_MAX) return ['password', AUTH_MESSAGES.passwordTooLong];
  if (password !== (value.passwordRepeat ?? '')) return ['passwordRepeat', MESSAGES.passwordsDoNotMatch];
  if (value.acceptPrivacy !== true) return ['acceptPrivacy', MESSAGES.privacyRequired];
  return null;
}

/** An existing website typed in step 1: an address rules/domain accepts; blank means none unless
 *  the owner chose "Vi har en anden hjemmeside" (`required`). */
function websiteProblem(typed: string | null | undefined, required = false): Problem | null {
  const website = typed?.trim() ?? '';
  if (website === '' && !required) return null;
  return normalizeWebsiteUrl(website) === null ? ['existingWebsiteUrl', websiteUrlMessage()] : null;
}

/** Step 1's "Vi har en anden hjemmeside" field on its own, as the island checks it before step 2. */
export const otherWebsiteSchema = z
  .object({ existingWebsiteUrl: z.string({ error: MESSAGES.invalidInput }) })
  .superRefine((value, ctx) => addProblem(ctx, websiteProblem(value.existingWebsiteUrl, true)));

/** Step 2's form on its own, as the island checks it before sending. */
export const onboardingLoginSchema = z
  .object(loginShape)
  .superRefine((value, ctx) => addProblem(ctx, loginProblem(value)));

/** Step 1's optional authorisation (issue 42): the type the trade is offered and the number typed. */
export const onboardingAuthorisationSchema = z.object({ authorisation: authorisationInput });

/** The create-login form (step 2) plus the CVR, the existing website and the authorisation of step 1. */
export const onboardingCreateSchema = z
  .object(
    { cvr: field, ...loginShape, existingWebsiteUrl: field, authorisation: authorisationInput.nullish() },
    { error: MESSAGES.invalidInput },
  )
  .superRefine((value, ctx) => {
    const cvrProblem: Problem | null =
      normalizeCvr(value.cvr ?? '') === null ? ['cvr', MESSAGES.invalidCvr] : null;
    addProblem(ctx, cvrProblem ?? loginProblem(value) ?? websiteProblem(value.existingWebsiteUrl));
  })
  .transform((value) => {
    const website = value.existingWebsiteUrl?.trim() ?? '';
    return {
      cvr: normalizeCvr(value.cvr ?? '') ?? '',
      email: value.email?.trim() ?? '',
      password: value.password ?? '',
      /** The absolute address to scrape and store, or null for none. */
      existingWebsiteUrl: website === '' ? null : normalizeWebsiteUrl(website),
      /** Type and number (digits only) as the site will show them, or null. */
      authorisation: value.authorisation ?? null,
    };
  });

export type OnboardingCreateBody = z.input<typeof onboardingCreateSchema>;
/** A create request that passed every client-safe check: what the creation service takes. */
export type OnboardingCreate = z.output<typeof onboardingCreateSchema>;

/** The first problem of a failed parse: its message and the field it belongs to (null for the form). */
export function firstProblem(error: z.ZodError): { message: string; field: OnboardingField | null } {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return {
    message: issue?.message || MESSAGES.invalidInput,
    field: typeof field === 'string' ? (field as OnboardingField) : null,
  };
}
