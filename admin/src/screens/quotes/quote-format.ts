// The tilbud screens' shared words: state labels and dates, as the owner reads them.
import type { QuoteJson } from '../../../../contracts/quotes';

export const STATE_LABELS: Readonly<Record<QuoteJson['state'], string>> = {
  draft: 'Kladde',
  sent: 'Sendt',
  seen: 'Set',
  accepted: 'Accepteret',
  declined: 'Afvist',
  expired: 'Udløbet',
};

const DAY = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2027-03-02' → '2. marts 2027'. */
export function dayLabel(isoDay: string): string {
  return DAY.format(new Date(`${isoDay}T12:00:00Z`));
}

export function quoteTitle(quote: Pick<QuoteJson, 'number' | 'version' | 'customerName'>): string {
  const head = quote.number ? `Tilbud ${quote.number}` : 'Kladde';
  return `${head}${quote.version > 1 ? `, udgave ${quote.version}` : ''} · ${quote.customerName}`;
}

/** The tilbud id in the address after /admin/henvendelser/ ('tilbud/<id>'), or '' for the list. */
export function quoteIdOf(rest: string | undefined): string {
  return (rest ?? '').replace(/^tilbud\/?/, '').replace(/\/.*$/, '');
}
