// The pages every site gets beside the owner's: `privatliv` (issue 25: the privacy page, in Danish,
// from the company's own data: who is responsible, what the quote form stores, for how long, and the
// visitor's rights), `tak` (where the quote form sends a visitor without JavaScript; not indexed, and
// its phone number one tap away) and `kontakt` (issue 39: the contact page with the quote form). They
// are pages like the owner's, rendered with the text layout; an owner page with the same slug wins
// (for `kontakt`, also one named Kontakt os: rules/pages.ts CONTACT_PAGE_SLUGS).
//
// Why `kontakt` is generated at publish time rather than stored as a page of every site: every site's
// menu and footer already end with "Kontakt" (it used to jump to the Kontakt section of the page), so
// a generated page changes nothing the owner sees in the menu or in the page list; no row appears in
// "Sider" that the owner did not make, and existing sites get it at their next publish with no
// migration. The owner stays in control: a page they name Kontakt (or Kontakt os) takes its place in
// the menu and gets the form, with their own text, and the form itself is theirs to switch off
// ("Henvendelser"), which leaves the page with the contact details only. privatliv and tak are in no
// menu and no sitemap; kontakt is the menu's last item and in the sitemap.
import type { Company, Page } from '../db';
import { LEAD_MESSAGES } from '../rules/lead-messages';
import { BOOKING_KEEP_MONTHS, LEAD_KEEP_MONTHS } from '../rules/limits';
import { CONTACT_PAGE_SLUGS, findContactPage, THANKS_SLUG } from '../rules/pages';
import { formatPhone, phoneE164 } from '../rules/phone';
import { REVIEWS_SLUG } from '../rules/site-reviews';
import { companyClues, siteFit } from '../rules/trades/site-fit';
import type { SiteModel } from './site-model';

const PRIVACY_SLUG = 'privatliv';
const CONTACT_SLUG = CONTACT_PAGE_SLUGS[0] as string;

function page(company: Company, slug: string, title: string, content: string): Page {
  return {
    id: `${company.cvr}-${slug}`,
    companyCvr: company.cvr,
    pageName: title,
    title,
    slug,
    type: 'page',
    layout: 'text',
    subtitle: '',
    content,
    image: null,
    heroBackgroundImage: null,
    gallery: [],
    metaTitle: '',
    metaDescription: '',
    createdAt: company.createdAt,
    updatedAt: company.updatedAt,
    sortOrder: Number.MAX_SAFE_INTEGER,
    showInMenu: false,
  };
}

function reachUs(company: Company): string {
  // The number written the Danish way, as the Kontakt section shows it ('12 34 56 78').
  const ways = [company.email.trim(), formatPhone(company.phone)].filter((way) => way !== '');
  return ways.length > 0 ? ` på ${ways.join(' eller ')}` : '';
}

/** `booking`: the site takes bookings online (issue 52), and the page says what is kept of one. */
export function privacyPage(company: Company, booking = false): Page {
  const address = [company.address.trim(), `${company.zipcode} ${company.city}`.trim()]
    .filter(Boolean)
    .join(', ');
  const fit = siteFit(companyClues(company));
  const content = [
    `${company.name} (CVR ${company.cvr})${address ? `, ${address},` : ''} er dataansvarlig for de oplysninger, du giver os via denne hjemmeside.`,
    // A salon's or a garage's form takes a message, no postcode and no photos (issue 52 item 8).
    ...(fit.shop
      ? [
          '## Når du skriver til os',
          `Når du udfylder formularen "Skriv til os", gemmer vi dit navn, dit telefonnummer og/eller din e-mail${fit.asksPlate ? ', bilens nummerplade, hvis du skriver den,' : ''} og din besked. Vi bruger oplysningerne til at svare dig, og de sendes til os på e-mail.`,
        ]
      : [
          '## Når du beder om et tilbud',
          'Når du udfylder formularen "Få et tilbud", gemmer vi dit navn, dit telefonnummer og/eller din e-mail, dit postnummer, din besked og de billeder, du vedhæfter. Vi bruger oplysningerne til at besvare din forespørgsel og give dig et tilbud, og de sendes til os på e-mail. Billeder gemmes uden placering og andre metadata.',
        ]),
    `Vi sletter ${fit.shop ? 'din besked' : 'din forespørgsel'} ${LEAD_KEEP_MONTHS} måneder efter, at vi har modtaget den, eller før, hvis du beder os om det.`,
    ...(booking
      ? [
          '## Når du booker en tid',
          `Når du booker en tid, gemmer vi dit navn, dit telefonnummer, din e-mail, den tid og behandling, du har valgt, din eventuelle besked${fit.asksPlate ? ' og bilens nummerplade' : ''}. Vi bruger oplysningerne til at holde tiden til dig, sende dig en bekræftelse og en påmindelse og give dig et link, så du selv kan flytte eller aflyse tiden.`,
          `Vi sletter bookingen ${BOOKING_KEEP_MONTHS} måneder efter den tid, du havde booket, eller før, hvis du beder os om det.`,
        ]
      : []),
    '## Når vi beder dig om en anmeldelse',
    `Efter en opgave kan vi sende dig et link, så du kan skrive en anmeldelse. Vi gemmer din e-mail, til vi har sendt linket og højst én påmindelse, og derefter kun en kode, så vi ikke spørger dig igen, hvis du har sagt nej tak. Skriver du en anmeldelse, vises stjernerne, teksten og det navn, du selv har valgt, på hjemmesiden. Du kan slette den med linket i den e-mail, du får bagefter.`,
    'Hjemmesiden og forespørgslerne drives af Mesterside, der behandler oplysningerne på vores vegne og ikke bruger dem til andet.',
    '## Cookies',
    'Hjemmesiden sætter ingen cookies og bruger ingen sporing eller annoncer fra andre. Vi tæller kun, hvor mange der besøger siderne, uden at kunne se, hvem du er.',
    '## Dine rettigheder',
    `Du kan altid få at vide, hvilke oplysninger vi har om dig, og bede os rette eller slette dem. Skriv eller ring til os${reachUs(company)}. Er du utilfreds med, hvordan vi behandler dine oplysninger, kan du klage til Datatilsynet (datatilsynet.dk).`,
  ].join('\n\n');
  return page(company, PRIVACY_SLUG, 'Privatlivspolitik', content);
}

/** The company's number as a link a phone dials ('[12 34 56 78](tel:+4512345678)'); '' without one. */
function phoneLink(company: Company): string {
  const number = phoneE164(company.phone);
  return number === '' ? '' : `[${formatPhone(company.phone)}](tel:${number})`;
}

export function thanksPage(company: Company): Page {
  const phone = phoneLink(company);
  const shop = siteFit(companyClues(company)).shop;
  const content = [
    shop ? LEAD_MESSAGES.nextStepsShop : LEAD_MESSAGES.nextSteps,
    `Vi kontakter dig på det telefonnummer eller den e-mail, du skrev. Haster det, er du velkommen til at ringe til os${phone ? ` på ${phone}` : ''}.`,
    '[Tilbage til forsiden](./)',
  ].join('\n\n');
  return page(company, THANKS_SLUG, shop ? LEAD_MESSAGES.receivedShop : LEAD_MESSAGES.received, content);
}

/** The contact page of a site whose owner has none: a line above the quote form (when the owner shows
 *  it) and the Kontakt section every page ends with. */
function contactPage(company: Company, withForm: boolean): Page {
  const phone = phoneLink(company);
  const details = 'Du finder vores adresse, e-mail og åbningstider herunder.';
  const content = withForm
    ? `${phone ? `Ring til os på ${phone}, eller skriv` : 'Skriv'} til os her på siden, så vender vi tilbage hurtigst muligt.`
    : `${phone ? `Ring til os på ${phone}, eller skriv til os. ` : ''}${details}`;
  // 'Kontakt' in the menu, 'Kontakt os' as the heading over the page's own Kontakt section.
  return { ...page(company, CONTACT_SLUG, 'Kontakt os', content), pageName: 'Kontakt' };
}

/** One page a site gets beside the owner's, and how it is published. */
export interface GeneratedPage {
  page: Page;
  /** `<meta name="robots" content="noindex">`: the thank-you page is no search result. */
  noindex: boolean;
  /** Listed in sitemap.xml (the contact page; not the privacy and thank-you pages). */
  inSitemap: boolean;
}

/** The pages `site` gets beside the owner's: each unless the owner has a page in its place. */
export function generatedPages(site: SiteModel): GeneratedPage[] {
  const own = new Set(site.pages.map((page) => page.slug));
  const pages: GeneratedPage[] = [
    { page: privacyPage(site.company, site.booking !== undefined), noindex: false, inSitemap: false },
    { page: thanksPage(site.company), noindex: true, inSitemap: false },
  ];
  if (findContactPage(site.pages) === null) {
    pages.push({
      page: contactPage(site.company, site.leadForm !== undefined),
      noindex: false,
      inSitemap: true,
    });
  }
  // Issue 41: every review, newest first, when the site shows reviews (site-document.astro renders them).
  if (site.reviews !== undefined) {
    pages.push({
      page: page(
        site.company,
        REVIEWS_SLUG,
        'Anmeldelser',
        'Det skriver vores kunder om opgaverne, de har fået lavet.',
      ),
      noindex: false,
      inSitemap: true,
    });
  }
  return pages.filter(({ page }) => !own.has(page.slug));
}

/** The site's contact page: the owner's Kontakt (or Kontakt os) page, else the generated one. */
export function siteContactPage(site: SiteModel): Page {
  return findContactPage(site.pages) ?? contactPage(site.company, site.leadForm !== undefined);
}
