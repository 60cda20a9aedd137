// GET /api/operator (api/routes/operator.ts): the operator's view across every company.
import { z } from 'zod';

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
});

export type OperatorJson = z.infer<typeof operatorSchema>;
