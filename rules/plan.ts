// The one plan (SPEC §9): its monthly price and the free months before it. Every text that names the
// price or the trial (marketing pages, the welcome mail, the admin's banner and subscription screen)
// reads them from here, so a change of price is one edit.
import { TRIAL_DAYS } from './trial';

/** Kroner a month, no commitment. */
export const PRICE_KR = 249;
/** The free trial in months, as the texts say it (TRIAL_DAYS counts the days: 90 = 3 × 30). */
export const TRIAL_MONTHS = TRIAL_DAYS / 30;
