// The one mail an hour that tells the owner about a flood (issue 39, api/leads/lead-limits.ts): how
// many requests were set aside as possible spam since the last summary, where to look at them, and
// that the form is still open. Plain text; it names no visitor and quotes none of their words.
import type { Company } from '../../db';
import type { MailMessage } from '../../lib/mailer';
import { SPAM_KEEP_DAYS, SPAM_KEEP_PER_COMPANY } from './lead-limits';

function requests(count: number): string {
  return count === 1 ? '1 forespørgsel' : `${count.toLocaleString('da-DK')} forespørgsler`;
}

export function spamSummaryMail(
  company: Pick<Company, 'name'>,
  to: string,
  count: number,
  spamUrl: string,
  dropped = 0,
): MailMessage {
  // `count` were received as possible spam since the last summary; `dropped` of them are not kept.
  const kept = Math.max(0, count - dropped);
  const lines = [
    `Formularen "Få et tilbud" på hjemmesiden for ${company.name} har fået usædvanligt mange forespørgsler på kort tid.`,
    '',
    `${requests(kept)} er lagt under "Mulig spam" i Henvendelser i stedet for at blive sendt til dig én ad gangen. Kig dem igennem, hvis du vil være sikker på ikke at gå glip af en rigtig kunde:`,
    spamUrl,
    '',
    ...(dropped > 0
      ? [
          `${requests(dropped)} mere er ikke gemt. Vi gemmer hver afsenders første og seneste forespørgsler og højst ${SPAM_KEEP_PER_COMPANY.toLocaleString('da-DK')} i alt, så mængden ikke kan skubbe en rigtig kunde ud af listen.`,
          '',
        ]
      : []),
    'Formularen er stadig åben, og dine kunder kan sende forespørgsler som altid.',
    `Mulig spam slettes automatisk efter ${SPAM_KEEP_DAYS} dage. Du får højst én af disse e-mails i timen.`,
  ];
  return {
    to,
    subject: `${requests(kept)} lagt under "Mulig spam"`,
    text: `${lines.join('\n')}\n`,
  };
}
