// The two pages every site gets beside the owner's (issue 25): `privatliv` (the privacy page, in
// Danish, from the company's own data: who is responsible, what the quote form stores, for how long,
// and the visitor's rights) and `tak` (where the quote form sends a visitor without JavaScript). They
// are pages like the owner's, rendered with the text layout, but in no menu and no sitemap. An owner
// page with the same slug wins: its file is not overwritten.

import type { Company, Page } from '../db';
import { LEAD_KEEP_MONTHS } from '../rules/limits';
import { LEAD_MESSAGES } from '../rules/messages';
import { THANKS_SLUG } from '../rules/pages';
import { formatPhone } from '../rules/phone';

const PRIVACY_SLUG = 'privatliv';

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

export function privacyPage(company: Company): Page {
  const address = [company.address.trim(), `${company.zipcode} ${company.city}`.trim()]
    .filter(Boolean)
    .join(', ');
  const content = [
    `${company.name} (CVR ${company.cvr})${address ? `, ${address},` : ''} er dataansvarlig for de oplysninger, du giver os via denne hjemmeside.`,
    '## Når du beder om et tilbud',
    'Når du udfylder formularen "Få et tilbud", gemmer vi dit navn, dit telefonnummer og/eller din e-mail, dit postnummer, din besked og de billeder, du vedhæfter. Vi bruger oplysningerne til at besvare din forespørgsel og give dig et tilbud, og de sendes til os på e-mail. Billeder gemmes uden placering og andre metadata.',
    `Vi sletter din forespørgsel ${LEAD_KEEP_MONTHS} måneder efter, at vi har modtaget den, eller før, hvis du beder os om det.`,
    'Hjemmesiden og forespørgslerne drives af Mesterside, der behandler oplysningerne på vores vegne og ikke bruger dem til andet.',
    '## Cookies',
    'Hjemmesiden sætter ingen cookies og bruger ingen sporing eller annoncer fra andre. Vi tæller kun, hvor mange der besøger siderne, uden at kunne se, hvem du er.',
    '## Dine rettigheder',
    `Du kan altid få at vide, hvilke oplysninger vi har om dig, og bede os rette eller slette dem. Skriv eller ring til os${reachUs(company)}. Er du utilfreds med, hvordan vi behandler dine oplysninger, kan du klage til Datatilsynet (datatilsynet.dk).`,
  ].join('\n\n');
  return page(company, PRIVACY_SLUG, 'Privatlivspolitik', content);
}

export function thanksPage(company: Company): Page {
  const content = [
    `${LEAD_MESSAGES.nextSteps}`,
    `Vi kontakter dig på det telefonnummer eller den e-mail, du skrev. Haster det, er du velkommen til at ringe til os${company.phone.trim() ? ` på ${formatPhone(company.phone)}` : ''}.`,
    '[Tilbage til forsiden](./)',
  ].join('\n\n');
  return page(company, THANKS_SLUG, LEAD_MESSAGES.received, content);
}
