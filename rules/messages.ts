// Every Danish message of the product, worded exactly as the spec words it (SPEC §2, §5, §8): each
// message the API answers (an error body, a notice inside an answer) and each error or feedback
// message a screen shows (a refusal, a failure, the confirmation after an action, in the admin, the
// onboarding island or a form on a site). Change wording here only; code elsewhere refers to these
// by name. MESSAGES holds the spec's catalogue and the product-wide texts; the groups after it hold
// one resource's messages each (auth, pages, company settings, contact form, quote requests,
// uploads, custom domain).
// Issue 42's messages (the Troværdighed tab, the operator's check, the quote form outside the area)
// are worded in rules/trust-messages.ts beside this file: this catalogue sits in the admin's first
// chunk, which every screen loads, and those only the screens that use them.
// Not here: a screen's own labels, headings, hints and help text (beside the screen), the e-mails'
// bodies (beside the code that sends them), the text writers' phrases (api/ai/) and the pages
// visitors read (templates/).
import { websiteUrlMessage } from './domain';
import { HOURS_MAX_LENGTH } from './hours';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  GALLERY_MAX_ITEMS,
  LEAD_KEEP_MONTHS,
  LEAD_MAX_LINKS,
  LEAD_MAX_PHOTOS,
  LEAD_MESSAGE_MAX,
  LEAD_NAME_MAX,
  MAX_PAGE_CONTENT_CHARS,
  MAX_PAGES_PER_SITE,
} from './limits';
import { META_DESCRIPTION_HINT, META_DESCRIPTION_MAX, META_TITLE_HINT, META_TITLE_MAX } from './meta';
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
  // Onboarding and company creation (SPEC §5, §8).
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

  // Company data and login (SPEC §8).
  companyNotFound: 'Firma ikke fundet',
  updateFailed: 'Kunne ikke opdatere firma information',
  loadCompanyFailed: 'Kunne ikke hente firma information',
  loginFailed: 'Forkert email eller password',

  // Admin editing (SPEC §5, §8).
  saveFailed: 'Kunne ikke gemme ændringer',
  saveSuccess: 'Ændringer gemt!',
  metaTitleHint: META_TITLE_HINT,
  metaDescriptionHint: META_DESCRIPTION_HINT,
  pageCreateFailed: 'Kunne ikke oprette ny side',
  pageDeleteFailed: 'Kunne ikke slette siden',
  cvrRequired: 'CVR er påkrævet',

  // Images (SPEC §5, §8).
  imagesListFailed: 'Kunne ikke hente billeder',
  uploadLimit: 'Du kan ikke uploade flere end 15 billeder',
  archiveFull: 'Du har nået grænsen på 15 billeder. Slet nogle billeder for at uploade nye.',
  uploadFailed: 'Kunne ikke uploade billede',
  uploadFailedThe: 'Kunne ikke uploade billedet',
  logoUploadFailed: 'Kunne ikke uploade logo',
  imageDeleteFailed: 'Kunne ikke slette billedet',
  deleteImageConfirm: 'Er du sikker på at du vil slette dette billede? Dette kan ikke fortrydes.',

  // AI text (SPEC §5, §8). The spec keeps companyNameRequired in English.
  aiDailyLimit: 'Du har nået grænsen for AI-genereret indhold i dag. Prøv igen i morgen.',
  aiFailed: 'Kunne ikke generere indhold',
  companyNameRequired: 'Company name is required',
  aiFallback,

  // Public pages (SPEC §2, §8).
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
    'Hvis der findes en konto med den e-mail, har vi sendt et link til at vælge et nyt password. Linket virker i en time.',
  passwordResetFailed: 'Kunne ikke sende linket. Prøv igen.',
  resetLinkExpired: 'Linket er udløbet. Bed om et nyt link herunder.',
  resetLinkUsed: 'Linket er allerede brugt. Bed om et nyt link herunder.',
  resetLinkInvalid: 'Linket er ikke gyldigt. Bed om et nyt link herunder.',
  passwordChanged: 'Dit password er ændret.',
  passwordRequired: 'Password er påkrævet',
  currentPasswordRequired: 'Skriv dit nuværende password',
  passwordChangeFailed: 'Kunne ikke ændre password',
  currentPasswordWrong: 'Det nuværende password er forkert',
  emailChangeSent: 'Vi har sendt et link til den nye e-mail. Klik på linket for at bekræfte ændringen.',
  emailChangeFailed: 'Kunne ikke ændre e-mail',
  emailChanged: 'Din e-mail er ændret. Du logger ind med den nye e-mail fra nu af.',
  emailUnchanged: 'Det er allerede din e-mail',
  emailLinkExpired: 'Linket er udløbet. Bed om et nyt under Konto i administrationen.',
  emailLinkUsed: 'Linket er allerede brugt.',
  emailLinkInvalid: 'Linket er ikke gyldigt.',
  emailVerifySent: 'Vi har sendt et link til din e-mail. Klik på linket for at bekræfte den.',
  emailVerifyFailed: 'Kunne ikke bekræfte din e-mail',
  emailVerified: 'Din e-mail er bekræftet.',
  domainTaken: 'Domænet er allerede tilknyttet en anden hjemmeside hos os. Kontakt os, hvis det er dit.',
  // Dashboard, orders and the operator view (issue 14).
  dashboardLoadFailed: 'Kunne ikke hente tallene til dit dashboard',
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
} as const;

/** Leaving an editor with unsaved changes, and a page draft kept in the browser (issue 40,
 *  admin/src/components/unsaved-changes.tsx, admin/src/screens/pages/local-page-draft.ts). */
export const UNSAVED_MESSAGES = {
  leaveTitle: 'Du har ændringer, der ikke er gemt',
  leaveQuestion: 'Vil du gemme dem, før du går videre? Kassér smider dem væk.',
  /** `when` as the owner reads a time: "i dag kl. 14.05", "3. december kl. 9.30". */
  draftOffer: (when: string) => `Du har en kladde fra ${when}, der ikke er gemt. Vil du fortsætte med den?`,
} as const;

/** Owner passwords beyond the spec's words (rules/password.ts). */
export const AUTH_MESSAGES = {
  passwordTooCommon: 'Vælg en adgangskode, der er sværere at gætte',
  passwordTooLong: tooLongMessage('Password', PASSWORD_MAX),
} as const;

/** The AI text form (contracts/ai.ts). */
export const AI_MESSAGES = {
  keywordsRequired: 'Skriv mindst ét nøgleord',
  keywordsTooLong: 'Nøgleordene er for lange. Brug højst 20 nøgleord på hver højst 80 tegn.',
  pageTypeInvalid: 'Vælg om teksten er til forsiden eller en underside',
} as const;

/** The pages editor's fields (contracts/pages.ts). */
export const PAGE_MESSAGES = {
  pageNameRequired: 'Sidenavn skal udfyldes',
  invalidLayout: 'Vælg et af de viste layouts',
  invalidImage: 'Ugyldig billedadresse',
  galleryTooLong: `Galleriet kan højst have ${GALLERY_MAX_ITEMS} billeder`,
  // The editor's hints are 'Maksimum 60 tegn - Dette vises i søgeresultater'; the error is its first half.
  metaTitleTooLong: `Maksimum ${META_TITLE_MAX} tegn`,
  metaDescriptionTooLong: `Maksimum ${META_DESCRIPTION_MAX} tegn`,
  textTooDeep: 'Teksten har for mange niveauer af citater eller lister.',
  // The page text's Link panel (rules/link-address.ts); a web address on no real host is refused as
  // the settings refuse one, with MESSAGES.invalidWebsiteUrl.
  linkAddressRequired: 'Skriv den adresse, linket skal føre til',
  linkAddressInvalid: 'Skriv en webadresse (firma.dk), en e-mail, et telefonnummer eller en side (/kontakt)',
} as const;

/** The company settings (contracts/company.ts). */
export const COMPANY_MESSAGES = {
  hoursTooLong: `Åbningstider må højst være ${HOURS_MAX_LENGTH} tegn pr. dag`,
  unknownWeekday: 'Åbningstider kan kun angives for ugens dage',
  unknownNetwork: 'Sociale medier kan kun være facebook, instagram, linkedin og tiktok',
  invalidTheme: 'Vælg et af de viste farvetemaer',
  invalidPhone: 'Skriv et dansk telefonnummer med 8 cifre, f.eks. 70 20 30 40 eller +45 70 20 30 40',
  invalidPostcode: 'Postnummer skal være 4 cifre, f.eks. 8000',
  // A link that is not a profile on the network's own host (rules/social.ts socialProfileLink).
  invalidSocialLink: {
    facebook: 'Skriv linket til din side på Facebook, f.eks. facebook.com/ditfirma',
    instagram: 'Skriv linket til din profil på Instagram, f.eks. instagram.com/ditfirma',
    linkedin: 'Skriv linket til din side på LinkedIn, f.eks. linkedin.com/company/ditfirma',
    tiktok: 'Skriv linket til din profil på TikTok, f.eks. tiktok.com/@ditfirma',
  },
  invalidDomain: websiteUrlMessage(),
  logoSaved: 'Logoet er gemt og vises nu på din hjemmeside.',
  logoRemoved: 'Logoet er fjernet.',
} as const;

/** The marketing site's contact form (contracts/contact.ts). */
export const CONTACT_MESSAGES = {
  nameRequired: 'Navn er påkrævet',
  nameTooLong: tooLongMessage('Navn', CONTACT_NAME_MAX),
  nameOneLine: 'Navn skal stå på én linje',
  emailRequired: MESSAGES.emailRequired,
  messageRequired: 'Besked er påkrævet',
  messageTooLong: tooLongMessage('Besked', CONTACT_MESSAGE_MAX),
} as const;

/** The quote-request form on the company sites (rules/lead-form.ts) and its inbox in the admin. */
export const LEAD_MESSAGES = {
  nameRequired: 'Skriv dit navn',
  nameTooLong: `Navn må højst være ${LEAD_NAME_MAX} tegn`,
  nameOneLine: 'Navn skal stå på én linje',
  contactRequired: 'Skriv dit telefonnummer eller din e-mail, så vi kan svare dig',
  phoneInvalid: 'Skriv et gyldigt telefonnummer',
  emailInvalid: 'Skriv en gyldig e-mail',
  postcodeInvalid: 'Skriv et postnummer på 4 cifre',
  messageRequired: 'Skriv kort, hvad det drejer sig om',
  messageTooLong: `Teksten må højst være ${LEAD_MESSAGE_MAX.toLocaleString('da-DK')} tegn`,
  messageControl: 'Teksten indeholder usynlige styretegn. Fjern dem, og prøv igen.',
  tooManyLinks: `Teksten må højst indeholde ${LEAD_MAX_LINKS} links`,
  tooManyPhotos: `Du kan højst vedhæfte ${LEAD_MAX_PHOTOS} billeder`,
  photoRefused: 'Et af billederne kunne ikke bruges. Brug JPEG, PNG, WebP eller AVIF på højst 10 MB.',
  tokenRefused:
    'Formularen er for gammel eller blev sendt for hurtigt. Tjek oplysningerne, og tryk Send igen.',
  tooMany: 'Der er sendt mange forespørgsler på kort tid. Vent lidt, og prøv igen, eller ring til os.',
  failed: 'Din forespørgsel kunne ikke gemmes. Prøv igen, eller ring til os.',
  notAvailable: 'Formularen er ikke tilgængelig.',
  /** The thank-you's heading, over nextSteps (which says the request arrived; not twice). */
  received: 'Tak for din forespørgsel',
  nextSteps:
    'Vi har modtaget din forespørgsel og vender tilbage hurtigst muligt – som regel inden for 1–2 hverdage.',
  privacyLine: `Vi gemmer dine oplysninger og billeder i ${LEAD_KEEP_MONTHS} måneder for at kunne besvare din forespørgsel.`,
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
  loadFailed: 'Kunne ikke hente henvendelserne',
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
} as const;

/** Image uploads (api/images/): the error catalogue (SPEC §8) has no wording for these two cases;
 *  the admin shows them before uploading too. */
export const UPLOAD_MESSAGES = {
  tooLarge: 'Billedet er for stort (højst 10 MB)',
  notAnImage: 'Filen er ikke et billede. Brug JPEG, PNG, WebP eller AVIF.',
} as const;

/** The custom domain's DNS check and status (api/routes/domain.ts). */
export const DOMAIN_MESSAGES = {
  dnsUnavailable: 'DNS kunne ikke spørges lige nu. Prøv igen om lidt.',
  noCustomDomain: 'Angiv først dit eget domæne under Domæne, og gem.',
  propagation: 'Det kan tage op til 24 timer, før ændringer i DNS slår igennem.',
  allGood: 'Dit domæne er sat rigtigt op.',
  aMissing: 'Der er ingen A-post for domænet endnu.',
  aWrong: (found: string[], wanted: string) =>
    `A-posten peger på ${found.join(', ')}, men skal pege på ${wanted}.`,
  aUnknown: 'Kontakt os for at få den IP-adresse, A-posten skal pege på.',
  txtMissing: 'TXT-posten til bekræftelse mangler eller har en forkert værdi.',
  pending:
    'Domænet venter på bekræftelse. Det viser ikke din hjemmeside, før vi har fundet TXT-posten herunder.',
  verified: 'Domænet er bekræftet og viser din hjemmeside.',
  lapsed: (since: string) =>
    `Vi har ikke kunnet finde TXT-posten siden ${new Date(since).toLocaleDateString('da-DK', { timeZone: 'Europe/Copenhagen' })}, så domænet viser ikke længere din hjemmeside. Sæt TXT-posten igen, og tryk på Tjek nu.`,
  missingNow:
    'TXT-posten kan ikke findes lige nu. Kommer den ikke igen inden for et par dage, holder domænet op med at vise din hjemmeside.',
} as const;
