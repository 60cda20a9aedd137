import { describe, expect, it } from 'vitest';
import { DUE_AHEAD_DAYS, FACTS_PROBLEM, factReviews, factsState } from './fact-freshness';
import { GUARANTEE_SCHEMES } from './guarantee-schemes';

// Every case sets its own clock: what is due depends on the day, and no test may fail on one.
describe('facts due for review', () => {
  it('is quiet in a year whose amounts are known, long before the next', () => {
    expect(factReviews(new Date('2026-06-01T12:00:00Z'))).toEqual([]);
    expect(factsState(new Date('2026-06-01T12:00:00Z'))).toBe('ok');
  });

  it(`reports the missing ${2027} amounts ${DUE_AHEAD_DAYS} days ahead, and as stale from New Year in Copenhagen`, () => {
    // 2027 is covered by the law (2025-2027) but its ceilings are not in the table.
    expect(factReviews(new Date('2026-10-31T12:00:00Z'))).toEqual([]);
    const due = factReviews(new Date('2026-12-07T12:00:00Z'));
    expect(due).toEqual([
      expect.objectContaining({ id: 'tax-deduction:2027', state: 'due', staleFrom: '2027-01-01' }),
    ]);
    expect(due[0]?.action).toContain('rules/tax-deduction.ts');
    expect(due[0]?.text).toMatch(/^Håndværkerfradrag 2027: årets beløbsgrænser mangler/);
    expect(factsState(new Date('2026-12-31T22:59:00Z'))).toBe('due'); // 23:59 in Copenhagen
    expect(factsState(new Date('2026-12-31T23:00:00Z'))).toBe('stale'); // midnight in Copenhagen
    expect(factReviews(new Date('2027-01-02T12:00:00Z'))[0]).toMatchObject({ state: 'stale' });
    expect(FACTS_PROBLEM.stale).toBe('facts out of date');
  });

  it('asks for the law itself once its last year is near', () => {
    const reviews = factReviews(new Date('2027-12-01T12:00:00Z'));
    const deduction = reviews.find((item) => item.id.startsWith('tax-deduction:'));
    // 2027 lacks its amounts (stale) before 2028 is reached; once past 2027 it is the law's turn.
    expect(deduction).toMatchObject({ id: 'tax-deduction:2027', state: 'stale' });
    expect(
      factReviews(new Date('2028-01-05T12:00:00Z')).find((item) => item.id.startsWith('tax-')),
    ).toMatchObject({
      id: 'tax-deduction:2028',
      state: 'stale',
    });
  });

  it("asks for each guarantee scheme's terms a year after they were read", () => {
    const scheme = GUARANTEE_SCHEMES[0];
    if (!scheme) throw new Error('no schemes');
    const read = Date.parse(`${scheme.checked}T12:00:00+01:00`);
    const reviewsAt = (days: number) =>
      factReviews(new Date(read + days * 86_400_000)).find((item) => item.id === `scheme:${scheme.id}`);
    expect(reviewsAt(300)).toBeUndefined();
    expect(reviewsAt(310)).toMatchObject({ state: 'due' });
    expect(reviewsAt(366)).toMatchObject({ state: 'stale' });
    expect(reviewsAt(366)?.text).toContain(scheme.name);
  });
});
