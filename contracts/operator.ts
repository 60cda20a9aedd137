// GET /api/operator (api/routes/operator.ts): the operator's view across every company.
import { z } from 'zod';
import { AUTHORISATION_TYPES } from '../rules/authorisations';
import { MESSAGES } from '../rules/messages';

export const operatorSchema = z.object({
  days: z.number(),
  signups: z.array(z.object({ day: z.string(), count: z.number() })),
  funnel: z.object({ found: z.number(), notFound: z.number(), taken: z.number(), created: z.number() }),
  trialsEnding: z.array(
    z.object({
      cvr: z.string(),
      name: z.string(),
      companyEmail: z.string().nullable(),
      trialEndDate: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      cvr: z.string(),
      companyName: z.string().nullable(),
      plan: z.string(),
      billingEmail: z.string(),
      ean: z.string().nullable(),
      invoiceCvr: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  failedPublishes: z.array(
    z.object({ companyCvr: z.string(), lastError: z.string(), lastAttemptAt: z.string().nullable() }),
  ),
  /** Mail and reminder jobs that need a look (db/tables/jobs.ts troubledJobs): failed for good, or
   *  stuck (many attempts or lost leases, or long overdue). Never their payload (addresses). */
  troubledJobs: z.array(
    z.object({
      kind: z.string(),
      key: z.string().nullable(),
      state: z.enum(['failed', 'stuck']),
      attempts: z.number(),
      lostLeases: z.number(),
      runAt: z.string(),
      lastError: z.string().nullable(),
    }),
  ),
  /** Facts in rules/ due for review or out of date (rules/fact-freshness.ts), the soonest first. */
  facts: z.array(
    z.object({ id: z.string(), state: z.enum(['due', 'stale']), staleFrom: z.string(), text: z.string() }),
  ),
});

export type OperatorJson = z.infer<typeof operatorSchema>;

/** GET /api/operator/authorisations (issue 42): the authorisations no operator has checked yet, each
 *  with the public register's link, oldest first. */
export const authorisationsToCheckSchema = z.object({
  authorisations: z.array(
    z.object({
      cvr: z.string(),
      companyName: z.string(),
      type: z.enum(AUTHORISATION_TYPES),
      /** 'Autoriseret el-installatør' */
      title: z.string(),
      number: z.string(),
      enteredAt: z.string(),
      registerUrl: z.string(),
    }),
  ),
});

export type AuthorisationsToCheckJson = z.infer<typeof authorisationsToCheckSchema>;

/** POST /api/operator/authorisations/{cvr}/checked: the type and number the operator found. */
export const authorisationCheckSchema = z.object(
  {
    type: z.enum(AUTHORISATION_TYPES, { error: MESSAGES.invalidInput }),
    number: z.string({ error: MESSAGES.invalidInput }).regex(/^\d{3,10}$/, MESSAGES.invalidInput),
  },
  { error: MESSAGES.invalidInput },
);

/** GET /api/operator/claims (issue 48): the checks an operator can take back, and the guarantee schemes
 *  and associations companies claim that no operator has checked yet (oldest first). */
export const operatorClaimsSchema = z.object({
  checkedAuthorisations: z.array(
    z.object({
      cvr: z.string(),
      companyName: z.string(),
      type: z.enum(AUTHORISATION_TYPES),
      title: z.string(),
      number: z.string(),
      checkedAt: z.string(),
      registerUrl: z.string(),
    }),
  ),
  schemesToCheck: z.array(
    z.object({
      cvr: z.string(),
      companyName: z.string(),
      scheme: z.string(),
      name: z.string(),
      /** The scheme's own page, where its members are listed or can be asked about. */
      url: z.string(),
      since: z.string(),
    }),
  ),
  checkedSchemes: z.array(
    z.object({
      cvr: z.string(),
      companyName: z.string(),
      scheme: z.string(),
      name: z.string(),
      url: z.string(),
      checkedAt: z.string(),
    }),
  ),
});

export type OperatorClaimsJson = z.infer<typeof operatorClaimsSchema>;
