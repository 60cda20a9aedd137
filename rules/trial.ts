// The free trial (SPEC §4, §9): 90 days from creation; the banner shows in its last 30 days.

export const DAY_MS = 86_400_000;
export const TRIAL_DAYS = 90;
export const TRIAL_MS = 7_776_000_000;

const BANNER_FROM_DAYS = 30;

export function trialPeriod(now: Date): { start: Date; end: Date } {
  const start = now.getTime();
  return { start: new Date(start), end: new Date(start + TRIAL_MS) };
}

// Rounded up so "a few hours left" still reads as 1 day rather than 0.
export function trialDaysLeft(end: Date, now: Date): number {
  const remaining = end.getTime() - now.getTime();
  if (!Number.isFinite(remaining) || remaining <= 0) return 0;
  return Math.ceil(remaining / DAY_MS);
}

export function showTrialBanner(end: Date, now: Date): boolean {
  const days = trialDaysLeft(end, now);
  return days >= 1 && days <= BANNER_FROM_DAYS;
}
