// The homepage's "Næste ledige tid" words (issue 52 item 6): the day written out in Copenhagen time,
// never "i morgen" (only true on the day the page was rendered), across the daylight-saving change.
import { describe, expect, it } from 'vitest';
import { NEXT_FREE_NEAR_DAYS, nextFreeWording } from './booking-day-messages';
import { danishDay } from './danish-date';

describe('nextFreeWording', () => {
  it('writes the day and the time the Danish way, in Copenhagen', () => {
    expect(nextFreeWording(new Date('2026-12-08T09:30:00.000Z'))).toEqual({
      label: 'Næste ledige tid:',
      day: 'tirsdag 8. december',
      time: 'kl. 10.30',
    });
    // Late on a UTC day is already the next day in Copenhagen.
    expect(nextFreeWording(new Date('2026-12-31T23:15:00.000Z')).day).toBe('fredag 1. januar');
  });

  it('follows summer time: the same UTC hour reads an hour later after the last Sunday of March', () => {
    expect(nextFreeWording(new Date('2027-03-27T08:00:00.000Z')).time).toBe('kl. 09.00');
    expect(nextFreeWording(new Date('2027-03-29T08:00:00.000Z'))).toMatchObject({
      day: 'mandag 29. marts',
      time: 'kl. 10.00',
    });
  });

  it('never says "i dag" or "i morgen" itself', () => {
    const words = Object.values(nextFreeWording(new Date())).join(' ');
    for (const near of Object.values(NEXT_FREE_NEAR_DAYS)) expect(words).not.toContain(near);
    expect(danishDay('2027-10-31')).toBe('søndag 31. oktober');
  });
});
