// /api/subscription — the owner's plan and free trial (SPEC §2 Subscription, §4 trial banner).
import { Hono } from 'hono';
import { showTrialBanner, trialDaysLeft } from '../../rules/trial';
import type { OwnerEnv } from '../env';

export const subscription = new Hono<OwnerEnv>();

// GET /api/subscription – plan, trial dates, days left and whether to show the trial banner
subscription.get('/', (c) => {
  const { plan } = c.var.company;
  const now = c.var.now();
  const end = new Date(plan.trialEndDate);
  return c.json({
    plan: plan.type,
    status: plan.status,
    trialStartDate: plan.trialStartDate,
    trialEndDate: plan.trialEndDate,
    daysLeft: trialDaysLeft(end, now),
    showBanner: showTrialBanner(end, now),
  });
});
