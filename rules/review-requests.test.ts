import { describe, expect, it } from 'vitest';
import { reviewRequestState } from './review-requests';

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
