// Issue 39's and the quote form's Danish messages: what a visitor reads on a company site's form
// (rules/lead-form.ts, templates/site/lead-section.astro, the no-script refusal page), the inbox
// "Henvendelser" and the recipient's confirmation. Part of rules/messages.ts's catalogue, apart
// because the admin's first chunk carries messages.ts to every screen and these belong to the
// inbox's screens, the site and the server only.
import { LEAD_KEEP_MONTHS, LEAD_MAX_LINKS, LEAD_MAX_PHOTOS, LEAD_MESSAGE_MAX, LEAD_NAME_MAX } from './limits';

/** The quote-request form on the company sites (rules/lead-form.ts) and its inbox in the admin. */
export const LEAD_MESSAGES = {
  nameRequired: 'Skriv dit navn',
  nameTooLong: `Navn må højst være ${LEAD_NAME_MAX} tegn`,
  nameOneLine: 'Navn skal stå på én linje',
  contactRequired: 'Skriv dit telefonnummer eller din e-mail, så vi kan svare dig',
  phoneInvalid: 'Skriv et gyldigt telefonnummer',
  emailInvalid: 'Skriv en gyldig e-mail',
  postcodeInvalid: 'Skriv et postnummer på 4 cifre',
  plateInvalid: 'Skriv nummerpladen med bogstaver og tal, f.eks. AB 12 345',
  messageRequired: 'Skriv kort, hvad det drejer sig om',
  messageTooLong: `Teksten må højst være ${LEAD_MESSAGE_MAX.toLocaleString('da-DK')} tegn`,
  messageControl: 'Teksten indeholder usynlige styretegn. Fjern dem, og prøv igen.',
  tooManyLinks: `Teksten må højst indeholde ${LEAD_MAX_LINKS} links`,
  tooManyPhotos: `Du kan højst vedhæfte ${LEAD_MAX_PHOTOS} billeder`,
  photoRefused: 'Et af billederne kunne ikke bruges. Brug JPEG, PNG, WebP eller AVIF på højst 10 MB.',
  /** Issue 48: the photos' byte budgets (per request, per company a day, per sender a day). */
  photosTooMuch:
    'Billederne fylder for meget tilsammen. Vedhæft færre billeder, eller send forespørgslen uden billeder.',
  photosCompanyFull:
    'Vi kan ikke modtage flere billeder i dag. Send forespørgslen uden billeder – du kan sende dem, når vi svarer dig.',
  photosClientFull:
    'Du har sendt mange billeder i dag. Send forespørgslen uden billeder, eller prøv igen i morgen.',
  tokenRefused:
    'Formularen er for gammel eller blev sendt for hurtigt. Tjek oplysningerne, og tryk Send igen.',
  tooMany: 'Der er sendt mange forespørgsler på kort tid. Vent lidt, og prøv igen, eller ring til os.',
  failed: 'Din forespørgsel kunne ikke gemmes. Prøv igen, eller ring til os.',
  notAvailable: 'Formularen er ikke tilgængelig.',
  /** The thank-you's heading, over nextSteps (which says the request arrived; not twice). */
  received: 'Tak for din forespørgsel',
  nextSteps:
    'Vi har modtaget din forespørgsel og vender tilbage hurtigst muligt – som regel inden for 1–2 hverdage.',
  /** A shop trade's (issue 52: a salon, a garage): a message, not a request for a quote, and no
   *  promise of working days. */
  receivedShop: 'Tak for din besked',
  nextStepsShop: 'Vi har modtaget din besked og vender tilbage hurtigst muligt.',
  privacyLine: `Vi gemmer dine oplysninger og billeder i ${LEAD_KEEP_MONTHS} måneder for at kunne besvare din forespørgsel.`,
  /** A shop trade's form has no photos, and its customer writes a message. */
  privacyLineShop: `Vi gemmer dine oplysninger i ${LEAD_KEEP_MONTHS} måneder for at kunne svare på din besked.`,
  privacyLink: 'Læs om privatliv',
  /** The photo field's own button and its line of chosen files (the browser's "Choose Files" and
   *  "No file chosen" would follow the browser's language). */
  photosButton: 'Vælg billeder',
  photosNone: 'Ingen billeder valgt',
  photosOne: 'billede valgt:',
  photosMany: 'billeder valgt:',
  /** The send button while the request goes up (with the upload's percentage after it). */
  sending: 'Sender…',
  /** The script's request never reached the server (no connection): the form stays as it was. */
  notSent: 'Forespørgslen blev ikke sendt. Tjek din internetforbindelse, og tryk Send igen.',
  updateFailed: 'Kunne ikke gemme ændringen',
  deleteFailed: 'Kunne ikke slette henvendelsen',
  deleteConfirm: 'Er du sikker på, at du vil slette henvendelsen og billederne? Det kan ikke fortrydes.',
} as const;

/** Where quote requests are mailed (issue 39): a new address waits for its own inbox to confirm it. */
export const LEAD_RECIPIENT_MESSAGES = {
  /** After a save that asked a new address to confirm. */
  pending: (email: string, current: string) =>
    `Vi har sendt en e-mail til ${email}. Når adressen er bekræftet, sendes forespørgslerne dertil – indtil da til ${current}.`,
  resent: (email: string) => `Vi har sendt e-mailen til ${email} igen.`,
  cancelled: (current: string) => `Skiftet er annulleret. Forespørgslerne sendes fortsat til ${current}.`,
  nothingPending: 'Der er ingen adresse, der venter på at blive bekræftet.',
  mailFailed: 'Vi kunne ikke sende e-mailen til den nye adresse. Prøv igen om lidt med "Send igen".',
  tooManyMails: 'Du har sendt mange bekræftelser den seneste time. Vent lidt, og prøv igen.',
  linkExpired: 'Linket er udløbet. Bed ejeren af hjemmesiden om at sende et nyt under Henvendelser.',
  linkReplaced:
    'Linket gælder ikke længere. Brug det nyeste link, vi har sendt, eller bed ejeren af hjemmesiden om et nyt.',
  confirmed: (companyName: string, email: string) =>
    `Tak! Forespørgsler fra hjemmesiden for ${companyName} sendes nu til ${email}.`,
  confirmFailed: 'Kunne ikke bekræfte adressen',
  cancelFailed: 'Kunne ikke annullere skiftet',
  resendFailed: 'Kunne ikke sende e-mailen igen',
  /** Issue 48: the login e-mail is not confirmed, so nothing is mailed to it yet. */
  loginUnconfirmed: (email: string) =>
    `Din e-mail ${email} er ikke bekræftet endnu. Indtil du har bekræftet den, sender vi ikke forespørgsler til den – de venter her under Henvendelser. Klik på linket i den e-mail, vi har sendt dig, eller få en ny.`,
  loginConfirmationSent: (email: string) =>
    `Vi har sendt en ny bekræftelse til ${email}. Klik på linket i e-mailen – så sender vi forespørgslerne dertil.`,
  loginConfirmationFailed: 'Kunne ikke sende bekræftelsen. Prøv igen om lidt.',
} as const;

/** The customer's receipt of a quote request (issue 49), mailed to the e-mail they gave: what they
 *  sent, word for word, and who will answer. Composed in api/leads/lead-mail.ts. */
export const LEAD_RECEIPT_MESSAGES = {
  subject: 'Vi har modtaget din henvendelse',
  greeting: (name: string) => `Hej ${name}`,
  received: (company: string) =>
    `Tak for din henvendelse til ${company}. Vi har modtaget den og vender tilbage hurtigst muligt – som regel inden for 1–2 hverdage.`,
  copyHeading: 'Det har du sendt:',
  photos: (count: number) => (count === 1 ? '1 billede' : `${count} billeder`),
  noPhotos: 'Ingen billeder',
  reply: 'Vil du tilføje noget, kan du svare på denne e-mail.',
  notYou: 'Har du ikke selv sendt henvendelsen, kan du se bort fra denne e-mail.',
} as const;
