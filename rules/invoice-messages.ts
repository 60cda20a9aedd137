// Issue 51's Danish messages of sending fakturaer and kreditnotaer, the customer's invoice page, the
// bookkeeper's export and the owner's notes on a request. Part of rules/messages.ts's catalogue,
// apart because the admin's first chunk must not carry them to every screen.
import { LEAD_NOTE_MAX_CHARS } from './lead-notes';

export const INVOICE_MESSAGES = {
  noBuyerEmail: 'Kunden har ingen e-mail på fakturaen. Hent PDF’en og send den selv.',
  sendFailed: 'Fakturaen kunne ikke sendes. Prøv igen.',
  sent: (email: string) => `Fakturaen er sendt til ${email}. Den kan ikke længere ændres.`,
  creditSent: (email: string) => `Kreditnotaen er sendt til ${email}.`,
  linkInvalid: 'Linket virker ikke',
  linkInvalidText: 'Linket til fakturaen er forkert eller ufuldstændigt. Spørg firmaet, der sendte den.',
  notBookkeeping:
    'Mesterside er ikke et bogføringsprogram. Bogfør fakturaerne i dit eget, fx Dinero, e-conomic eller Billy: hent dem som CSV eller PDF her.',
  exportCsv: 'Hent fakturaer som CSV',
  noteTooLong: `Noten må højst være ${LEAD_NOTE_MAX_CHARS.toLocaleString('da-DK')} tegn`,
  noteSaved: 'Noten er gemt.',
  noteSaveFailed: 'Noten kunne ikke gemmes. Prøv igen.',
} as const;
