// The settings' Danish messages: the company's fields (contracts/company.ts) and the custom
// domain's DNS check. Part of rules/messages.ts's catalogue, apart because the admin's first chunk
// carries messages.ts to every screen and these only the settings screen (and the API) need.
import { websiteUrlMessage } from './domain';
import { HOURS_MAX_LENGTH } from './hours';

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

/** The custom domain's DNS check and status (api/routes/domain.ts). */
export const DOMAIN_MESSAGES = {
  domainTaken: 'Domænet er allerede tilknyttet en anden hjemmeside hos os. Kontakt os, hvis det er dit.',
  dnsUnavailable: 'DNS kunne ikke spørges lige nu. Prøv igen om lidt.',
  noCustomDomain: 'Angiv først dit eget domæne under Domæne, og gem.',
  propagation: 'Det kan tage op til 24 timer, før ændringer i DNS slår igennem.',
  allGood: 'Dit domæne er sat rigtigt op.',
  aMissing: 'Der er ingen A-post for domænet endnu.',
  aWrong: (found: string[], wanted: string) =>
    `A-posten peger på ${found.join(', ')}, men skal pege på ${wanted}.`,
  // Only a product on localhost runs without DNS_A_RECORD (lib/config.ts refuses it elsewhere).
  aUnknown:
    'Denne installation kører kun på din egen computer (localhost), så der er ingen offentlig IP-adresse at pege på. På den rigtige server står adressen her.',
  twinMissing: (twin: string) => `Der er ingen A-post for ${twin} endnu.`,
  twinWrong: (twin: string, found: string[], wanted: string) =>
    `A-posten for ${twin} peger på ${found.join(', ')}, men skal pege på ${wanted}.`,
  txtMissing: 'TXT-posten til bekræftelse mangler eller har en forkert værdi.',
  pending:
    'Domænet venter på bekræftelse. Det viser ikke din hjemmeside, før vi har fundet TXT-posten herunder.',
  verified: 'Domænet er bekræftet og viser din hjemmeside.',
  lapsed: (since: string) =>
    `Vi har ikke kunnet finde TXT-posten siden ${new Date(since).toLocaleDateString('da-DK', { timeZone: 'Europe/Copenhagen' })}, så domænet viser ikke længere din hjemmeside. Sæt TXT-posten igen, og tryk på Tjek nu.`,
  missingNow:
    'TXT-posten kan ikke findes lige nu. Kommer den ikke igen inden for et par dage, holder domænet op med at vise din hjemmeside.',
} as const;

/** The domain guide (rules/domain-guide.ts, Settings › Domæne): what to type into the registrar's form. */
export const DOMAIN_GUIDE_MESSAGES = {
  shows: (domain: string) => `Viser din hjemmeside på ${domain}`,
  forwards: (twin: string, domain: string) => `Sender besøgende på ${twin} videre til ${domain}`,
  proves: (domain: string) => `Bekræfter, at ${domain} er dit`,
  intro:
    'Log ind hos den udbyder, hvor du har købt domænet (f.eks. One.com, Simply eller GoDaddy), og find DNS-indstillingerne. Opret de tre poster herunder, og skriv præcis det, der står under Navn, Type og Værdi.',
  hostHelp: (zone: string) =>
    `Navn er det, der står foran ${zone}. "@" betyder ${zone} selv: vil din udbyder ikke have "@", så lad feltet stå tomt. Skriver udbyderen selv ${zone} bag feltet, så skriv kun navnet, ikke ${zone} en gang til.`,
  bothNames: (domain: string, twin: string) =>
    `Både ${domain} og ${twin} får en A-post med den samme IP-adresse. Din hjemmeside vises på ${domain}, som du har skrevet ovenfor, og ${twin} sender besøgende videre dertil. Har et af navnene allerede en CNAME-post, så slet den først: et navn kan ikke have både en CNAME-post og en A-post.`,
  copy: 'Kopiér',
  copied: 'Kopieret',
  copyFailed: 'Kunne ikke kopiere. Markér værdien, og kopiér den selv.',
} as const;
