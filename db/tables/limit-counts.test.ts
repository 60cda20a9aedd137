// Shared counts on both dialects (issue 48, migration 0027): hits add up in one window and start
// again after it; two database handles on one database (two web processes) count together, even
// when they hit at the same moment; a capped take never overshoots its cap, however many run at once.
import { expect, it } from 'vitest';
import { LimitStore, RateLimiter } from '../../api/middleware/rate-limit';
import { describeEachDialect } from '../../tests/support/databases';
import { countInWindow, giveBack, readWindowCount, sweepEndedCounts, takeWithinCap } from './limit-counts';

const START = Date.UTC(2026, 2, 1, 10, 0);
const at = (ms: number) => new Date(START + ms);

describeEachDialect('limit counts', (use) => {
  it('adds hits within a window and starts a new window after it', async () => {
    const { db } = use();
    expect((await countInWindow(db, 'l', 'k', 1, 60_000, at(0))).points).toBe(1);
    expect((await countInWindow(db, 'l', 'k', 2, 60_000, at(10_000))).points).toBe(3);
    expect((await countInWindow(db, 'l', 'other', 1, 60_000, at(10_000))).points).toBe(1);
    const running = await readWindowCount(db, 'l', 'k', at(30_000));
    expect(running).toEqual({ points: 3, windowEndsAt: at(60_000) });
    expect(await readWindowCount(db, 'l', 'k', at(60_000))).toBeNull();
    const next = await countInWindow(db, 'l', 'k', 1, 60_000, at(61_000));
    expect(next).toEqual({ points: 1, windowEndsAt: at(121_000) });
    expect(await sweepEndedCounts(db, at(100_000))).toBe(1);
    expect(await readWindowCount(db, 'l', 'other', at(10_001))).toBeNull();
  });

  it('takes within a cap only, never past it even when many take at once, and gives back', async () => {
    const { db } = use();
    const end = at(86_400_000);
    const taken = await Promise.all(
      Array.from({ length: 12 }, () => takeWithinCap(db, 'bytes', 'c', 300, 1000, end, at(0))),
    );
    expect(taken.filter((points) => points !== null)).toHaveLength(3);
    expect((await readWindowCount(db, 'bytes', 'c', at(1)))?.points).toBe(900);
    expect(await takeWithinCap(db, 'bytes', 'c', 101, 1000, end, at(1))).toBeNull();
    expect(await takeWithinCap(db, 'bytes', 'c', 100, 1000, end, at(1))).toBe(1000);
    await giveBack(db, 'bytes', 'c', 400, at(2));
    expect(await takeWithinCap(db, 'bytes', 'c', 400, 1000, end, at(3))).toBe(1000);
    // Next day: a fresh budget.
    expect(await takeWithinCap(db, 'bytes', 'c', 700, 1000, at(2 * 86_400_000), end)).toBe(700);
    expect(await takeWithinCap(db, 'bytes', 'c', 1001, 1000, end, at(0))).toBeNull();
  });

  it('lets two LimitStores on one database (two web processes) count one allowance', async () => {
    const { db } = use();
    const limiter = new RateLimiter({ name: 'shared-test', limit: 5, windowMs: 60_000 });
    const clock = () => START;
    const one = new LimitStore({ db, now: clock });
    const two = new LimitStore({ db, now: clock });
    expect(one.shared).toBe(true);
    // Hits of both at the same moment: 5 pass in all, not 5 each.
    const waits = await Promise.all(
      Array.from({ length: 10 }, (_, n) => (n % 2 === 0 ? one : two).hit(limiter, '198.51.100.7')),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    expect(await one.retryAfterSeconds(limiter, '198.51.100.7')).toBe(60);
    expect(await two.retryAfterSeconds(limiter, '198.51.100.8')).toBe(0);
    await two.reset(limiter, '198.51.100.7');
    expect(await one.hit(limiter, '198.51.100.7')).toBe(0);
  });
});
