// The pages editor's Danish messages: the page's fields (contracts/pages.ts), the AI text form
// (contracts/ai.ts) and the draft kept in the browser. Part of rules/messages.ts's catalogue, apart
// because the admin's first chunk carries messages.ts to every screen and these only the pages
// editor (and the API) need.
import { GALLERY_MAX_ITEMS } from './limits';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from './meta';
import { SLUG_MAX_LENGTH } from './slug';

/** The pages editor's fields (contracts/pages.ts). */
export const PAGE_MESSAGES = {
  pageNameRequired: 'Navn i menuen skal udfyldes',
  // The page's address (issue 49: its own field, changed on purpose; rules/slug.ts slugProblem).
  slugRequired: 'Skriv sidens adresse',
  slugInvalid: 'Adressen må kun have små bogstaver (a-z), tal og bindestreger – ikke æ, ø, å eller mellemrum',
  slugTooLong: `Adressen må højst være ${SLUG_MAX_LENGTH} tegn`,
  slugTaken: 'En anden side har allerede den adresse. Vælg en anden.',
  slugReserved: 'Den adresse bruger Mesterside selv. Vælg en anden.',
  slugSuggestion: (slug: string) => `Forslag: ${slug}`,
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
  /** A page draft kept in the browser (admin/src/screens/pages/local-page-draft.ts), offered back;
   *  `when` as the owner reads a time: "i dag kl. 14.05", "3. december kl. 9.30". */
  draftOffer: (when: string) => `Du har en kladde fra ${when}, der ikke er gemt. Vil du fortsætte med den?`,
} as const;

/** The AI text form (contracts/ai.ts). */
export const AI_MESSAGES = {
  keywordsRequired: 'Skriv mindst ét nøgleord',
  keywordsTooLong: 'Nøgleordene er for lange. Brug højst 20 nøgleord på hver højst 80 tegn.',
  pageTypeInvalid: 'Vælg om teksten er til forsiden eller en underside',
} as const;
