// The welcome e-mail a new owner gets right after onboarding (the spec's States, Calls: companyName, companyEmail,
// cvr, subdomain): the new site's address, how to log in, the quote form and where its requests go
// (issue 39: the owner's login e-mail unless they choose another), the free trial and where to find help. The
// mail is sent from a no-reply sender, so its Reply-To is the product's real inbox (CONTACT_TO) and the
// text names that address too: a reply always reaches a person.
import type { Company, LeadSettings } from '../../db';
import type { Config } from '../../lib/config';
import type { MailMessage } from '../../lib/mailer';
import { escapeHtml } from '../../rules/escape-html';
import { PRICE_TEXT, TRIAL_MONTHS } from '../../rules/plan';
import { pathSiteUrl, productOrigin, schemeFor, subdomainOrigin } from '../../rules/site-url';
import { leadRecipient } from '../leads/lead-mail';

export interface WelcomeMailInput {
  companyName: string;
  companyEmail: string;
  cvr: string;
  subdomain: string;
}

export type WelcomeMail = Omit<MailMessage, 'to'> & { html: string };

/** The welcome mail's paragraph before the confirmation link (issue 48), one line each. */
const CONFIRM_TEXT = (email: string) => [
  `Bekræft din e-mail: Vi sender først forespørgsler fra hjemmesiden til ${email}, når du har bekræftet, at det er din adresse. Indtil da venter de under Henvendelser.`,
  'Åbn linket, log ind, hvis du bliver bedt om det, og klik på "Bekræft e-mail" (linket virker i 7 dage):',
];

/**
 * Subject, plain text, HTML and Reply-To of the welcome e-mail; `siteUrl` and `adminUrl` are absolute,
 * `helpAddress` is the inbox replies go to (CONTACT_TO), `leadRecipient` where the site's quote
 * requests are mailed (null: the site shows no form, and the mail does not mention it).
 */
export function welcomeMail(
  input: WelcomeMailInput,
  siteUrl: string,
  adminUrl: string,
  helpAddress: string,
  leadRecipient: string | null = null,
  confirmLink: string | null = null,
): WelcomeMail & { replyTo: string } {
  const { companyName, companyEmail, cvr } = input;
  const formUrl = `${siteUrl}#tilbud`;
  const leadsUrl = `${adminUrl}/henvendelser`;
  const subject = `Velkommen til Mesterside, ${companyName}`;
  // One paragraph or sentence a line, never a hard wrap mid-sentence: mail clients wrap plain text
  // themselves, and a break of ours lands mid-line on any screen narrower or wider than ours.
  const text = [
    'Hej,',
    '',
    `Velkommen til Mesterside! Hjemmesiden for ${companyName} (CVR ${cvr}) er oprettet og klar.`,
    '',
    `Jeres nye hjemmeside: ${siteUrl}`,
    '',
    `Log ind på ${adminUrl} med ${companyEmail} og den adgangskode, du valgte.`,
    'Her kan du rette tekster, billeder, åbningstider, kontaktoplysninger og farver.',
    '',
    ...(confirmLink ? [...CONFIRM_TEXT(companyEmail), confirmLink, ''] : []),
    ...(leadRecipient
      ? [
          `Kunderne kan bede om et tilbud med formularen "Få et tilbud" på hjemmesiden: ${formUrl}`,
          confirmLink && leadRecipient === companyEmail
            ? `Hver forespørgsel sendes til ${leadRecipient}, når du har bekræftet adressen, og du finder dem alle under Henvendelser: ${leadsUrl} – dér kan du også vælge en anden modtager.`
            : `Hver forespørgsel sendes til ${leadRecipient}, og du finder dem alle under Henvendelser: ${leadsUrl} – dér kan du også vælge en anden modtager.`,
          '',
        ]
      : []),
    `De første ${TRIAL_MONTHS} måneder er gratis og uden binding. Derefter koster det ${PRICE_TEXT}.`,
    '',
    `Har du spørgsmål, så svar bare på denne e-mail, eller skriv til ${helpAddress} – vi hjælper gerne.`,
    '',
    'Venlig hilsen',
    'Mesterside',
  ].join('\n');

  const site = escapeHtml(siteUrl);
  const admin = escapeHtml(adminUrl);
  const help = escapeHtml(helpAddress);
  const html = [
    '<!doctype html>',
    '<html lang="da"><head><meta charset="utf-8"><title>',
    escapeHtml(subject),
    '</title></head><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1c1917;">',
    '<p>Hej,</p>',
    `<p>Velkommen til Mesterside! Hjemmesiden for <strong>${escapeHtml(companyName)}</strong>`,
    ` (CVR ${escapeHtml(cvr)}) er oprettet og klar.</p>`,
    `<p>Jeres nye hjemmeside: <a href="${site}">${site}</a></p>`,
    `<p>Log ind på <a href="${admin}">${admin}</a> med ${escapeHtml(companyEmail)} og den adgangskode,`,
    ' du valgte. Her kan du rette tekster, billeder, åbningstider, kontaktoplysninger og farver.</p>',
    ...(confirmLink
      ? [
          `<p>${CONFIRM_TEXT(companyEmail).map(escapeHtml).join('<br>')}<br>`,
          `<a href="${escapeHtml(confirmLink)}">Bekræft din e-mail</a></p>`,
        ]
      : []),
    ...(leadRecipient
      ? [
          `<p>Kunderne kan bede om et tilbud med <a href="${escapeHtml(formUrl)}">formularen "Få et tilbud"</a>`,
          ` på hjemmesiden. Hver forespørgsel sendes til <strong>${escapeHtml(leadRecipient)}</strong>, og du`,
          ` finder dem alle under <a href="${escapeHtml(leadsUrl)}">Henvendelser</a> – dér kan du også vælge en`,
          ' anden modtager.</p>',
        ]
      : []),
    `<p>De første ${TRIAL_MONTHS} måneder er gratis og uden binding. Derefter koster det ${PRICE_TEXT}.</p>`,
    `<p>Har du spørgsmål, så svar bare på denne e-mail, eller skriv til <a href="mailto:${help}">${help}</a>` +
      ' – vi hjælper gerne.</p>',
    '<p>Venlig hilsen<br>Mesterside</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html, replyTo: helpAddress };
}

/**
 * The welcome e-mail of `company` as the outbox sends it (api/mail-outbox.ts), or null when the
 * company has no owner's address to send it to.
 */
export function welcomeMessage(
  company: Pick<Company, 'name' | 'companyEmail' | 'cvr' | 'subdomain'>,
  config: Pick<Config, 'publicHost' | 'contactTo'>,
  settings: LeadSettings,
  confirmLink: string | null = null,
): MailMessage | null {
  if (!company.companyEmail) return null;
  const { cvr, subdomain } = company;
  const mail = welcomeMail(
    { companyName: company.name, companyEmail: company.companyEmail, cvr, subdomain },
    siteAddress(cvr, subdomain, config.publicHost),
    `${productOrigin(config.publicHost)}/admin`,
    config.contactTo,
    settings.formEnabled ? leadRecipient(company, settings) : null,
    confirmLink,
  );
  return { to: company.companyEmail, ...mail };
}

/** The absolute address of the new site: its /<cvr> path locally, its subdomain on https. */
function siteAddress(cvr: string, subdomain: string, publicHost: string): string {
  return schemeFor(publicHost) === 'http'
    ? pathSiteUrl(cvr, publicHost)
    : `${subdomainOrigin(subdomain, publicHost)}/`;
}
