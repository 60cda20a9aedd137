// Every Danish message of the product, worded exactly as the spec words it (the spec's Screens, Validation rules, Error catalogue): each
// message the API answers (an error body, a notice inside an answer) and each error or feedback
// message a screen shows (a refusal, a failure, the confirmation after an action, in the admin, the
// onboarding island or a form on a site). Change wording here only; code elsewhere refers to these
// by name. MESSAGES holds the spec's catalogue and the product-wide texts; the groups after it hold
// one resource's messages each (leaving unsaved changes, auth).
// This file sits in the admin's first chunk, which every screen loads, so the messages only one
// area needs are worded beside it, one file per area, imported by that area's screens, the site
// and the server (tests/contracts/messages-home.test.ts lists them): rules/lead-messages.ts (the
// quote form, Henvendelser, the recipient's confirmation), rules/page-messages.ts (the pages
// editor, AI text), rules/settings-messages.ts (company settings, custom domain),
// rules/upload-messages.ts (image uploads), rules/contact-messages.ts (the marketing site's contact
// form), rules/trust-messages.ts (issue 42: the Troværdighed tab, the operator's check, the
// quote form outside the area) and rules/review-messages.ts (issue 41: the review form, Anmeldelser,
// the operator's removal).
// Not here: a screen's own labels, headings, hints and help text (beside the screen), the e-mails'
// bodies (beside the code that sends them), the text writers' phrases (api/ai/) and the pages
// visitors read (templates/).
import { websiteUrlMessage } from './domain';
import { MAX_PAGE_CONTENT_CHARS, MAX_PAGES_PER_SITE } from './limits';
import { META_DESCRIPTION_HINT, META_TITLE_HINT } from './meta';
import { DELETED_PAGE_DAYS } from './page-history';
import { PASSWORD_MAX, PASSWORD_MIN } from './password';

export interface AiFallback {
  title: string;
  content: string;
}

// What visitors see when the AI provider fails (non-OK answer, unparsable answer, network error).
export function aiFallback(company: string): AiFallback {
  return {
    title: `Velkommen til ${company}`,
    content: 'Vi er eksperter i vores felt og leverer altid kvalitetsarbejde til tiden.',
  };
}

/** `Adresse må højst være 200 tegn`. Lengths count UTF-16 units, like HTML maxlength. */
export function tooLongMessage(label: string, max: number): string {
  return `${label} må højst være ${max.toLocaleString('da-DK')} tegn`;
}

/** `Overskrift skal stå på én linje`. */
export function oneLineMessage(label: string): string {
  return `${label} skal stå på én linje`;
}

export const MESSAGES = {
  // Onboarding and company creation (the spec's Validation rules, Error catalogue).
  cvrTaken: 'Dette CVR nummer er allerede registreret',
  cvrNotFound: 'Kunne ikke finde firma med dette CVR nummer',
  companyFetchFailed: 'Kunne ikke hente firmaoplysninger',
  emailTakenAuth: 'Denne email er allerede registreret',
  emailTakenOnboarding: 'Denne email er allerede registreret. Brug venligst en anden email.',
  creationFailed: 'Der opstod en fejl. Prøv igen.',
  invalidWebsiteUrl: websiteUrlMessage,
  existingWebsiteChoice: 'Vælg venligst om det er jeres eksisterende hjemmeside',
  emailRequired: 'Email er påkrævet',
  emailAndPasswordRequired: 'Email og password er påkrævet',
  passwordTooShort: `Password skal være mindst ${PASSWORD_MIN} tegn`,
  passwordHint: `Mindst ${PASSWORD_MIN} tegn`,
  passwordsDoNotMatch: 'Passwords matcher ikke',
  privacyRequired: 'Du skal acceptere privatlivspolitikken for at fortsætte',

  // Company data and login (the spec's Error catalogue).
  companyNotFound: 'Firma ikke fundet',
  updateFailed: 'Kunne ikke opdatere firma information',
  loadCompanyFailed: 'Kunne ikke hente firma information',
  loginFailed: 'Forkert email eller password',
  // The refusal of the login form (the spec has 'Email og password er påkrævet' for creating an account only).
  loginFieldsRequired: 'Skriv din e-mail og adgangskode',

  // Admin editing (the spec's Validation rules, Error catalogue).
  saveFailed: 'Kunne ikke gemme ændringer',
  saveSuccess: 'Ændringer gemt!',
  metaTitleHint: META_TITLE_HINT,
  metaDescriptionHint: META_DESCRIPTION_HINT,
  pageCreateFailed: 'Kunne ikke oprette ny side',
  pageDeleteFailed: 'Kunne ikke slette siden',
  cvrRequired: 'CVR er påkrævet',

  // Images (the spec's Validation rules, Error catalogue).
  imagesListFailed: 'Kunne ikke hente billeder',
  uploadLimit: 'Du kan ikke uploade flere end 15 billeder',
  archiveFull: 'Du har nået grænsen på 15 billeder. Slet nogle billeder for at uploade nye.',
  uploadFailed: 'Kunne ikke uploade billede',
  uploadFailedThe: 'Kunne ikke uploade billedet',
  logoUploadFailed: 'Kunne ikke uploade logo',
  imageDeleteFailed: 'Kunne ikke slette billedet',
  deleteImageConfirm: 'Er du sikker på at du vil slette dette billede? Dette kan ikke fortrydes.',

  // AI text (the spec's Validation rules, Error catalogue). The spec keeps companyNameRequired in English.
  aiDailyLimit: 'Du har nået grænsen for AI-genereret indhold i dag. Prøv igen i morgen.',
  aiFailed: 'Kunne ikke generere indhold',
  companyNameRequired: 'Company name is required',
  aiFallback,

  // Public pages (the spec's Screens, Error catalogue).
  contactSuccess: 'Tak for din henvendelse! Vi vender tilbage hurtigst muligt.',
  contactFailed: 'Beskeden kunne ikke sendes',
  blogPostNotFound: 'Indlæg ikke fundet',
  notFound: 'Siden blev ikke fundet',
  unexpectedError: 'Unexpected Application Error!',
  /** A site past its trial's grace days (rules/trial.ts siteState 'inactive'): the page the site
   *  shows (server/fallback-pages.ts) and its quote form's refusal say the same. */
  siteInactiveTitle: 'Hjemmesiden er ikke aktiv',
  siteInactive:
    'Denne hjemmeside er ikke aktiv i øjeblikket. Ejeren kan genåbne den ved at bestille et abonnement.',

  // Not worded by the spec:
  invalidCvr: 'CVR nummeret skal være 8 cifre',
  invalidEmail: 'Indtast venligst en gyldig e-mail',
  tooManyRequests: 'For mange forsøg. Vent lidt, og prøv igen.',
  internalError: 'Der opstod en fejl. Prøv igen.',
  invalidInput: 'Ugyldige oplysninger',
  forbidden: 'Du har ikke adgang til dette',
  unauthorized: 'Du skal være logget ind',
  deletePageConfirm:
    'Er du sikker på at du vil slette denne side? Du kan gendanne den under "Slettede sider" i 30 dage.',
  homepageNotDeletable: 'Forsiden kan ikke slettes',
  logoutFailed: 'Kunne ikke logge ud. Prøv igen.',
  pagesLoadFailed: 'Kunne ikke hente siderne',
  sessionEnded: 'Du er blevet logget ud. Log ind igen.',
  unknownAdminError: 'Noget gik galt i administrationen. Genindlæs siden, eller gå tilbage til forsiden.',
  controlCharacters: 'Teksten indeholder usynlige styretegn, som ikke kan gemmes. Fjern dem, og prøv igen.',
  invalidEncoding: 'Teksten indeholder ugyldige tegn, som ikke kan gemmes. Ret teksten, og prøv igen.',

  // Caps (rules/limits.ts).
  pageLimit: `Du kan højst have ${MAX_PAGES_PER_SITE} sider. Slet en side for at oprette en ny.`,
  contentTooLong: `Teksten må højst være ${MAX_PAGE_CONTENT_CHARS.toLocaleString('da-DK')} tegn`,
  tooManySaves: 'Du har gemt mange gange på kort tid. Vent et minut, og prøv igen.',
  tooManyPreviews:
    'Forhåndsvisningen er opdateret mange gange på kort tid. Vent et øjeblik, så opdateres den igen.',
  previewFailed: 'Kunne ikke vise forhåndsvisningen. Prøv igen.',

  // Page history and undo (rules/page-history.ts).
  revisionNotFound: 'Versionen findes ikke længere',
  revisionRestoreFailed: 'Kunne ikke gendanne versionen',
  deletedPageNotFound: `Siden kan ikke gendannes. Slettede sider gemmes i ${DELETED_PAGE_DAYS} dage.`,
  deletedPageRestoreFailed: 'Kunne ikke gendanne siden',
  historyLoadFailed: 'Kunne ikke hente historikken',
  pageOrderFailed: 'Kunne ikke gemme rækkefølgen',
  pageOrderStale: 'Siderne er ændret i mellemtiden. Genindlæs siden, og prøv igen.',

  // Owner accounts: password reset, password and e-mail change (issue 13).
  passwordResetSent:
    'Hvis der findes en konto med den e-mail, har vi sendt et link til at vælge en ny adgangskode. Linket virker i en time.',
  passwordResetFailed: 'Kunne ikke sende linket. Prøv igen.',
  resetLinkExpired: 'Linket er udløbet. Bed om et nyt link herunder.',
  resetLinkUsed: 'Linket er allerede brugt. Bed om et nyt link herunder.',
  resetLinkInvalid: 'Linket er ikke gyldigt. Bed om et nyt link herunder.',
  passwordChanged: 'Din adgangskode er ændret.',
  passwordRequired: 'Skriv en adgangskode',
  currentPasswordRequired: 'Skriv din nuværende adgangskode',
  passwordChangeFailed: 'Kunne ikke ændre adgangskoden',
  currentPasswordWrong: 'Den nuværende adgangskode er forkert',
  emailChangeFailed: 'Kunne ikke ændre e-mail',
  emailUnchanged: 'Det er allerede din e-mail',
  emailLinkUsed: 'Linket er allerede brugt.',
  emailLinkInvalid: 'Linket er ikke gyldigt.',
  emailVerifySent: 'Vi har sendt et link til din e-mail. Klik på linket for at bekræfte den.',
  emailVerifyFailed: 'Kunne ikke bekræfte din e-mail',
  emailVerified: 'Din e-mail er bekræftet.',
  // Dashboard, orders and the operator view (issue 14).
  dashboardLoadFailed: 'Kunne ikke hente tallene til dit overblik',
  invalidEan: 'EAN-nummeret skal være 13 cifre',
  orderFailed: 'Bestillingen kunne ikke gemmes. Prøv igen.',
  alreadyOrdered: 'Du har allerede bestilt et abonnement',
  operatorLoadFailed: 'Kunne ikke hente driftsoversigten',
  orderConfirmed: 'Tak for din bestilling! Vi har sendt en bekræftelse til din e-mail.',
  publishFailingTitle: 'Dine seneste ændringer er ikke online endnu',
  publishFailing:
    'Vi kunne ikke opdatere din hjemmeside med dine seneste ændringer. Den forrige udgave er stadig online, og vi prøver igen automatisk. Meget lang eller usædvanligt opbygget tekst på en side kan være årsagen.',
  addressCopied: 'Kopieret',
  addressCopyFailed: 'Kunne ikke kopiere – markér adressen i stedet',
  /** Henvendelser's list and settings, and the shell's unread count (every screen asks for it). */
  leadsLoadFailed: 'Kunne ikke hente henvendelserne',
} as const;

/** Leaving an editor with unsaved changes (issue 40, admin/src/components/unsaved-changes.tsx, in
 *  the shell: every screen can ask). The page draft kept in the browser is PAGE_MESSAGES.draftOffer. */
export const UNSAVED_MESSAGES = {
  leaveTitle: 'Du har ændringer, der ikke er gemt',
  leaveQuestion: 'Vil du gemme dem, før du går videre? Kassér smider dem væk.',
} as const;

/** Owner passwords beyond the spec's words (rules/password.ts). */
export const AUTH_MESSAGES = {
  passwordTooCommon: 'Vælg en adgangskode, der er sværere at gætte',
  passwordTooLong: tooLongMessage('Adgangskoden', PASSWORD_MAX),
} as const;
