// Issue 51's Danish messages: the owner's tilbud and faktura (admin/src/screens/quotes, api/routes/
// quotes.ts, api/routes/invoices.ts). Part of rules/messages.ts's catalogue, apart because the admin's
// first chunk must not carry them to every screen.
import { formatQuantity, QUOTE_LIMITS } from './quote-money';

export const QUOTE_MESSAGES = {
  tooManyLines: `Et tilbud kan højst have ${QUOTE_LIMITS.lines} linjer`,
  lineTextRequired: 'Skriv, hvad linjen dækker',
  lineTextTooLong: `En linje må højst være ${QUOTE_LIMITS.lineText} tegn`,
  quantityInvalid: 'Skriv et antal med højst to decimaler, fx 1,5',
  quantityTooLarge: `Antallet må højst være ${formatQuantity(QUOTE_LIMITS.quantityHundredths)}`,
  priceInvalid: 'Skriv en pris i kroner med højst to decimaler, fx 495 eller 1.234,50',
  priceTooLarge: 'Prisen pr. enhed må højst være 1.000.000 kr.',
  deductionOnlyLabour: 'Kun arbejdsløn kan give fradrag',
  deductionNotForTrade: 'Dit fag giver ikke den slags fradrag',
  customerRequired: 'Skriv kundens navn',
  customerContactRequired: 'Skriv kundens e-mail eller telefonnummer',
  textTooLong: 'Teksten er for lang',
  validUntilInvalid: 'Vælg en dato for, hvor længe tilbuddet gælder, fra i dag og højst et år frem',
  notDraft: 'Tilbuddet er sendt og kan ikke ændres. Brug "Ret og send igen" for at lave en ny udgave.',
  noLines: 'Tilføj mindst én linje, før du sender tilbuddet',
  notSent: 'Kun et sendt tilbud kan rettes og sendes igen',
  declinedOn: (day: string) => `Kunden afviste tilbuddet ${day}.`,
  declineReason: 'Kundens begrundelse:',
  noDeclineReason: 'Kunden gav ingen begrundelse.',
  acceptedNoRevise: 'Kunden har accepteret tilbuddet, så det kan ikke rettes og sendes igen',
  replacesAccepted:
    'Kunden har accepteret den tidligere udgave, så den nye kan ikke sendes. Slet kladden, eller aftal ændringen med kunden.',
  notAccepted: 'Der kan kun laves faktura på et accepteret tilbud',
  alreadyInvoiced: 'Tilbuddet har allerede en faktura',
  creditNoCredit: 'En kreditnota kan ikke krediteres. Lav i stedet en ny faktura.',
  alreadyCredited: 'Fakturaen er allerede krediteret',
  invoiceDetailsMissing:
    'Udfyld firmaets adresse og enten bankkonto eller MobilePay under Tilbud og faktura → Indstillinger, før du laver en faktura',
  customerAddressMissing: 'Skriv kundens adresse med vej, husnummer og postnummer: den skal stå på fakturaen',
  leadNotFound: 'Henvendelsen findes ikke længere',
  bankInvalid: 'Skriv reg.nr. med 4 cifre og kontonummer med op til 10 cifre',
  mobilePayInvalid: 'Skriv et MobilePay-nummer med 4 til 8 cifre',
  paymentDaysInvalid: 'Betalingsfristen skal være mellem 0 og 60 dage',
  hourlyRateInvalid:
    'Skriv timeprisen i kroner ekskl. moms, fx 495 eller 525,50 (tomt, hvis du ikke vil have en)',
  loadFailed: 'Tilbuddene kunne ikke hentes. Prøv igen.',
  createFailed: 'Tilbuddet kunne ikke oprettes. Prøv igen.',
  saveFailed: 'Tilbuddet kunne ikke gemmes. Prøv igen.',
  saved: 'Tilbuddet er gemt.',
  sendFailed: 'Tilbuddet kunne ikke låses og nummereres. Prøv igen.',
  sentLocked: 'Tilbuddet har fået sit nummer og er låst.',
  reviseFailed: 'Der kunne ikke laves en ny udgave. Prøv igen.',
  invoiceFailed: 'Fakturaen kunne ikke laves. Prøv igen.',
  invoiceMade: (number: number) => `Faktura nr. ${number} er lavet.`,
  creditFailed: 'Kreditnotaen kunne ikke laves. Prøv igen.',
  settingsLoadFailed: 'Indstillingerne kunne ikke hentes. Prøv igen.',
  settingsSaveFailed: 'Indstillingerne kunne ikke gemmes. Prøv igen.',
  settingsSaved: 'Indstillingerne er gemt.',
  lineFieldInvalid: 'Ret de markerede felter, før du gemmer',
  smsCopied: 'Kopieret. Sæt teksten ind i en sms til kunden.',
  smsCopyManual: 'Teksten er markeret: kopiér den, og sæt den ind i en sms til kunden.',
  termsTooLong: `Betingelserne må højst være ${QUOTE_LIMITS.terms.toLocaleString('da-DK')} tegn`,
} as const;

/** The standard terms a company starts with (settings, editable): short, fair and plain. */
export const DEFAULT_QUOTE_TERMS = [
  'Priserne er i danske kroner. Beløb ekskl. moms er vist for hver linje, og moms på 25 % er lagt til i totalen.',
  'Tilbuddet gælder til den dato, der står på tilbuddet. Arbejde, som du beder om ud over tilbuddet, aftaler vi og afregner efter medgået tid og materialer til de samme priser.',
  'Opdager vi undervejs noget, der ændrer opgaven, kontakter vi dig, før vi gør mere.',
  'Betaling sker efter faktura, når arbejdet er udført. Du har de rettigheder, som købeloven og forbrugeraftaleloven giver dig.',
].join('\n\n');
