// The data-retention deletes (issue 25, personal data) as a job of their own: kind 'retention', one row
// (key 'retention') that runs once a day and puts itself back for the next day. Each run deletes the
// quote requests (and their photos) older than LEAD_KEEP_MONTHS, possible spam after SPAM_KEEP_DAYS,
// the bookings whose time ended BOOKING_KEEP_MONTHS ago,
// forgets the e-mail of review links past their 60 days, and deletes a deleted company's fakturaer
// once bogføringsloven's five years are over (rules/invoice-retention.ts; its tilbud went with it).
// Running it twice deletes nothing twice:
// every step is "what is older than the cutoff now".
import {
  type Db,
  deleteBookingsBefore,
  deleteLeadsBefore,
  deleteOrphanInvoicesBefore,
  deleteSpamBefore,
  enqueueOnce,
  eraseExpiredReviewContacts,
} from '../../db';
import { copenhagenDay } from '../../rules/ai-limit';
import { invoiceRetentionCutoff } from '../../rules/invoice-retention';
import { BOOKING_KEEP_MONTHS, LEAD_KEEP_MONTHS } from '../../rules/limits';
import { SPAM_KEEP_DAYS } from '../leads/lead-limits';
import { removeLeadPhotos } from '../leads/lead-photos';
import type { JobHandler } from './runner';

export const RETENTION_KEY = 'retention';
const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/** The moment before which requests (or bookings' times) are deleted: `months` back. */
function retentionCutoff(now: Date, months = LEAD_KEEP_MONTHS): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes what is past its time; answers how many requests went. */
export async function deleteExpired(db: Db, storageDir: string, now: Date): Promise<number> {
  let deleted = 0;
  const spamCutoff = new Date(now.getTime() - SPAM_KEEP_DAYS * 24 * 60 * 60 * 1000);
  for (const batchOf of [
    () => deleteLeadsBefore(db, retentionCutoff(now)),
    () => deleteSpamBefore(db, spamCutoff),
  ]) {
    for (;;) {
      const batch = await batchOf();
      for (const lead of batch) await removeLeadPhotos(storageDir, lead.companyCvr, lead.photos);
      deleted += batch.length;
      if (batch.length === 0) break;
    }
  }
  // Bookings whose time is BOOKING_KEEP_MONTHS past (issue 52); not counted among the requests.
  while ((await deleteBookingsBefore(db, retentionCutoff(now, BOOKING_KEEP_MONTHS))) > 0);
  // Review links past their 60 days: the customer's e-mail is no longer needed (issue 41).
  await eraseExpiredReviewContacts(db, now);
  // A deleted company's invoices after the five years of bogføringsloven (issue 51).
  await deleteOrphanInvoicesBefore(db, invoiceRetentionCutoff(copenhagenDay(now)));
  return deleted;
}

/** The daily job's handler: deletes, then runs again a day later. */
export function retentionJob(db: Db, storageDir: string, now: () => Date): JobHandler {
  return async () => {
    await deleteExpired(db, storageDir, now());
    return { nextRunAt: new Date(now().getTime() + RETENTION_EVERY_MS) };
  };
}

/** The daily job exists (the migration wrote it; this puts it back if it was ever lost), due now if new. */
export async function scheduleRetention(db: Db, now: Date): Promise<void> {
  await enqueueOnce(db, 'retention', {}, { key: RETENTION_KEY, now });
}
