// Booking times in Danish words (issue 52): the homepage's "Næste ledige tid" line. Apart from booking-messages.ts
// so the company site's templates carry only these.
import { copenhagenClock, formatSlotTime } from './booking-slots';
import { danishDay } from './danish-date';

/**
 * The homepage's "Næste ledige tid" (issue 52 item 6) of a free time: its day written out, since
 * "i morgen" is only true on the day the page is rendered (the site's script says "i dag" or
 * "i morgen" from the visitor's clock, templates/site/site-script.astro), and its time.
 */
export function nextFreeWording(at: Date): { label: string; day: string; time: string } {
  return {
    label: 'Næste ledige tid:',
    day: danishDay(copenhagenClock(at).date),
    time: `kl. ${formatSlotTime(at)}`,
  };
}

/** What the site's script writes in place of the day when the time is today or tomorrow. */
export const NEXT_FREE_NEAR_DAYS = { today: 'i dag', tomorrow: 'i morgen' } as const;
