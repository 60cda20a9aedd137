import { describe, expect, it } from 'vitest';
import {
  REVIEW_HOLD_CLIENT_DAYS,
  REVIEW_HOLD_PER_HOUR,
  REVIEW_HOLD_SAME_CLIENT,
  REVIEW_LINK_VALID_DAYS,
  REVIEW_RECIPIENT_DAYS,
  REVIEW_REMINDER_AFTER_DAYS,
  REVIEW_REQUESTS_PER_DAY,
} from './limits';
import {
  askedRecentlySince,
  customerMustConfirm,
  dailyCapReached,
  dailyCapSince,
  newRequestTimes,
  reviewAskRefusal,
  reviewHoldReason,
  reviewHoldWindows,
  reviewRequestState,
} from './review-requests';

const now = new Date('2026-12-07T10:00:00.000Z');
const open = { expiresAt: '2027-02-05T10:00:00.000Z', remindedAt: null, usedAt: null, declinedAt: null };

describe('reviewRequestState', () => {
  it('says sent, then reminded, while the link is valid', () => {
    expect(reviewRequestState(open, now)).toBe('sent');
    expect(reviewRequestState({ ...open, remindedAt: '2026-12-14T10:00:00.000Z' }, now)).toBe('reminded');
  });

  it('says expired from the expiry on, unless the customer wrote or said no first', () => {
    const expired = { ...open, expiresAt: now.toISOString() };
    expect(reviewRequestState(expired, now)).toBe('expired');
    expect(reviewRequestState({ ...expired, usedAt: '2026-12-01T10:00:00.000Z' }, now)).toBe('reviewed');
    expect(reviewRequestState({ ...expired, declinedAt: '2026-12-01T10:00:00.000Z' }, now)).toBe('declined');
  });
});

const DAY = 24 * 60 * 60 * 1000;

describe('who may be asked, and how often', () => {
  it('counts a customer as asked recently for REVIEW_RECIPIENT_DAYS, and the daily cap over 24 hours', () => {
    expect(askedRecentlySince(now)).toBe(new Date(now.getTime() - REVIEW_RECIPIENT_DAYS * DAY).toISOString());
    expect(dailyCapSince(now)).toBe('2026-12-06T10:00:00.000Z');
  });

  it('stops at REVIEW_REQUESTS_PER_DAY requests, not one before', () => {
    expect(dailyCapReached(REVIEW_REQUESTS_PER_DAY - 1)).toBe(false);
    expect(dailyCapReached(REVIEW_REQUESTS_PER_DAY)).toBe(true);
  });
});

describe('a new request', () => {
  it('has a link valid REVIEW_LINK_VALID_DAYS and a reminder only when one goes', () => {
    const times = newRequestTimes(now, true);
    expect(times.createdAt).toBe(now.toISOString());
    expect(times.expiresAt).toBe(new Date(now.getTime() + REVIEW_LINK_VALID_DAYS * DAY).toISOString());
    expect(times.reminderDueAt).toBe(
      new Date(now.getTime() + REVIEW_REMINDER_AFTER_DAYS * DAY).toISOString(),
    );
    expect(newRequestTimes(now, false).reminderDueAt).toBeNull();
  });

  it('makes the customer confirm an e-mail only when the link went through the owner', () => {
    expect(customerMustConfirm(false, false)).toBe(true);
    expect(customerMustConfirm(false, true)).toBe(false);
    expect(customerMustConfirm(true, false)).toBe(false);
  });
});

describe('which ask is refused, and why', () => {
  const clean = {
    ownContact: false,
    leadAsked: false,
    declinedBefore: false,
    askedRecently: false,
    madeLastDay: 0,
  };
  it('lets a clean ask through, and refuses each reason on its own', () => {
    expect(reviewAskRefusal(clean)).toBeNull();
    expect(reviewAskRefusal({ ...clean, ownContact: true })).toBe('own-contact');
    expect(reviewAskRefusal({ ...clean, leadAsked: true })).toBe('lead-asked');
    expect(reviewAskRefusal({ ...clean, declinedBefore: true })).toBe('declined-before');
    expect(reviewAskRefusal({ ...clean, askedRecently: true })).toBe('asked-recently');
    expect(reviewAskRefusal({ ...clean, madeLastDay: REVIEW_REQUESTS_PER_DAY - 1 })).toBeNull();
    expect(reviewAskRefusal({ ...clean, madeLastDay: REVIEW_REQUESTS_PER_DAY })).toBe('daily-limit');
  });
  it('names the owner\'s own contact first, and a customer\'s no before "asked recently"', () => {
    const all = {
      ownContact: true,
      leadAsked: true,
      declinedBefore: true,
      askedRecently: true,
      madeLastDay: 99,
    };
    expect(reviewAskRefusal(all)).toBe('own-contact');
    expect(reviewAskRefusal({ ...all, ownContact: false, leadAsked: false })).toBe('declined-before');
  });
});

describe('which review waits for the operator', () => {
  const quiet = { sameClient: 0, sameEmail: 0, lastHour: 0 };
  it('holds a second review from one address, a second from one e-mail, and a busy hour', () => {
    expect(reviewHoldReason(quiet)).toBeNull();
    expect(reviewHoldReason({ ...quiet, sameClient: REVIEW_HOLD_SAME_CLIENT })).toBe('same-client');
    expect(reviewHoldReason({ ...quiet, sameEmail: 1 })).toBe('same-email');
    expect(reviewHoldReason({ ...quiet, lastHour: REVIEW_HOLD_PER_HOUR - 1 })).toBeNull();
    expect(reviewHoldReason({ ...quiet, lastHour: REVIEW_HOLD_PER_HOUR })).toBe('busy-hour');
  });
  it('does not hold on what is unknown (no address, no e-mail)', () => {
    expect(reviewHoldReason({ sameClient: null, sameEmail: null, lastHour: 0 })).toBeNull();
  });
  it('counts one address over REVIEW_HOLD_CLIENT_DAYS and the busy hour over the last 60 minutes', () => {
    const { sameClientSince, busySince } = reviewHoldWindows(now);
    expect(now.getTime() - sameClientSince.getTime()).toBe(REVIEW_HOLD_CLIENT_DAYS * 24 * 60 * 60 * 1000);
    expect(now.getTime() - busySince.getTime()).toBe(60 * 60 * 1000);
  });
});
