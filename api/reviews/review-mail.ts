// The mails of issue 41, plain text only (a customer's words can never become markup): the link to a
// customer (and its one reminder), the customer's receipt with the link that deletes their review, and
// the owner's notice of each new review. The links go to the company's own address (its verified
// domain, else its subdomain), where /api answers on every host.
import type { Company, Review, ReviewRequest } from '../../db';
import type { MailMessage } from '../../lib/mailer';
import { REVIEW_CONFIRM_VALID_DAYS, REVIEW_LINK_VALID_DAYS } from '../../rules/limits';
import { REVIEW_SHORT_LINK_PREFIX } from '../../rules/review-form';
import { canonicalOrigin } from '../../rules/site-url';

/** The address of a company's review pages: `<site origin>/api/sites/<cvr>/anmeldelse`. */
export function reviewPagesUrl(company: Company, publicHost: string): string {
  return `${canonicalOrigin(company, publicHost)}/api/sites/${company.cvr}/anmeldelse`;
}

/** The short link of an SMS text (issue 49): `<site origin>/anmeld/<short token>`. */
export function reviewShortUrl(company: Company, publicHost: string, shortToken: string): string {
  return `${canonicalOrigin(company, publicHost)}${REVIEW_SHORT_LINK_PREFIX}${shortToken}`;
}

/** The link a customer opens for request token `token`. */
export function reviewLinkUrl(company: Company, publicHost: string, token: string): string {
  return `${reviewPagesUrl(company, publicHost)}/${token}`;
}

function oneLine(value: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function firstName(name: string): string {
  return oneLine(name, 60).split(' ')[0] ?? '';
}

/**
 * The address a customer's reply to a review mail reaches: the firm's e-mail as its site shows it, else
 * the owner's login (the mail comes from us, but a reply is meant for the firm; issue 49).
 */
function firmReplyTo(company: Pick<Company, 'email' | 'companyEmail'>): string | undefined {
  const address = company.email.trim() || company.companyEmail?.trim() || '';
  return address === '' ? undefined : address;
}

/** The first mail with the link, or (reminder) the one reminder a week later. */
export function reviewRequestMail(
  company: Pick<Company, 'name' | 'email' | 'companyEmail'>,
  request: Pick<ReviewRequest, 'customerName'>,
  to: string,
  link: string,
  reminder: boolean,
): MailMessage {
  const first = firstName(request.customerName);
  const lines = [
    `Hej${first ? ` ${first}` : ''}`,
    '',
    reminder
      ? `For en uge siden bad ${company.name} dig om at fortælle, hvordan opgaven gik. Har du et minut, vil vi stadig gerne høre det.`
      : `Tak fordi du valgte ${company.name}. Vil du bruge et minut på at fortælle, hvordan opgaven gik?`,
    '',
    'Skriv din anmeldelse her:',
    link,
    '',
    `Anmeldelsen bliver vist på hjemmesiden for ${company.name}, uanset hvor mange stjerner du giver. Firmaet kan svare på den, men ikke ændre eller skjule den.`,
    `Linket kan bruges én gang og gælder i ${REVIEW_LINK_VALID_DAYS} dage. Vil du ikke skrive en anmeldelse, kan du sige nej tak på siden, så spørger vi ikke igen.`,
    ...(reminder ? [] : ['', 'Svarer du ikke, får du én påmindelse om en uge.']),
    '',
    `Venlig hilsen`,
    company.name,
  ];
  const replyTo = firmReplyTo(company);
  return {
    to,
    ...(replyTo ? { replyTo } : {}),
    subject: reminder
      ? `Påmindelse: Hvordan gik opgaven med ${oneLine(company.name, 80)}?`
      : `Hvordan gik opgaven med ${oneLine(company.name, 80)}?`,
    text: `${lines.join('\n')}\n`,
  };
}

/**
 * The confirmation a customer who got the link from the owner (an SMS text) must use before their
 * review counts (issue 48): it proves the e-mail they gave is theirs, and the receipt goes there.
 */
export function reviewConfirmMail(
  company: Pick<Company, 'name' | 'email' | 'companyEmail'>,
  review: Pick<Review, 'stars' | 'authorName'>,
  to: string,
  confirmLink: string,
): MailMessage {
  const lines = [
    `Du har skrevet en anmeldelse af ${company.name}: ${review.stars} af 5 stjerner, med navnet ${oneLine(review.authorName, 80)}.`,
    '',
    'Tryk på linket for at bekræfte, at det er dig. Først da bliver anmeldelsen vist på hjemmesiden:',
    confirmLink,
    '',
    `Linket gælder i ${REVIEW_CONFIRM_VALID_DAYS} dage. Har du ikke skrevet en anmeldelse, kan du se bort fra denne e-mail; så bliver den ikke vist.`,
  ];
  const replyTo = firmReplyTo(company);
  return {
    to,
    ...(replyTo ? { replyTo } : {}),
    subject: `Bekræft din anmeldelse af ${oneLine(company.name, 80)}`,
    text: `${lines.join('\n')}\n`,
  };
}

/** The customer's receipt: what they wrote, and the link that deletes it. */
export function reviewReceiptMail(
  company: Pick<Company, 'name'>,
  review: Pick<Review, 'stars' | 'text' | 'authorName' | 'state'>,
  to: string,
  deleteLink: string,
): MailMessage {
  const lines = [
    `Tak for din anmeldelse af ${company.name}.`,
    '',
    `${review.stars} af 5 stjerner, vist med navnet ${review.authorName}.`,
    ...(review.text ? ['', review.text] : []),
    '',
    review.state === 'held'
      ? 'Anmeldelsen bliver vist, når Mesterside har kigget på den, normalt inden for et par dage.'
      : 'Anmeldelsen bliver vist på hjemmesiden inden for få minutter.',
    'Fortryder du, kan du slette den her:',
    deleteLink,
  ];
  return {
    to,
    subject: `Tak for din anmeldelse af ${oneLine(company.name, 80)}`,
    text: `${lines.join('\n')}\n`,
  };
}

/** The owner's notice of a new review. */
export function reviewNoticeMail(
  company: Pick<Company, 'name'>,
  review: Pick<Review, 'stars' | 'text' | 'authorName' | 'service'>,
  to: string,
  adminUrl: string,
): MailMessage {
  const lines = [
    `${company.name} har fået en ny anmeldelse:`,
    '',
    `${review.stars} af 5 stjerner fra ${review.authorName}${review.service ? ` (${review.service})` : ''}`,
    ...(review.text ? ['', review.text] : []),
    '',
    'Anmeldelsen bliver vist på hjemmesiden inden for få minutter. Du kan svare på den under Anmeldelser:',
    adminUrl,
  ];
  return {
    to,
    subject: `Ny anmeldelse: ${review.stars} af 5 stjerner fra ${oneLine(review.authorName, 60)}`,
    text: `${lines.join('\n')}\n`,
  };
}
