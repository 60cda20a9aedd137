// The free trial (the spec's States, Limits): 90 days from creation; the banner shows in its last 30 days.

export const DAY_MS = 86_400_000;
export const TRIAL_DAYS = 90;
export const TRIAL_MS = 7_776_000_000;

const BANNER_FROM_DAYS = 30;

export function trialPeriod(now: Date): { start: Date; end: Date } {
  const start = now.getTime();
  return { start: new Date(start), end: new Date(start + TRIAL_MS) };
}

// Whole days remaining, rounded down: 31 days and 1 hour is "31 dage", never 32 (issue 28). The last
// day, under 24 hours, is 0 whole days; daysLeftText says "mindre end 1 dag" for it.
export function trialDaysLeft(end: Date, now: Date): number {
  const remaining = end.getTime() - now.getTime();
  if (!Number.isFinite(remaining) || remaining <= 0) return 0;
  return Math.floor(remaining / DAY_MS);
}

/** How the admin says `days` whole days left (trialDaysLeft) while the trial runs. */
export function daysLeftText(days: number): string {
  if (days < 1) return 'mindre end 1 dag';
  return days === 1 ? '1 dag' : `${days} dage`;
}

// Shown from 30 whole days left until the trial's last moment (the spec's States: "1 to 30 days remain"; the
// last hours count as the last day).
export function showTrialBanner(end: Date, now: Date): boolean {
  const remaining = end.getTime() - now.getTime();
  return remaining > 0 && trialDaysLeft(end, now) <= BANNER_FROM_DAYS;
}

// What happens to a site when the trial ends (issue 14 item 5), decided here and nowhere else:
// - ordered: the owner ordered a subscription; the site stays online whatever the dates say.
// - trial: the trial runs; the site is online.
// - grace: the trial ended less than GRACE_DAYS ago without an order; the site stays online as it
//   is, and the admin tells the owner the day it closes.
// - inactive: GRACE_DAYS after the trial's end without an order; visitors get the "ikke aktiv"
//   page instead of the site (the front server asks siteState for every company page it serves),
//   until the owner orders. Nothing is deleted.
// - a cancelled subscription (issue 49: "opsige når som helst") stays 'ordered' until the end of the
//   period already begun (subscriptionEndsAt), then 'inactive' like a trial past its grace days.
export const GRACE_DAYS = 14;
export const PLAN_STATUS_ORDERED = 'ordered';
export const PLAN_STATUS_CANCELLED = 'cancelled';

export const SITE_STATES = ['ordered', 'trial', 'grace', 'inactive'] as const;
export type SiteState = (typeof SITE_STATES)[number];

export function siteClosesAt(trialEnd: Date): Date {
  return new Date(trialEnd.getTime() + GRACE_DAYS * DAY_MS);
}

export function siteState(
  plan: { status: string; trialEndDate: string; endsAt?: string | null },
  now: Date,
): SiteState {
  if (plan.status === PLAN_STATUS_ORDERED) return 'ordered';
  if (plan.status === PLAN_STATUS_CANCELLED) {
    const endsAt = new Date(plan.endsAt ?? '');
    // An unreadable end never takes a site offline either.
    return Number.isNaN(endsAt.getTime()) || now.getTime() < endsAt.getTime() ? 'ordered' : 'inactive';
  }
  const end = new Date(plan.trialEndDate);
  // An unreadable date never takes a site offline.
  if (Number.isNaN(end.getTime()) || now.getTime() < end.getTime()) return 'trial';
  return now.getTime() < siteClosesAt(end).getTime() ? 'grace' : 'inactive';
}

/**
 * Where a subscription cancelled at `cancelledAt` ends (issue 49): the site stays online for the
 * period already begun. Cancelled during the free trial, that is the trial's end (nothing is paid);
 * after it, the end of the month running, the months counted from the trial's end (the first
 * invoice's day), on the same day of the month (the month's last day when it has no such day).
 */
export function subscriptionEndsAt(trialEnd: Date, cancelledAt: Date): Date {
  if (Number.isNaN(trialEnd.getTime()) || cancelledAt.getTime() < trialEnd.getTime()) return trialEnd;
  for (let months = 1; ; months++) {
    const end = addMonths(trialEnd, months);
    if (end.getTime() > cancelledAt.getTime()) return end;
  }
}

function addMonths(from: Date, months: number): Date {
  const end = new Date(from);
  const day = from.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
