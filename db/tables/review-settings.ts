// The owner's review switch, one row per company (issue 41; db/tables/reviews.ts has the whole story).
import { type Db, inTransaction } from '../database';

export interface ReviewSettingsTable {
  companyCvr: string;
  remindersEnabled: number;
}

/** The owner's switch. There is no switch that hides the reviews (issue 48): the site says the company
 *  cannot hide them, and that is so. */
export interface ReviewSettings {
  /** One reminder after REVIEW_REMINDER_AFTER_DAYS to a customer who has not answered. */
  remindersEnabled: boolean;
}

const DEFAULT_REVIEW_SETTINGS: Readonly<ReviewSettings> = Object.freeze({ remindersEnabled: true });

export async function getReviewSettings(db: Db, cvr: string): Promise<ReviewSettings> {
  const row = await db
    .selectFrom('reviewSettings')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  return row ? { remindersEnabled: row.remindersEnabled === 1 } : DEFAULT_REVIEW_SETTINGS;
}

/**
 * Stores the switches. Turning reminders off cancels the reminders not yet sent, and with them the
 * reason to keep those customers' e-mail addresses: they are erased at once.
 */
export async function saveReviewSettings(db: Db, cvr: string, settings: ReviewSettings): Promise<void> {
  const values = { companyCvr: cvr, remindersEnabled: settings.remindersEnabled ? 1 : 0 };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('reviewSettings')
      .values(values)
      .onConflict((oc) => oc.column('companyCvr').doUpdateSet({ remindersEnabled: values.remindersEnabled }))
      .execute();
    if (!settings.remindersEnabled) {
      await trx
        .updateTable('reviewRequests')
        .set({ reminderDueAt: null, email: null })
        .where('companyCvr', '=', cvr)
        .where('reminderDueAt', 'is not', null)
        .execute();
    }
  });
}
