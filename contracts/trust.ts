// What a customer checks before calling (issue 42): the company's authorisation, the guarantee
// schemes and associations it confirmed, the håndværkerfradrag block's switch, the area it drives to
// and its emergency line. The body of PUT /api/trust (the Troværdighed tab sends every field) and of
// its live preview, and the answers; shared with the admin's form, so both refuse with the same
// Danish words (rules/messages.ts TRUST_MESSAGES).
import { z } from 'zod';
import {
  AUTHORISATION_NUMBER_MAX,
  AUTHORISATION_TYPES,
  normaliseAuthorisationNumber,
} from '../rules/authorisations';
import { EMERGENCY_HOURS } from '../rules/emergency-service';
import { GUARANTEE_SCHEME_IDS } from '../rules/guarantee-schemes';
import { SERVICE_RADIUS_MAX_KM, SERVICE_RADIUS_MIN_KM } from '../rules/limits';
import { MESSAGES } from '../rules/messages';
import { isDanishPhoneOrEmpty } from '../rules/phone';
import { TRUST_MESSAGES } from '../rules/trust-messages';
import { body, text } from './fields';

// The 98 kommunekoder are four digits from 0101 to 0860; which exist is checked by the server
// (rules/municipalities.ts), so the admin's bundle need not carry the table to validate a form.
const MUNICIPALITY_CODE = /^0[1-8]\d\d$/;
const MUNICIPALITIES_MAX = 98;

/** Type and number as the owner typed them; the number is stored as digits only. */
export const authorisationInput = z.object(
  {
    type: z.enum(AUTHORISATION_TYPES, { error: TRUST_MESSAGES.authorisationTypeInvalid }),
    number: z
      .string({ error: MESSAGES.invalidInput })
      .trim()
      .max(AUTHORISATION_NUMBER_MAX, TRUST_MESSAGES.authorisationNumberInvalid)
      .transform((value, ctx) => {
        if (value === '') {
          ctx.addIssue({ code: 'custom', message: TRUST_MESSAGES.authorisationNumberRequired });
          return z.NEVER;
        }
        const digits = normaliseAuthorisationNumber(value);
        if (digits !== null) return digits;
        ctx.addIssue({ code: 'custom', message: TRUST_MESSAGES.authorisationNumberInvalid });
        return z.NEVER;
      }),
  },
  { error: MESSAGES.invalidInput },
);

const schemes = z
  .array(z.enum(GUARANTEE_SCHEME_IDS, { error: TRUST_MESSAGES.schemeUnknown }), {
    error: MESSAGES.invalidInput,
  })
  .max(GUARANTEE_SCHEME_IDS.length, TRUST_MESSAGES.schemeUnknown)
  .transform((ids) => [...new Set(ids)]);

const area = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('none') }),
    z.object({
      mode: z.literal('municipalities'),
      codes: z
        .array(
          z
            .string({ error: MESSAGES.invalidInput })
            .regex(MUNICIPALITY_CODE, TRUST_MESSAGES.municipalityUnknown),
          {
            error: MESSAGES.invalidInput,
          },
        )
        .min(1, TRUST_MESSAGES.municipalitiesRequired)
        .max(MUNICIPALITIES_MAX, TRUST_MESSAGES.tooManyMunicipalities)
        .transform((codes) => [...new Set(codes)]),
    }),
    z.object({
      mode: z.literal('radius'),
      km: z
        .number({ error: TRUST_MESSAGES.radiusInvalid })
        .int(TRUST_MESSAGES.radiusInvalid)
        .min(SERVICE_RADIUS_MIN_KM, TRUST_MESSAGES.radiusInvalid)
        .max(SERVICE_RADIUS_MAX_KM, TRUST_MESSAGES.radiusInvalid),
    }),
  ],
  { error: TRUST_MESSAGES.areaModeInvalid },
);

const emergency = z
  .object(
    {
      enabled: z.boolean({ error: MESSAGES.invalidInput }),
      phone: text('Telefon', 30).refine(isDanishPhoneOrEmpty, TRUST_MESSAGES.emergencyPhoneInvalid),
      hours: z.enum(EMERGENCY_HOURS, { error: TRUST_MESSAGES.emergencyHoursInvalid }),
    },
    { error: MESSAGES.invalidInput },
  )
  .superRefine((value, ctx) => {
    if (value.enabled && value.phone === '') {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: TRUST_MESSAGES.emergencyPhoneRequired });
    }
  });

export const trustSettingsSchema = body({
  authorisation: authorisationInput.nullable(),
  schemes,
  /** The owner's tick: "the company belongs to these" (required when any scheme is chosen). */
  schemesConfirmed: z.boolean({ error: MESSAGES.invalidInput }),
  deductionShown: z.boolean({ error: MESSAGES.invalidInput }),
  area,
  emergency,
}).superRefine((value, ctx) => {
  if (value.schemes.length > 0 && !value.schemesConfirmed) {
    ctx.addIssue({
      code: 'custom',
      path: ['schemesConfirmed'],
      message: TRUST_MESSAGES.schemesConfirmRequired,
    });
  }
});

export type TrustSettingsBody = z.input<typeof trustSettingsSchema>;

// ---- Answers -------------------------------------------------------------------------------------

const areaAnswer = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('municipalities'), codes: z.array(z.string()) }),
  z.object({ mode: z.literal('radius'), km: z.number() }),
]);

/** GET and PUT /api/trust: what is saved, and what this company's trade is offered. */
export const trustSchema = z.object({
  settings: z.object({
    authorisation: z
      .object({
        type: z.enum(AUTHORISATION_TYPES),
        number: z.string(),
        /** True once the operator found it in the register (the site then stops saying "oplyst af firmaet"). */
        checked: z.boolean(),
      })
      .nullable(),
    schemes: z.array(z.string()),
    schemesConfirmed: z.boolean(),
    /** The schemes an operator found the company a member of (only these reach the JSON-LD, issue 48). */
    schemesChecked: z.array(z.string()),
    deductionShown: z.boolean(),
    area: areaAnswer,
    emergency: z.object({ enabled: z.boolean(), phone: z.string(), hours: z.enum(EMERGENCY_HOURS) }),
  }),
  offer: z.object({
    /** The trade as the site names it ('elektriker'). */
    trade: z.string(),
    authorisationTypes: z.array(z.enum(AUTHORISATION_TYPES)),
    /** The guarantee schemes and associations the trade may claim (rules/guarantee-schemes.ts schemesFor). */
    schemes: z.array(z.enum(GUARANTEE_SCHEME_IDS)),
    emergency: z.boolean(),
    /** Whether "Vi kører i" fits the trade: false for a trade whose customers come to it (a salon, a
     *  garage), which drives nowhere (issue 52 item 8). */
    serviceArea: z.boolean(),
    /** This year's block for the trade, or null (none of its work qualifies, or the law does not cover
     *  the year); `amountsKnown` false: the year's ceilings are not in the table yet (ceilingKr null). */
    deduction: z
      .object({
        year: z.number(),
        amountsKnown: z.boolean(),
        items: z.array(
          z.object({
            kind: z.enum(['craft', 'service']),
            work: z.string(),
            ceilingKr: z.number().nullable(),
          }),
        ),
      })
      .nullable(),
  }),
});

export type TrustJson = z.infer<typeof trustSchema>;
