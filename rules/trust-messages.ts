// Issue 42's Danish messages: the Troværdighed tab, onboarding's authorisation field, the operator's
// check and the quote form's answer outside the area. Part of rules/messages.ts's catalogue (its
// header says why they sit apart: the admin's first chunk carries messages.ts to every screen, and
// these only to the screens that use them).
import { SERVICE_RADIUS_MAX_KM, SERVICE_RADIUS_MIN_KM } from './limits';
/** What a customer checks before calling (issue 42): the Troværdighed tab, onboarding's
 *  authorisation field, the operator's check and the quote form's answer outside the area. */
export const TRUST_MESSAGES = {
  authorisationTypeInvalid: 'Vælg en af de viste autorisationer',
  authorisationNumberRequired: 'Skriv autorisationsnummeret',
  authorisationNumberInvalid: 'Skriv autorisationsnummeret med tal (3–10 cifre), f.eks. 12345',
  schemeUnknown: 'Vælg blandt de viste ordninger og foreninger',
  /** Issue 48: a trade that has no such authorisation (a carpenter naming an el-autorisation). */
  authorisationNotForTrade: (trade: string) =>
    `Den autorisation hører ikke til dit fag (${trade}). Vælg en af de viste autorisationer, eller lad feltet stå tomt.`,
  /** Issue 48: a scheme or association the trade cannot belong to. */
  schemeNotForTrade: (name: string, trade: string) =>
    `${name} er ikke en ordning for dit fag (${trade}). Vælg blandt de viste ordninger og foreninger.`,
  schemesConfirmRequired: 'Bekræft, at firmaet er medlem af de ordninger og foreninger, du har valgt',
  areaModeInvalid: 'Vælg, hvordan du vil angive området',
  municipalitiesRequired: 'Vælg mindst én kommune',
  municipalityUnknown: 'Vælg kommunerne fra listen',
  tooManyMunicipalities: 'Du kan højst vælge alle 98 kommuner',
  radiusInvalid: `Skriv en afstand mellem ${SERVICE_RADIUS_MIN_KM} og ${SERVICE_RADIUS_MAX_KM} km`,
  postcodeUnknown: 'Vi kender ikke det postnummer. Skriv et dansk postnummer, f.eks. 8000',
  emergencyPhoneRequired: 'Skriv døgnvagtens telefonnummer',
  emergencyPhoneInvalid: 'Skriv et dansk telefonnummer med 8 cifre, f.eks. 70 20 30 40 eller +45 70 20 30 40',
  emergencyHoursInvalid: 'Vælg, hvornår døgnvagten kan ringes op',
  loadFailed: 'Kunne ikke hente oplysningerne om autorisation, garantier og område',
  checkFailed: 'Kunne ikke markere autorisationen. Prøv igen.',
  checkStale: 'Firmaet har ændret autorisationen i mellemtiden. Genindlæs listen, og tjek det nye nummer.',
  checked: 'Autorisationen er markeret som kontrolleret, og hjemmesiden bliver opdateret.',
  unchecked: 'Kontrollen er fjernet. Hjemmesiden siger igen, at oplysningen er firmaets egen.',
  uncheckFailed: 'Kunne ikke fjerne kontrollen. Prøv igen.',
  schemeChecked: 'Medlemskabet er markeret som kontrolleret, og hjemmesiden bliver opdateret.',
  schemeCheckFailed: 'Kunne ikke markere ordningen. Prøv igen.',
  schemeCheckStale: 'Firmaet har fjernet ordningen i mellemtiden. Genindlæs listen.',
  schemesLoadFailed: 'Kunne ikke hente ordningerne til kontrol',
  /** The quote form's thank-you when the postcode lies outside the area (the request is kept). */
  outsideArea:
    'Postnummeret ligger uden for det område, vi normalt kører i. Vi kigger på din forespørgsel og vender tilbage og fortæller, om vi kan hjælpe.',
} as const;
