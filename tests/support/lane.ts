// Which lane of the suite this run is (vitest.config.ts). `npm run test:quick` sets
// MESTERSIDE_TEST_LANE=quick: in-process tests on SQLite alone, with no build, no browser and no
// product process. `npm test` runs the same files on both databases, after the build.
export const QUICK_LANE = process.env.MESTERSIDE_TEST_LANE === 'quick';

/** Why a case that needs the built site templates does not run in the quick lane. */
export const NEEDS_TEMPLATES =
  ' (not in the quick lane: it renders with the built templates; npm test runs it)';
