import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  daysLeftText,
  GRACE_DAYS,
  PLAN_STATUS_CANCELLED,
  PLAN_STATUS_ORDERED,
  showTrialBanner,
  siteClosesAt,
  siteState,
  subscriptionEndsAt,
  TRIAL_DAYS,
  TRIAL_MS,
  trialDaysLeft,
  trialPeriod,
} from './trial';

const now = new Date('2026-01-15T10:00:00Z');
const endIn = (ms: number) => new Date(now.getTime() + ms);

describe('trial constants', () => {
  it('matches the spec', () => {
    expect(TRIAL_DAYS).toBe(90);
    expect(TRIAL_MS).toBe(7_776_000_000);
    expect(DAY_MS).toBe(86_400_000);
    expect(TRIAL_DAYS * DAY_MS).toBe(TRIAL_MS);
  });
});

describe('trialPeriod', () => {
  it('starts now and ends 7776000000 ms later', () => {
    const { start, end } = trialPeriod(now);
    expect(start.getTime()).toBe(now.getTime());
    expect(end.getTime() - start.getTime()).toBe(TRIAL_MS);
    expect(end.toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(start).not.toBe(now);
  });
});

describe('trialDaysLeft', () => {
  it('counts whole days left, rounding down, and is 0 once past', () => {
    expect(trialDaysLeft(endIn(TRIAL_MS), now)).toBe(90);
    expect(trialDaysLeft(endIn(31 * DAY_MS + 3_600_000), now)).toBe(31);
    expect(trialDaysLeft(endIn(DAY_MS), now)).toBe(1);
    expect(trialDaysLeft(endIn(DAY_MS + 1), now)).toBe(1);
    expect(trialDaysLeft(endIn(2 * DAY_MS - 1), now)).toBe(1);
    expect(trialDaysLeft(endIn(1), now)).toBe(0);
    expect(trialDaysLeft(endIn(0), now)).toBe(0);
    expect(trialDaysLeft(endIn(-5 * DAY_MS), now)).toBe(0);
    expect(trialDaysLeft(new Date(Number.NaN), now)).toBe(0);
  });
});

describe('daysLeftText', () => {
  it('says the whole days in Danish, and the last hours as less than a day', () => {
    expect(daysLeftText(32)).toBe('32 dage');
    expect(daysLeftText(2)).toBe('2 dage');
    expect(daysLeftText(1)).toBe('1 dag');
    expect(daysLeftText(0)).toBe('mindre end 1 dag');
  });
});

describe('showTrialBanner', () => {
  it('shows exactly when 1 to 30 days remain', () => {
    expect(showTrialBanner(endIn(31 * DAY_MS), now)).toBe(false);
    expect(showTrialBanner(endIn(31 * DAY_MS - 1), now)).toBe(true);
    expect(showTrialBanner(endIn(30 * DAY_MS + 1), now)).toBe(true);
    expect(showTrialBanner(endIn(30 * DAY_MS), now)).toBe(true);
    expect(showTrialBanner(endIn(15 * DAY_MS), now)).toBe(true);
    expect(showTrialBanner(endIn(DAY_MS), now)).toBe(true);
    expect(showTrialBanner(endIn(1), now)).toBe(true);
    expect(showTrialBanner(endIn(0), now)).toBe(false);
    expect(showTrialBanner(endIn(-DAY_MS), now)).toBe(false);
  });

  it('agrees with trialDaysLeft for any remaining time', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100 * DAY_MS, max: 100 * DAY_MS }), (ms) => {
        const days = trialDaysLeft(endIn(ms), now);
        expect(showTrialBanner(endIn(ms), now)).toBe(ms > 0 && days <= 30);
        expect(days).toBe(ms <= 0 ? 0 : Math.floor(ms / DAY_MS));
      }),
    );
  });
});

describe('siteState: what happens to a site when the trial ends', () => {
  const trialEnd = new Date('2026-04-01T10:00:00Z');
  const plan = { status: 'active', trialEndDate: trialEnd.toISOString() };
  const at = (ms: number) => new Date(trialEnd.getTime() + ms);

  it('is online during the trial, then 14 days of grace, then inactive', () => {
    expect(GRACE_DAYS).toBe(14);
    expect(siteState(plan, at(-1))).toBe('trial');
    expect(siteState(plan, at(0))).toBe('grace');
    expect(siteState(plan, at(14 * DAY_MS - 1))).toBe('grace');
    expect(siteState(plan, at(14 * DAY_MS))).toBe('inactive');
    expect(siteState(plan, at(400 * DAY_MS))).toBe('inactive');
    expect(siteClosesAt(trialEnd).toISOString()).toBe('2026-04-15T10:00:00.000Z');
  });

  it('keeps an ordered site online whatever the dates say', () => {
    const ordered = { ...plan, status: PLAN_STATUS_ORDERED };
    expect(siteState(ordered, at(-DAY_MS))).toBe('ordered');
    expect(siteState(ordered, at(400 * DAY_MS))).toBe('ordered');
  });

  it('never closes a site over an unreadable date', () => {
    expect(siteState({ status: 'active', trialEndDate: 'ikke en dato' }, at(400 * DAY_MS))).toBe('trial');
  });
});

describe('a cancelled subscription (issue 49)', () => {
  const trialEnd = new Date('2026-03-31T10:00:00Z');

  it('ends with the trial when cancelled during it', () => {
    expect(subscriptionEndsAt(trialEnd, new Date('2026-02-01T08:00:00Z'))).toEqual(trialEnd);
  });

  it('ends with the month running after it, counted from the trial end, the last day for short months', () => {
    // The 31st: April has 30 days, so the first paid month ends on 30 April.
    expect(subscriptionEndsAt(trialEnd, new Date('2026-04-02T00:00:00Z')).toISOString()).toBe(
      '2026-04-30T10:00:00.000Z',
    );
    expect(subscriptionEndsAt(trialEnd, new Date('2026-05-01T00:00:00Z')).toISOString()).toBe(
      '2026-05-31T10:00:00.000Z',
    );
    // At the very moment a month ends, the next one has begun.
    expect(subscriptionEndsAt(trialEnd, trialEnd).toISOString()).toBe('2026-04-30T10:00:00.000Z');
  });

  it('keeps the site until the end, then shows the inactive page; an unreadable end keeps it', () => {
    const plan = {
      status: PLAN_STATUS_CANCELLED,
      trialEndDate: trialEnd.toISOString(),
      endsAt: '2026-04-30T10:00:00.000Z',
    };
    expect(siteState(plan, new Date('2026-04-30T09:59:59Z'))).toBe('ordered');
    expect(siteState(plan, new Date('2026-04-30T10:00:00Z'))).toBe('inactive');
    expect(siteState({ ...plan, endsAt: null }, new Date('2030-01-01T00:00:00Z'))).toBe('ordered');
  });
});
