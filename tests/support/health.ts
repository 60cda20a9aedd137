// The health answer of a product running on the system clock, with the facts in rules/ left aside.
// Whether a fact is due for review depends on the day (rules/fact-freshness.ts: 60 days before the
// håndværkerfradrag table lacks a year, say), and no test may fail on a date; the facts' own cases set
// the clock (api/app.test.ts, rules/fact-freshness.test.ts). Everything else in the answer is kept.
import { FACTS_PROBLEM } from '../../rules/fact-freshness';

interface HealthAnswer {
  status: string;
  problems: string[];
}

const FACT_PROBLEMS: readonly string[] = Object.values(FACTS_PROBLEM);

export function apartFromFacts<T extends HealthAnswer>(answer: T): T {
  const problems = answer.problems.filter((problem) => !FACT_PROBLEMS.includes(problem));
  const status = answer.status === 'degraded' && problems.length === 0 ? 'ok' : answer.status;
  return { ...answer, problems, status };
}
