// Facts that change with time (issue 48 item 7): the håndværkerfradrag table and each guarantee
// scheme's terms. Each is kept in `rules/` with its source and the day it was read; this module says
// which of them needs looking up again, so a stale fact never shows a wrong figure and never fails a
// test on a date. A fact is `due` from `DUE_AHEAD_DAYS` before the day it would go stale and `stale`
// from that day. Both show in /api/health (degraded), the operator view and as a warning in the test
// output (`tests/support/fact-warnings.ts`), so the table is brought up to date ahead of time.
//
// - The håndværkerfradrag table goes stale on 1 January (Danish time) of the first year whose block
//   would lack its figure (its amounts are not in the table) or its list (past the law's last year).
//   Until the amounts are added the sites show the work without a figure (`deductionBlock`).
// - A guarantee scheme's terms (who may claim it, its cover) are read again a year after `checked`.
import { GUARANTEE_SCHEMES } from './guarantee-schemes';
import { DEDUCTION_LAW, deductionDue } from './tax-deduction';

/** How long before a fact goes stale it is reported as due. */
export const DUE_AHEAD_DAYS = 60;
/** How long a scheme's terms are trusted after they were read. */
const SCHEME_TERMS_VALID_DAYS = 365;
const DAY_MS = 86_400_000;

export interface FactReview {
  /** Which fact: 'tax-deduction:2027', 'scheme:byg-garanti'. */
  id: string;
  state: 'due' | 'stale';
  /** The day (ISO date) the fact goes or went stale. */
  staleFrom: string;
  /** What to do, in English, for the test output: the file and what to look up. */
  action: string;
  /** The same for the operator view, in Danish. */
  text: string;
}

/** Midnight at the start of 1 January `year` in Denmark (CET, +01:00). */
function danishNewYear(year: number): Date {
  return new Date(`${year}-01-01T00:00:00+01:00`);
}

const DANISH_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Copenhagen' });

/** The day in Denmark, as an ISO date. */
function isoDay(date: Date): string {
  return DANISH_DAY.format(date);
}

function review(
  id: string,
  staleFrom: Date,
  now: Date,
  words: { action: string; text: string },
): FactReview | null {
  const left = staleFrom.getTime() - now.getTime();
  if (left > DUE_AHEAD_DAYS * DAY_MS) return null;
  return { id, state: left <= 0 ? 'stale' : 'due', staleFrom: isoDay(staleFrom), ...words };
}

/** The facts due or stale at `now`, the soonest first; [] when every fact is fresh. */
export function factReviews(now: Date): FactReview[] {
  const found: FactReview[] = [];
  const deduction = deductionDue(now);
  const year = deduction.dueYear;
  const deductionWords =
    deduction.reason === 'amounts'
      ? {
          action: `rules/tax-deduction.ts: add ${year}'s ceilings (håndværks- and serviceydelser per person) with their source; until then the sites show the qualifying work without a figure`,
          text: `Håndværkerfradrag ${year}: årets beløbsgrænser mangler i rules/tax-deduction.ts. Indtil de er tilføjet med kilde, viser hjemmesiderne arbejdet, der giver fradrag, uden beløb.`,
        }
      : {
          action: `rules/tax-deduction.ts: the law's list covers ${DEDUCTION_LAW.firstYear}-${DEDUCTION_LAW.lastYear}; look up whether it goes on in ${year} (until then the sites show no håndværkerfradrag block)`,
          text: `Håndværkerfradrag ${year}: lovens liste gælder ${DEDUCTION_LAW.firstYear}–${DEDUCTION_LAW.lastYear}. Undersøg, om ordningen fortsætter, og ret rules/tax-deduction.ts. Indtil da viser hjemmesiderne ingen oplysning om fradraget.`,
        };
  const deductionReview = review(`tax-deduction:${year}`, danishNewYear(year), now, deductionWords);
  if (deductionReview) found.push(deductionReview);
  for (const scheme of GUARANTEE_SCHEMES) {
    const staleFrom = new Date(
      Date.parse(`${scheme.checked}T00:00:00+01:00`) + SCHEME_TERMS_VALID_DAYS * DAY_MS,
    );
    const schemeReview = review(`scheme:${scheme.id}`, staleFrom, now, {
      action: `rules/guarantee-schemes.ts: read ${scheme.name}'s terms again (${scheme.source}) and update "checked"`,
      text: `${scheme.name}: vilkårene blev læst ${scheme.checked}. Læs dem igen, og ret rules/guarantee-schemes.ts.`,
    });
    if (schemeReview) found.push(schemeReview);
  }
  return found.sort((a, b) => a.staleFrom.localeCompare(b.staleFrom));
}

/** The facts as a whole at `now`: stale when any is, due when any is, else ok. */
export function factsState(now: Date): 'ok' | 'due' | 'stale' {
  const reviews = factReviews(now);
  if (reviews.length === 0) return 'ok';
  return reviews.some((item) => item.state === 'stale') ? 'stale' : 'due';
}

/** The health check's problem line for each state but ok. */
export const FACTS_PROBLEM = { due: 'facts due for review', stale: 'facts out of date' } as const;
