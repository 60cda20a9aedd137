// What follows a committed "Send tilbud" (issue 51 item 3), through the one job table: the customer's
// mail with the link and the PDF, and the reminder a few days before valid-until (keyed, so an answer
// or a new version cancels it). A customer with only a phone number gets no mail: the owner is
// answered the SMS text to copy. Nothing is sent inline.
import { type Company, cancel, type Db, enqueue, type Quote } from '../../db';
import type { QuoteMailPayload } from '../jobs/quote-jobs';
import { QUOTE_REMINDER_DAYS_BEFORE, quoteLinkUrl, quoteReminderKey, quoteSmsText } from './quote-mail';

const DAY_MS = 86_400_000;

/** Queues the mails of a tilbud just sent; answers the SMS text when there is no e-mail. */
export async function queueSentQuote(
  db: Db,
  company: Company,
  quote: Quote,
  publicHost: string,
  now: Date,
): Promise<string | null> {
  const cvr = company.cvr;
  if (quote.replacesId) await cancel(db, quoteReminderKey(cvr, quote.replacesId));
  if (!quote.customerEmail) return quoteSmsOf(db, company, quote, publicHost);
  const payload = (mail: QuoteMailPayload['mail']): QuoteMailPayload => ({ cvr, quoteId: quote.id, mail });
  await enqueue(db, 'quote-mail', payload('customer'), { now, key: `quote-mail:${cvr}:${quote.id}` });
  // At 08:00 Danish time (07:00 UTC is near enough all year) N days before the last valid day.
  const remindAt = new Date(
    Date.parse(`${quote.validUntil}T07:00:00Z`) - QUOTE_REMINDER_DAYS_BEFORE * DAY_MS,
  );
  if (remindAt.getTime() > now.getTime() + DAY_MS)
    await enqueue(db, 'quote-mail', payload('reminder'), {
      now,
      runAt: remindAt,
      key: quoteReminderKey(cvr, quote.id),
    });
  return null;
}

/**
 * The SMS text the owner copies for a sent tilbud whose customer has only a phone number (the same
 * text "Send tilbud" answered, so it survives a reload); null for a draft, a replaced version, or a
 * customer with an e-mail (who was mailed) or no phone.
 */
export async function quoteSmsOf(
  db: Db,
  company: Company,
  quote: Quote,
  publicHost: string,
): Promise<string | null> {
  if (quote.storedState === 'draft' || quote.replacedById) return null;
  if (quote.customerEmail || !quote.customerPhone) return null;
  return quoteSmsText(quote, company, await quoteLinkUrl(db, company, publicHost, quote.id));
}

/** The customer answered: the reminder goes, the owner's notice is queued. */
export async function queueAnsweredQuote(db: Db, cvr: string, quoteId: string, now: Date): Promise<void> {
  await cancel(db, quoteReminderKey(cvr, quoteId));
  const payload: QuoteMailPayload = { cvr, quoteId, mail: 'answered' };
  await enqueue(db, 'quote-mail', payload, { now, key: `quote-answered:${cvr}:${quoteId}` });
}
