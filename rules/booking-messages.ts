// Issue 52's Danish messages: the admin's "Booking" and "Bookinger" screens and the booking API's
// refusals, and the company site's booking pages (api/routes/site-bookings.ts: the customer's
// refusals and notices). Part of rules/messages.ts's catalogue, apart so only the booking screens
// carry them.
import { MAX_CHAIRS, MAX_HORIZON_DAYS } from './booking-slots';

export const BOOKING_MAX_SERVICES = 40;
export const BOOKING_MAX_CLOSED = 60;
export const BOOKING_SERVICE_MAX_MINUTES = 8 * 60;
export const BOOKING_MAX_NOTICE_MINUTES = 14 * 24 * 60;

export const BOOKING_MESSAGES = {
  serviceNameRequired: 'Skriv navnet på ydelsen',
  minutesInvalid: `Skriv varigheden i minutter, mellem 5 og ${BOOKING_SERVICE_MAX_MINUTES}, i hele 5 minutter`,
  bufferInvalid: 'Skriv pausen efter i minutter, mellem 0 og 120, i hele 5 minutter',
  priceInvalid: 'Skriv prisen i hele kroner, f.eks. 350, eller lad feltet stå tomt',
  chairsInvalid: `Skriv antal stole eller lifte, mellem 1 og ${MAX_CHAIRS}`,
  horizonInvalid: `Skriv hvor mange dage frem kunderne kan booke, mellem 1 og ${MAX_HORIZON_DAYS}`,
  noticeInvalid: 'Skriv hvor mange timer før tiden kunderne senest kan booke, mellem 0 og 336',
  closedInvalid:
    'Skriv lukkedage som en periode med en første og en sidste dag, hvor den sidste ikke er før den første',
  tooManyClosed: `Du kan højst have ${BOOKING_MAX_CLOSED} lukkeperioder`,
  tooManyServices: `Du kan højst have ${BOOKING_MAX_SERVICES} ydelser`,
  breakInvalid: 'Skriv pausen som to klokkeslæt, f.eks. 12:00 og 12:30',
  serviceNotFound: 'Ydelsen findes ikke længere. Vælg en anden.',
  bookingNotFound: 'Bookingen findes ikke, eller den er allerede aflyst.',
  timeTaken: 'Den tid er desværre lige blevet taget. Vælg en af de nærmeste ledige tider.',
  timeNotOffered: 'Den tid kan ikke bookes. Vælg en af de ledige tider.',
  customerNameRequired: 'Skriv kundens navn',
  customerPhoneInvalid: 'Skriv et dansk telefonnummer med 8 cifre, f.eks. 12 34 56 78',
  loadFailed: 'Kunne ikke hente bookingerne. Prøv igen.',
  saveFailed: 'Kunne ikke gemme. Prøv igen.',
  cancelFailed: 'Kunne ikke aflyse bookingen. Prøv igen.',
  bookFailed: 'Kunne ikke booke tiden. Prøv igen.',
  confirmFailed: 'Kunne ikke bekræfte bookingen. Prøv igen.',
  heldBadge: 'Venter på din bekræftelse',
  heldExplained:
    'Der er booket mange tider fra samme sted eller telefonnummer i dag. Tiden er holdt til kunden, men kunden får først en bekræftelse, når du trykker Bekræft. Afviser du, bliver tiden ledig igen, og kunden får ingen e-mail.',
  confirmed: 'Bookingen er bekræftet. Kunden får en bekræftelse på e-mail.',
  rejected: 'Bookingen er afvist, og tiden er ledig igen.',
} as const;

/** The owner's mail of a held booking (issue 52 item 7), above the booking's details. */
export const BOOKING_HELD_OWNER_LINES = [
  'Der er booket mange tider fra samme sted eller telefonnummer i dag, så denne booking venter på, at du bekræfter den. Kunden får først en bekræftelse, når du har trykket Bekræft under Bookinger.',
] as const;

/** What the customer reads on the site's booking pages (choose, book, move, cancel). */
export const SITE_BOOKING_MESSAGES = {
  notOpen: 'Online booking er ikke slået til her. Ring eller skriv for at få en tid.',
  noServices: 'Der er ingen ydelser at booke lige nu. Ring eller skriv for at få en tid.',
  noDays: 'Der er ingen ledige tider de næste dage. Ring eller skriv for at få en tid.',
  noTimes: 'Der er ingen ledige tider den dag. Vælg en anden dag.',
  nameRequired: 'Skriv dit navn',
  phoneInvalid: 'Skriv dit telefonnummer med 8 cifre, f.eks. 12 34 56 78',
  emailInvalid: 'Skriv din e-mail, f.eks. navn@eksempel.dk',
  registrationRequired: 'Skriv bilens nummerplade, f.eks. AB 12 345',
  noteTooLong: 'Skriv højst 500 tegn i beskeden',
  tooMany: 'Der er sendt for mange bookinger herfra. Prøv igen senere, eller ring.',
  tooManyPhone: 'Der er booket for mange tider med det telefonnummer i dag. Ring, hvis du vil booke flere.',
  tooLarge: 'Bookingen kunne ikke sendes. Prøv igen.',
  linkInvalid: 'Linket til bookingen er ikke gyldigt. Brug linket i din bekræftelse.',
  linkGone: 'Bookingen er aflyst eller flyttet. Brug linket i den nyeste bekræftelse.',
  tooLate: 'Tiden er for tæt på til at blive ændret her. Ring, hvis du skal flytte eller aflyse.',
  cancelled: 'Din tid er aflyst. Tak fordi du gav besked.',
  heldHeading: 'Din booking venter på bekræftelse',
  held: (company: string) =>
    `Tiden er holdt til dig, men ${company} skal bekræfte den. Du får en e-mail, når tiden er bekræftet.`,
} as const;
