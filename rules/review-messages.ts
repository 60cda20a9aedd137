// Issue 41's Danish messages: the review form on a company's site, the owner's "Anmeldelser" screen
// and the Henvendelser button that asks for a review, and the operator's removal. Part of
// rules/messages.ts's catalogue, apart for the reason trust-messages.ts gives: only the screens and
// pages that use them carry them.
import {
  REVIEW_ANSWER_MAX,
  REVIEW_AUTHOR_MAX,
  REVIEW_CONFIRM_VALID_DAYS,
  REVIEW_RECIPIENT_DAYS,
  REVIEW_REQUESTS_PER_DAY,
  REVIEW_TEXT_MAX,
} from './limits';

export const REVIEW_MESSAGES = {
  starsRequired: 'Vælg mellem 1 og 5 stjerner',
  serviceInvalid: 'Vælg en af de viste opgaver, eller lad feltet stå tomt',
  textTooLong: `Teksten må højst være ${REVIEW_TEXT_MAX.toLocaleString('da-DK')} tegn`,
  textControl: 'Teksten indeholder usynlige styretegn. Fjern dem, og prøv igen.',
  tooManyLinks: 'Anmeldelsen må ikke indeholde links',
  authorRequired: 'Skriv det navn, der skal stå ved anmeldelsen',
  authorTooLong: `Navnet må højst være ${REVIEW_AUTHOR_MAX} tegn`,
  authorOneLine: 'Navnet skal stå på én linje',
  consentRequired: 'Sæt flueben, hvis anmeldelsen må vises på hjemmesiden',
  /** The customer's own e-mail on the form of an SMS request (issue 48). */
  customerEmailRequired: 'Skriv din e-mail. Vi sender dig et link, som bekræfter anmeldelsen.',
  customerEmailInvalid: 'Skriv en gyldig e-mail, fx navn@eksempel.dk',
  customerEmailHintRequired:
    'Vi sender dig en e-mail med et link. Anmeldelsen bliver vist, når du har trykket på det. Samme e-mail får et link, hvis du senere vil slette anmeldelsen. E-mailen bliver ikke vist.',
  customerEmailHintOptional:
    'Valgfrit. Skriver du din e-mail, får du en kvittering med et link, hvis du senere vil slette anmeldelsen. E-mailen bliver ikke vist.',
  customerEmailOwn: 'Skriv din egen e-mail. Firmaets adresser kan ikke bruges her.',
  tooMany: 'Der er sendt mange anmeldelser på kort tid. Vent lidt, og prøv igen.',
  failed: 'Din anmeldelse kunne ikke gemmes. Prøv igen om lidt.',
  /** A link that is not (or no longer) a valid one. */
  linkInvalid: 'Linket virker ikke. Tjek, at du har kopieret hele linket fra beskeden.',
  linkUsed: 'Linket er allerede brugt. Der kan kun skrives én anmeldelse med hvert link.',
  linkExpired: 'Linket er udløbet. Et link til en anmeldelse gælder i 60 dage.',
  linkDeclined: 'Du har sagt nej tak til at skrive en anmeldelse. Vi spørger dig ikke igen.',
  /** The thank-you page. */
  thanks: 'Tak for din anmeldelse',
  thanksText: 'Din anmeldelse bliver vist på hjemmesiden inden for få minutter.',
  /** After a review that waits for the customer's confirmation. */
  confirmHeading: 'Tjek din e-mail',
  confirmText: `Vi har sendt dig en e-mail med et link. Tryk på linket inden for ${REVIEW_CONFIRM_VALID_DAYS} dage, så bliver din anmeldelse vist.`,
  /** The page the confirmation link opens (a button: a mail scanner that opens it confirms nothing). */
  confirmAsk: 'Tryk på knappen for at bekræfte, at det er dig, der har skrevet anmeldelsen.',
  confirmed: 'Tak. Din e-mail er bekræftet, og anmeldelsen bliver vist på hjemmesiden inden for få minutter.',
  confirmedHeld:
    'Tak. Din e-mail er bekræftet. Anmeldelsen bliver vist, når Mesterside har kigget på den, normalt inden for et par dage.',
  confirmExpired: `Linket er udløbet. En anmeldelse skal bekræftes inden for ${REVIEW_CONFIRM_VALID_DAYS} dage.`,
  confirmUsed: 'Anmeldelsen er allerede bekræftet.',
  /** After a review held for the operator. */
  heldText:
    'Din anmeldelse er modtaget. Den bliver vist, når Mesterside har kigget på den, normalt inden for et par dage.',
  declined: 'Tak for svaret. Vi spørger dig ikke igen.',
  deleteConfirm: 'Vil du slette din anmeldelse? Den forsvinder fra hjemmesiden inden for få minutter.',
  deleted: 'Din anmeldelse er slettet og forsvinder fra hjemmesiden inden for få minutter.',
  deleteGone: 'Anmeldelsen findes ikke længere.',
  // The owner's side.
  contactRequired: 'Skriv kundens e-mail eller telefonnummer',
  nameRequired: 'Skriv kundens navn',
  emailInvalid: 'Skriv en gyldig e-mail',
  phoneInvalid: 'Skriv et dansk telefonnummer med 8 cifre',
  declinedBefore: 'Kunden har sagt nej tak til at skrive en anmeldelse og bliver ikke spurgt igen.',
  askedRecently: `Kunden er allerede blevet spurgt inden for de sidste ${REVIEW_RECIPIENT_DAYS} dage. Man kan kun spørge den samme kunde én gang på ${REVIEW_RECIPIENT_DAYS} dage.`,
  leadAsked: 'Du har allerede bedt om en anmeldelse for denne opgave. Man kan kun spørge én gang pr. opgave.',
  ownContact:
    'Det er firmaets egen e-mail, domæne eller telefonnummer. Skriv kundens egen e-mail eller telefonnummer.',
  smsFailed: 'Sms’en kunne ikke sendes. Prøv igen om lidt.',
  smsSent: (phone: string) => `Vi sender en sms med linket til ${phone}.`,
  dailyLimit: `Du kan bede om ${REVIEW_REQUESTS_PER_DAY} anmeldelser om dagen. Prøv igen i morgen.`,
  leadNotDone: 'Markér først opgaven som udført',
  mailQueued: (email: string) => `Vi sender en e-mail med linket til ${email}.`,
  smsReady:
    'Kopiér teksten herunder, og send den som sms til kunden. Kunden skal bekræfte sin e-mail, før anmeldelsen bliver vist.',
  copied: 'Teksten er kopieret.',
  copyFailed: 'Kunne ikke kopiere. Markér teksten, og kopiér den selv.',
  released: 'Anmeldelsen bliver nu vist, og hjemmesiden bliver opdateret.',
  /** Why a review waits for the operator, as the operator view says it. */
  heldReasons: {
    'same-client': 'Flere anmeldelser fra samme internetforbindelse',
    'same-email': 'Flere anmeldelser fra samme e-mail',
    'busy-hour': 'Mange anmeldelser på én time',
  },
  answerRequired: 'Skriv dit svar',
  answerTooLong: `Svaret må højst være ${REVIEW_ANSWER_MAX.toLocaleString('da-DK')} tegn`,
  answerControl: 'Svaret indeholder usynlige styretegn. Fjern dem, og prøv igen.',
  alreadyAnswered: 'Du har allerede svaret på anmeldelsen. Et svar kan ikke ændres.',
  answered: 'Dit svar er gemt og bliver vist under anmeldelsen på hjemmesiden.',
  reportReasonInvalid: 'Vælg, hvorfor anmeldelsen er upassende',
  reported: 'Tak. Vi kigger på anmeldelsen. Den bliver vist, indtil vi har taget stilling.',
  saved: 'Indstillingerne er gemt.',
  removalReasonRequired: 'Skriv, hvorfor anmeldelsen fjernes',
  removed: 'Anmeldelsen er fjernet, og hjemmesiden bliver opdateret.',
  loadFailed: 'Kunne ikke hente anmeldelserne',
  askFailed: 'Kunne ikke oprette linket til en anmeldelse',
  saveFailed: 'Kunne ikke gemme ændringen',
} as const;
