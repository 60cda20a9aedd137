// GET /api/dashboard (api/routes/dashboard.ts): the owner's figures at a glance — visitors per day
// for 30 days, this week against last, the most visited pages, images used, the trial, the addresses.
import { z } from 'zod';
import { SITE_STATES } from '../rules/trial';

export const dashboardSchema = z.object({
  visitors: z.object({
    days: z.array(z.object({ day: z.string(), views: z.number() })),
    total: z.number(),
    thisWeek: z.number(),
    lastWeek: z.number(),
    topPages: z.array(z.object({ path: z.string(), views: z.number(), name: z.string().nullable() })),
  }),
  /** Taps on the site's "Ring" button in the same 30 days (issue 51), counted without cookies. */
  calls: z.object({ total: z.number() }),
  images: z.object({ used: z.number(), limit: z.number() }),
  trial: z.object({
    state: z.enum(SITE_STATES),
    daysLeft: z.number(),
    trialEndDate: z.string(),
    closesAt: z.string(),
  }),
  addresses: z.array(z.string()),
  /** The latest changes could not be published (the previous version of the site is still live):
   *  the render failed or ran past its time budget; the worker tries again. */
  publishing: z.object({ failing: z.boolean() }),
  operator: z.boolean(),
});

export type DashboardJson = z.infer<typeof dashboardSchema>;
