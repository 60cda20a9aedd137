// The mails of a tilbud (issue 51 items 3 and 4), plain text only (a customer's words can never
// become markup): the customer's mail with the link to the tilbud page and the PDF attached, its one
// reminder a few days before valid-until, the owner's notice when the customer accepts or declines,
// and the SMS text the owner copies when the customer has only a phone number. The links go to the
// company's own address (its verified domain, else its subdomain), where /api answers on every host.
import { type Company, type Db, documentLinkToken, type Quote } from '../../db';
import type { MailMessage } from '../../lib/mailer';
import { quotePagePath } from '../../rules/customer-pages';
import { danishShortDate } from '../../rules/danish-date';
import { documentTotals, formatOre } from '../../rules/quote-money';
import { canonicalOrigin } from '../../rules/site-url';

/** The purpose of a tilbud's link (db/document-link.ts). */
export const QUOTE_LINK_PURPOSE = 'tilbud';
/** The reminder goes this many days before the last valid day. */
export const QUOTE_REMINDER_DAYS_BEFORE = 3;

export function quoteReminderKey(cvr: string, quoteId: string): string {
  return `quote-reminder:${cvr}:${quoteId}`;
}

/** The full address of a tilbud's page on the company's site. */
export async function quoteLinkUrl(db: Db, company: Company, publicHost: string, quoteId: string) {
  const token = await documentLinkToken(db, QUOTE_LINK_PURPOSE, company.cvr, quoteId);
  return `${canonicalOrigin(company, publicHost)}${quotePagePath(company.cvr, token)}`;
}

function totalText(quote: Quote): string {
  return formatOre(documentTotals(quote.lines).totalOre);
}

/** The customer's mail: the company, the number, the total incl. moms, valid until, the link, the PDF. */
export function quoteCustomerMail(
  quote: Quote,
  company: Company,
  link: string,
  pdf: Buffer,
  reminder = false,
): MailMessage {
  const subject = reminder
    ? `Påmindelse: tilbud ${quote.number} fra ${company.name} udløber snart`
    : `Tilbud ${quote.number} fra ${company.name}`;
  const opening = reminder
    ? `Tilbuddet fra ${company.name} udløber snart, og vi har ikke hørt fra dig endnu.`
    : `Her er tilbuddet fra ${company.name}.`;
  const text = [
    `Kære ${quote.customerName}`,
    '',
    opening,
    '',
    `Tilbud: ${quote.number}`,
    `I alt inkl. moms: ${totalText(quote)}`,
    `Gælder til og med: ${danishShortDate(quote.validUntil)}`,
    '',
    'Se tilbuddet og svar på det her:',
    link,
    '',
    'Tilbuddet er også vedhæftet som PDF.',
    '',
    `Venlig hilsen\n${company.name}`,
  ].join('\n');
  return {
    to: quote.customerEmail,
    subject,
    text,
    ...(company.companyEmail ? { replyTo: company.companyEmail } : {}),
    attachments: [{ filename: `tilbud-${quote.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

/** The text the owner copies into an SMS when the customer has only a phone number. */
export function quoteSmsText(quote: Quote, company: Company, link: string): string {
  return `Hej ${quote.customerName}. Her er tilbud ${quote.number} fra ${company.name} på ${totalText(quote)} inkl. moms, gælder til ${danishShortDate(quote.validUntil)}: ${link}`;
}

/** The owner's notice: the customer accepted or declined. */
export function quoteAnsweredMail(quote: Quote, company: Company, to: string, adminUrl: string): MailMessage {
  const accepted = quote.storedState === 'accepted';
  const subject = accepted
    ? `Tilbud ${quote.number} er accepteret af ${quote.acceptedName ?? quote.customerName}`
    : `Tilbud ${quote.number} er afvist af ${quote.customerName}`;
  const lines = accepted
    ? [`${quote.acceptedName} har accepteret tilbud ${quote.number} på ${totalText(quote)} inkl. moms.`]
    : [
        `${quote.customerName} har afvist tilbud ${quote.number}.`,
        quote.declineReason ? `Begrundelse: ${quote.declineReason}` : 'Der er ikke givet en begrundelse.',
      ];
  return {
    to,
    subject,
    text: [`Til ${company.name}`, '', ...lines, '', 'Se tilbuddet:', adminUrl].join('\n'),
  };
}
