// The mail that tells the owner about a request: plain text only (the visitor's words can never
// become markup), the photos attached, Reply-To the visitor when they gave an e-mail. The visitor's
// name goes into the subject only as one line, cut short; the form already refused CR/LF there, and
// nodemailer encodes every header, so nothing the visitor typed can add a header.
import type { Company, Lead, LeadSettings } from '../../db';
import type { MailMessage } from '../../lib/mailer';
import { countOf } from '../../rules/count';
import { LEAD_FIELDS } from '../../rules/lead-form';
import { LEAD_RECEIPT_MESSAGES } from '../../rules/lead-messages';
import { formatPhone } from '../../rules/phone';
import { deductionWork } from '../../rules/tax-deduction';
import { findTradeProfile } from '../../rules/trades';

/**
 * Who receives a company's requests (issue 39): the address the owner chose and its inbox confirmed,
 * else the owner's login e-mail. Never the company's e-mail from the CVR registry: nobody at the
 * company told us they read it, and an owner does not think to look there. A company without an
 * owner (the demo companies) has nobody to mail.
 */
export function leadRecipient(company: Pick<Company, 'companyEmail'>, settings: LeadSettings): string | null {
  return settings.recipientEmail || company.companyEmail || null;
}

/**
 * Where a request may be mailed now (issue 48 item 5): the chosen address (its inbox confirmed it), or
 * the login e-mail once the owner has confirmed it (users.email_verified_at: the link in the welcome
 * mail, or "Send bekræftelsen igen" under Henvendelser). Until then null: the request waits in the
 * inbox, and its mail waits in the outbox for the confirmation.
 */
export function mailableLeadRecipient(
  company: Pick<Company, 'companyEmail'>,
  settings: LeadSettings,
  loginConfirmed: boolean,
): string | null {
  if (settings.recipientEmail) return settings.recipientEmail;
  return loginConfirmed ? company.companyEmail || null : null;
}

/** What the customer wrote, field by field, as the owner's mail and the receipt copy it: a postcode
 *  and a number plate only when the form asked and the customer gave one (a salon asks no postcode). */
function leadFieldLines(lead: Lead): string[] {
  return [
    `${LEAD_FIELDS.name}: ${lead.name}`,
    `${LEAD_FIELDS.phone}: ${formatPhone(lead.phone) || '–'}`,
    `${LEAD_FIELDS.email}: ${lead.email || '–'}`,
    ...(lead.postcode ? [`${LEAD_FIELDS.postcode}: ${lead.postcode}`] : []),
    ...(lead.plate ? [`${LEAD_FIELDS.plate}: ${lead.plate}`] : []),
    '',
    `${LEAD_FIELDS.message}`,
    lead.message,
  ];
}

function oneLine(value: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

// Issue 42: a customer who asks about håndværkerfradrag can deduct only the labour, and only from an
// invoice that names it apart from the materials; the owner is reminded in every request's mail when
// some of the trade's work qualifies (rules/tax-deduction.ts).
const DEDUCTION_REMINDER =
  'Spørger kunden om håndværkerfradrag? Så skal arbejdsløn og materialer stå på hver sin linje i tilbuddet og på fakturaen, og kunden skal betale elektronisk.';

function qualifiesForDeduction(
  company: Partial<Pick<Company, 'name' | 'industryCode' | 'industryDesc'>>,
): boolean {
  const trade = findTradeProfile({
    industryCode: company.industryCode ?? null,
    industryDesc: company.industryDesc ?? null,
    companyName: company.name ?? null,
  });
  return deductionWork(trade.id).length > 0;
}

export function leadMail(
  lead: Lead,
  company: Pick<Company, 'name'> & Partial<Pick<Company, 'industryCode' | 'industryDesc'>>,
  to: string,
  adminUrl: string,
  photos: { filename: string; content: Buffer }[],
): MailMessage {
  const lines = [
    `Ny forespørgsel fra hjemmesiden for ${company.name}:`,
    '',
    ...leadFieldLines(lead),
    '',
    photos.length > 0
      ? `${countOf(photos.length, 'billede', 'billeder')} vedhæftet.`
      : 'Ingen billeder vedhæftet.',
    '',
    lead.email
      ? 'Svar på denne e-mail for at skrive direkte til kunden.'
      : 'Kunden har ikke opgivet en e-mail.',
    ...(qualifiesForDeduction(company) ? ['', DEDUCTION_REMINDER, ''] : []),
    `Se alle henvendelser: ${adminUrl}`,
  ];
  return {
    to,
    subject: `Ny forespørgsel fra ${oneLine(lead.name, 80)}`,
    text: `${lines.join('\n')}\n`,
    ...(lead.email ? { replyTo: lead.email } : {}),
    ...(photos.length > 0 ? { attachments: photos } : {}),
  };
}

/**
 * The customer's receipt (issue 49): "Vi har modtaget din henvendelse" with a copy of what they sent,
 * plain text, to the e-mail they gave; Reply-To the firm's recipient, so an answer reaches the firm.
 * The photos are counted, not attached: the customer has them.
 */
export function leadReceiptMail(
  lead: Lead,
  company: Pick<Company, 'name'>,
  to: string,
  replyTo: string | null,
): MailMessage {
  const r = LEAD_RECEIPT_MESSAGES;
  const lines = [
    `${r.greeting(oneLine(lead.name, 80))}`,
    '',
    r.received(company.name),
    '',
    r.copyHeading,
    '',
    ...leadFieldLines(lead),
    '',
    lead.photos.length > 0 ? r.photos(lead.photos.length) : r.noPhotos,
    '',
    ...(replyTo ? [r.reply] : []),
    r.notYou,
    '',
    company.name,
  ];
  return {
    to,
    subject: r.subject,
    text: `${lines.join('\n')}\n`,
    ...(replyTo ? { replyTo } : {}),
  };
}
