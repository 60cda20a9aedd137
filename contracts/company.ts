// The settings an owner saves (the spec's Screens Settings, Calls settings save): contact details, opening hours,
// social links, theme and custom domain. Every field is optional; what is sent is validated by the
// shared rules and normalised for storage. Shared with the admin's settings form.
import { z } from 'zod';
import { normalizeCustomDomain } from '../rules/domain';
import { HOURS_MAX_LENGTH, WEEKDAYS, type Weekday } from '../rules/hours';
import { MESSAGES, oneLineMessage, tooLongMessage } from '../rules/messages';
import { isDanishPhoneOrEmpty, isPostcodeOrEmpty } from '../rules/phone';
import { COMPANY_MESSAGES } from '../rules/settings-messages';
import { SOCIAL_NETWORKS, type SocialNetwork, socialProfileLink } from '../rules/social';
import { isOneLine } from '../rules/text';
import { THEME_IDS } from '../rules/themes';
import { body, EMAIL_MAX, emailAddress, text } from './fields';

// The settings route answers with these too; they are worded in rules/messages.ts.
export { COMPANY_MESSAGES };

const SOCIAL_LINK_MAX = 300;
// A hostname is at most 253 characters; room for a pasted scheme and trailing slash.
const DOMAIN_INPUT_MAX = 300;

/** A strict object of optional keys: an unknown key is the given message, a non-object invalid input. */
function keyed<K extends string, V extends z.ZodType>(keys: readonly K[], value: V, unknownKey: string) {
  const shape = Object.fromEntries(keys.map((key) => [key, value.optional()])) as Record<K, z.ZodOptional<V>>;
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownKey : MESSAGES.invalidInput),
  });
}

const hours = keyed<Weekday, z.ZodString>(
  WEEKDAYS,
  z
    .string({ error: MESSAGES.invalidInput })
    .trim()
    .max(HOURS_MAX_LENGTH, COMPANY_MESSAGES.hoursTooLong)
    .refine(isOneLine, oneLineMessage('Åbningstider')),
  COMPANY_MESSAGES.unknownWeekday,
);

/** One network's link: a profile on that network's own host, stored with https://; '' clears it. */
function socialLink(network: SocialNetwork) {
  return z
    .string({ error: MESSAGES.invalidInput })
    .trim()
    .max(SOCIAL_LINK_MAX, tooLongMessage('Links', SOCIAL_LINK_MAX))
    .transform((value, ctx) => {
      const link = socialProfileLink(network, value);
      if (link !== null) return link;
      ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.invalidSocialLink[network] });
      return z.NEVER;
    });
}

const socialMedia = z.strictObject(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialLink(network).optional()])) as Record<
    SocialNetwork,
    z.ZodOptional<ReturnType<typeof socialLink>>
  >,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? COMPANY_MESSAGES.unknownNetwork : MESSAGES.invalidInput,
  },
);

/** `''` or null clears the custom domain; anything else must be a public hostname (the spec's Validation rules). */
const customDomain = z
  .string({ error: MESSAGES.invalidInput })
  .trim()
  .max(DOMAIN_INPUT_MAX, COMPANY_MESSAGES.invalidDomain)
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const domain = normalizeCustomDomain(value);
    if (domain) return domain.hostname;
    ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.invalidDomain });
    return z.NEVER;
  });

/** The contact e-mail shown on the site; empty clears it. */
const contactEmail = z
  .string({ error: MESSAGES.invalidInput })
  .trim()
  .max(EMAIL_MAX, MESSAGES.invalidEmail)
  .refine((value) => value === '' || emailAddress.safeParse(value).success, MESSAGES.invalidEmail);

export const settingsSchema = body({
  phone: text('Telefon', 30).refine(isDanishPhoneOrEmpty, COMPANY_MESSAGES.invalidPhone).optional(),
  email: contactEmail.optional(),
  address: text('Adresse', 200).optional(),
  zipcode: text('Postnummer', 10).refine(isPostcodeOrEmpty, COMPANY_MESSAGES.invalidPostcode).optional(),
  city: text('By', 100).optional(),
  hours: hours.optional(),
  showHours: z.boolean({ error: MESSAGES.invalidInput }).optional(),
  socialMedia: socialMedia.optional(),
  customDomain: customDomain.optional(),
  theme: z.enum(THEME_IDS, { error: COMPANY_MESSAGES.invalidTheme }).optional(),
});

export type SettingsInput = z.input<typeof settingsSchema>;
export type Settings = z.output<typeof settingsSchema>;

// ---- Answers -------------------------------------------------------------------------------------

const hoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, z.string()])) as Record<Weekday, z.ZodString>,
);
const socialMediaSchema = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, z.string()])) as Record<
    SocialNetwork,
    z.ZodString
  >,
);

/** The owner's company as the admin sees it (GET /api/company, PUT /api/company/settings): what the
 *  settings screens show and edit, and nothing the server keeps for itself. */
export const companySchema = z.object({
  cvr: z.string(),
  name: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  logo: z.string().nullable(),
  industryDesc: z.string(),
  hours: hoursSchema,
  showHours: z.boolean(),
  socialMedia: socialMediaSchema,
  theme: z.enum(THEME_IDS),
  subdomain: z.string(),
  customDomain: z.string().nullable(),
  customDomainVerified: z.boolean(),
});

export type CompanyJson = z.infer<typeof companySchema>;

/** POST and DELETE /api/company/logo: the logo URL now set (a PNG; a `.webp` of it sits beside it). */
export const logoSchema = z.object({ logo: z.string().nullable() });

/** Where a custom domain stands: none set, waiting for its TXT record, or verified (issue 13). */
const DOMAIN_STATUSES = ['none', 'pending', 'verified'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** One row of the own-domain guide (rules/domain-guide.ts): what to type into the registrar's form. */
const dnsRecordSchema = z.object({
  host: z.string(),
  name: z.string(),
  type: z.enum(['A', 'TXT']),
  value: z.string().nullable(),
  purpose: z.string(),
});

/** GET /api/company/domain: the site's addresses and the records a custom domain needs. */
export const domainSchema = z.object({
  pathUrl: z.string(),
  subdomainUrl: z.string(),
  customDomain: z.string().nullable(),
  status: z.enum(DOMAIN_STATUSES),
  notice: z.string().nullable(),
  /** Null until the owner has entered a domain. */
  guide: z
    .object({
      zone: z.string(),
      records: z.array(dnsRecordSchema),
      intro: z.string(),
      hostHelp: z.string(),
      bothNames: z.string(),
      /** Why the A records have no value (a product on localhost), else null. */
      addressMissing: z.string().nullable(),
    })
    .nullable(),
  note: z.string(),
});

/** POST /api/company/domain/check: what DNS answers now, and the Danish verdict. */
export const domainCheckSchema = z.object({
  domain: z.string(),
  a: z.array(z.string()),
  txt: z.array(z.string()),
  aOk: z.boolean(),
  txtOk: z.boolean(),
  /** The other spelling (www. or not), which the guide gives an A record too. */
  twin: z.string(),
  twinA: z.array(z.string()),
  twinOk: z.boolean(),
  status: z.enum(DOMAIN_STATUSES),
  notice: z.string().nullable(),
  message: z.string(),
});

export type DomainCheckJson = z.infer<typeof domainCheckSchema>;
