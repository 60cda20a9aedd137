// Which lane of the suite this run is (vitest.config.ts). `npm run test:quick` sets
// MESTERSIDE_TEST_LANE=quick: in-process tests on SQLite alone, with no build, no browser and no
// product process. `npm test` runs the same files on both databases, after the build.
import { it, type TestFunction } from 'vitest';

export const QUICK_LANE = process.env.MESTERSIDE_TEST_LANE === 'quick';

/** Why a case that needs the built site templates does not run in the quick lane. */
const NEEDS_TEMPLATES = ' (not in the quick lane: it renders with the built templates; npm test runs it)';

/**
 * A case that renders a page with the built site templates (`dist/site`), which the quick lane does
 * not build: there it is named as not run, so a clean clone's `npm run test:quick` passes; `npm test`
 * runs it after the build.
 */
export function itRenders(name: string, test: TestFunction): void {
  if (QUICK_LANE) it.skip(`${name}${NEEDS_TEMPLATES}`, test);
  else it(name, test);
}

/**
 * How many generated cases a property test tries: `full` in `npm test`, a fifth in the quick lane,
 * whose loop is seconds (the rich-text round trip's 3,000 generated cases were a tenth of its CPU);
 * `npm test` tries every case before a push.
 */
export function propertyRuns(full: number): number {
  return QUICK_LANE ? Math.ceil(full / 5) : full;
}

/**
 * How many times a test repeats its case (a flood's requests, a crowd of bots): `full` in `npm test`,
 * `quick` in the quick lane, where every assertion still holds at the smaller count and the loop
 * stays seconds (a 1,000-request flood through the API was 20 s of one worker).
 */
export function repeatCount(full: number, quick: number): number {
  return QUICK_LANE ? quick : full;
}
