// The trial banner (SPEC §4): shown while 1 to 30 days of the free trial remain. Built by the
// subscription work; until then it shows nothing.
export function TrialBanner() {
  return null;
}
