// Vitest global setup (the unit project, so both `npm test` and `npm run test:quick` print it): a
// warning in the test output for every fact in rules/ that is due for review or out of date
// (rules/fact-freshness.ts), from 60 days ahead. A warning and never a failure: no test fails on a
// date, and the sites never show a stale figure meanwhile (a year without amounts shows none).
import { factReviews } from '../../rules/fact-freshness';

export function setup(): void {
  const reviews = factReviews(new Date());
  if (reviews.length === 0) return;
  const lines = reviews.map(
    (item) =>
      `  ${item.state === 'stale' ? 'OUT OF DATE' : 'due'} ${item.staleFrom}  ${item.id}: ${item.action}`,
  );
  process.stderr.write(
    `\nWARNING: facts in rules/ to look up again (rules/fact-freshness.ts):\n${lines.join('\n')}\n\n`,
  );
}
