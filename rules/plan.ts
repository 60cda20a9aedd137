// The one plan (the spec's Limits): its monthly price and the free months before it. Every text that names the
// price or the trial (marketing pages, the welcome mail, the admin's banner and subscription screen)
// reads them from here, so a change of price is one edit.
import { TRIAL_DAYS } from './trial';

/** Kroner a month, no commitment, excluding moms (issue 49: a firm's price is quoted ekskl. moms). */
export const PRICE_KR = 249;
/** Danish moms, in per cent. */
const MOMS_PERCENT = 25;
/** The monthly price in øre, without and with moms (money in integers: 24 900 and 31 125). */
export const PRICE_ORE = PRICE_KR * 100;
export const PRICE_INCL_MOMS_ORE = Math.round((PRICE_ORE * (100 + MOMS_PERCENT)) / 100);

/** Øre as Danish kroner: 24 900 → '249 kr.', 31 125 → '311,25 kr.' (small sums: no thousands dots). */
export function formatKroner(ore: number): string {
  const rest = ore % 100;
  return `${Math.trunc(ore / 100)}${rest ? `,${String(rest).padStart(2, '0')}` : ''} kr.`;
}

/** The price as the admin and the mails say it: '249 kr. om måneden ekskl. moms (311,25 kr. inkl. moms)'. */
export const PRICE_TEXT = `${formatKroner(PRICE_ORE)} om måneden ekskl. moms (${formatKroner(PRICE_INCL_MOMS_ORE)} inkl. moms)`;
/** The free trial in months, as the texts say it (TRIAL_DAYS counts the days: 90 = 3 × 30). */
export const TRIAL_MONTHS = TRIAL_DAYS / 30;
