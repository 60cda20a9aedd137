// The scale fixture: 100,000 realistic Danish trade companies (names, towns, 3–8 pages each, a share
// with logos and custom domains) written straight into the tables in multi-row batches, so SQLite and
// PostgreSQL are both seeded in minutes. Rows are deterministic: index N is always the same company,
// so figures from two runs (or two databases) describe the same data.
import { addToCounter, type Db, type NewCompanyRow, type NewPageRow } from '../../../db';
import { DEFAULT_HOURS } from '../../../rules/hours';
import { THEME_IDS } from '../../../rules/themes';
import { PLAN_STATUS_ORDERED } from '../../../rules/trial';

export interface ScaleOptions {
  companies: number;
  /** Every nth company has an uploaded logo; default 3. */
  logoEvery?: number;
  /** Every nth company has a custom domain; default 10. */
  domainEvery?: number;
  /** Progress callback, called after each batch with the companies written so far. */
  onProgress?: (written: number) => void;
}

export interface ScaleCompany {
  cvr: string;
  subdomain: string;
  customDomain: string | null;
  pages: string[];
}

interface Trade {
  noun: string;
  industry: string;
  /** DB07, as the CVR registry gives it. */
  code: string;
  pages: string[];
}

// Industry texts as the CVR registry writes them; page names a company of that trade would add.
const TRADES: Trade[] = [
  {
    noun: 'Tømrer',
    code: '433200',
    industry: 'Tømrer- og bygningssnedkervirksomhed',
    pages: ['Ydelser', 'Tagarbejde', 'Tilbygninger', 'Referencer', 'Projekter', 'Priser'],
  },
  {
    noun: 'Murer',
    code: '439910',
    industry: 'Murere',
    pages: ['Ydelser', 'Facaderenovering', 'Flisearbejde', 'Projekter', 'Referencer', 'Priser'],
  },
  {
    noun: 'VVS',
    code: '432200',
    industry: 'VVS- og blikkenslagerforretninger',
    pages: ['Ydelser', 'Badeværelser', 'Varmepumper', 'Akut hjælp', 'Projekter', 'Priser'],
  },
  {
    noun: 'Maler',
    code: '433410',
    industry: 'Malerforretninger',
    pages: ['Ydelser', 'Indvendig maling', 'Facader', 'Projekter', 'Referencer', 'Priser'],
  },
  {
    noun: 'El',
    code: '432100',
    industry: 'Elinstallationsvirksomhed',
    pages: ['Ydelser', 'Ladestandere', 'Solceller', 'Projekter', 'Referencer', 'Priser'],
  },
  {
    noun: 'Kloak',
    code: '370000',
    industry: 'Kloakmestre',
    pages: ['Ydelser', 'TV-inspektion', 'Dræn', 'Projekter', 'Referencer', 'Priser'],
  },
  {
    noun: 'Frisør',
    code: '960210',
    industry: 'Frisørsaloner',
    pages: ['Behandlinger', 'Priser', 'Book tid', 'Galleri', 'Produkter', 'Gavekort'],
  },
  {
    noun: 'Auto',
    code: '452010',
    industry: 'Almindelig reparation og vedligeholdelse af motorkøretøjer',
    pages: ['Service', 'Dæk', 'Syn', 'Priser', 'Referencer', 'Brugtbiler'],
  },
  {
    noun: 'Anlægsgartner',
    code: '813000',
    industry: 'Anlægsgartnere',
    pages: ['Ydelser', 'Belægning', 'Havepleje', 'Projekter', 'Referencer', 'Priser'],
  },
  {
    noun: 'Vinduespolering',
    code: '812210',
    industry: 'Vinduespudsning',
    pages: ['Ydelser', 'Erhverv', 'Abonnement', 'Referencer', 'Priser', 'Område'],
  },
];

const SURNAMES = [
  'Jensen',
  'Nielsen',
  'Hansen',
  'Pedersen',
  'Andersen',
  'Christensen',
  'Larsen',
  'Sørensen',
  'Rasmussen',
  'Jørgensen',
  'Petersen',
  'Madsen',
  'Kristensen',
  'Olsen',
  'Thomsen',
  'Christiansen',
  'Poulsen',
  'Johansen',
  'Møller',
  'Mortensen',
  'Knudsen',
  'Jakobsen',
  'Mikkelsen',
  'Olesen',
  'Frederiksen',
  'Laursen',
  'Henriksen',
  'Lund',
  'Schmidt',
  'Eriksen',
  'Holm',
  'Kristiansen',
  'Clausen',
  'Simonsen',
  'Svendsen',
  'Andreasen',
  'Iversen',
  'Østergaard',
  'Jeppesen',
  'Vestergaard',
  'Nissen',
  'Lauridsen',
  'Kjær',
  'Jespersen',
  'Mogensen',
  'Skov',
  'Nørgaard',
  'Bertelsen',
  'Dahl',
  'Bach',
];

const TOWNS: Array<[zipcode: string, city: string]> = [
  ['1050', 'København K'],
  ['2100', 'København Ø'],
  ['2300', 'København S'],
  ['2500', 'Valby'],
  ['2600', 'Glostrup'],
  ['2630', 'Taastrup'],
  ['2800', 'Kongens Lyngby'],
  ['2900', 'Hellerup'],
  ['3000', 'Helsingør'],
  ['3400', 'Hillerød'],
  ['3600', 'Frederikssund'],
  ['4000', 'Roskilde'],
  ['4100', 'Ringsted'],
  ['4200', 'Slagelse'],
  ['4300', 'Holbæk'],
  ['4400', 'Kalundborg'],
  ['4600', 'Køge'],
  ['4700', 'Næstved'],
  ['4800', 'Nykøbing F'],
  ['5000', 'Odense C'],
  ['5200', 'Odense V'],
  ['5500', 'Middelfart'],
  ['5700', 'Svendborg'],
  ['5800', 'Nyborg'],
  ['6000', 'Kolding'],
  ['6100', 'Haderslev'],
  ['6200', 'Aabenraa'],
  ['6400', 'Sønderborg'],
  ['6700', 'Esbjerg'],
  ['6800', 'Varde'],
  ['7000', 'Fredericia'],
  ['7100', 'Vejle'],
  ['7400', 'Herning'],
  ['7500', 'Holstebro'],
  ['7800', 'Skive'],
  ['8000', 'Aarhus C'],
  ['8200', 'Aarhus N'],
  ['8600', 'Silkeborg'],
  ['8700', 'Horsens'],
  ['8800', 'Viborg'],
  ['8900', 'Randers C'],
  ['9000', 'Aalborg'],
  ['9200', 'Aalborg SV'],
  ['9700', 'Brønderslev'],
  ['9800', 'Hjørring'],
  ['9900', 'Frederikshavn'],
  ['3700', 'Rønne'],
  ['4900', 'Nakskov'],
  ['6900', 'Skjern'],
  ['7700', 'Thisted'],
];

const STREETS = [
  'Hovedgaden',
  'Industrivej',
  'Håndværkervej',
  'Stationsvej',
  'Skolevej',
  'Kirkevej',
  'Møllevej',
  'Engvej',
];

/** The fixture CVR of company `index`: 8 digits from 40000000 up (none passes the modulus-11 check). */
function scaleCvr(index: number): string {
  return String(40_000_000 + index);
}

function pick<T>(list: readonly T[], index: number): T {
  const value = list[index % list.length];
  if (value === undefined) throw new Error('empty list');
  return value;
}

/** Company `index` as the fixture writes it: the same on every run. */
function scaleCompany(
  index: number,
  options: Pick<ScaleOptions, 'logoEvery' | 'domainEvery'> = {},
): { company: NewCompanyRow; pages: NewPageRow[] } {
  const trade = pick(TRADES, index);
  const surname = pick(SURNAMES, Math.floor(index / TRADES.length));
  const [zipcode, city] = pick(TOWNS, Math.floor(index / 7));
  const cvr = scaleCvr(index);
  const forms = [
    `${surname}s ${trade.noun}firma ApS`,
    `${trade.noun} ${city.replace(/ [A-ZØ]+$/, '')} ApS`,
    `${trade.noun}mester ${surname}`,
    `${surname} & Søn ${trade.noun} I/S`,
  ];
  const name = `${pick(forms, Math.floor(index / 3))}`;
  // Subdomains are unique: the running number settles names that two companies would share.
  const subdomain = `${surname}${trade.noun}${index}`
    .toLowerCase()
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'oe')
    .replaceAll('å', 'aa')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 30);
  const created = new Date(Date.UTC(2025, 0, 1) + index * 30_000).toISOString();
  const trialEnd = new Date(Date.parse(created) + 7_776_000_000).toISOString();
  const logoEvery = options.logoEvery ?? 3;
  const domainEvery = options.domainEvery ?? 10;
  const company: NewCompanyRow = {
    cvr,
    name,
    address: `${pick(STREETS, index)} ${(index % 140) + 1}`,
    zipcode,
    city,
    phone: String(20_000_000 + ((index * 7919) % 79_999_999)).slice(0, 8),
    email: `kontakt@${subdomain}.dk`,
    companyEmail: `ejer${index}@scale.example`,
    logo: index % logoEvery === 0 ? `/media/logos/${cvr}/1735689600000-logo.png` : null,
    industryDesc: trade.industry,
    industryCode: trade.code,
    companyDesc: 'Anpartsselskab',
    startDate: `${1975 + (index % 49)}-0${(index % 9) + 1}-01`,
    employees: (index % 25) + 1,
    hours: JSON.stringify(DEFAULT_HOURS),
    showHours: 1,
    subdomain,
    customDomain: index % domainEvery === 1 ? `www.${subdomain}.dk` : null,
    // Verified (its TXT record seen), so it is served: the lookups measure the served case.
    customDomainVerifiedAt: index % domainEvery === 1 ? created : null,
    existingWebsite: null,
    socialMedia: JSON.stringify({
      facebook: index % 2 ? `https://facebook.com/${subdomain}` : '',
      instagram: '',
      linkedin: '',
      tiktok: '',
    }),
    websiteContent: null,
    theme: pick(THEME_IDS, index),
    status: 'active',
    planType: 'Free',
    // Paying customers (rules/trial.ts): their sites stay online whatever day the bench runs.
    planStatus: PLAN_STATUS_ORDERED,
    trialStartDate: created,
    trialEndDate: trialEnd,
    createdAt: created,
    updatedAt: created,
  };
  const extra = 1 + (index % 6); // 3–8 pages: homepage, Om os, and 1–6 more
  const names = ['Forside', 'Om os', ...trade.pages.slice(0, extra)];
  const pages = names.map((pageName, position): NewPageRow => {
    const stamp = new Date(Date.parse(created) + position).toISOString();
    const slug =
      position === 0
        ? 'forside'
        : pageName
            .toLowerCase()
            .replaceAll('æ', 'ae')
            .replaceAll('ø', 'oe')
            .replaceAll('å', 'aa')
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '');
    return {
      id: `${cvr}-${position}`,
      companyCvr: cvr,
      pageName,
      title: position === 0 ? `${trade.noun} i ${city}` : pageName,
      slug,
      type: position === 0 ? 'homepage' : 'page',
      layout: position === 0 ? 'hero' : position === 1 ? 'text-image' : 'text',
      subtitle: position === 0 ? `Fast pris og styr på tiden – ring i dag` : '',
      content: pageText(pageName, city, surname),
      image: null,
      heroBackgroundImage: null,
      gallery: '[]',
      metaTitle: '',
      metaDescription: '',
      sortOrder: position,
      // Every tenth company keeps its last page out of the menu, as owners do with a landing page.
      showInMenu: position === names.length - 1 && index % 10 === 5 ? 0 : 1,
      createdAt: stamp,
      updatedAt: stamp,
    };
  });
  return { company, pages };
}

function pageText(pageName: string, city: string, surname: string): string {
  return [
    `${pageName}: vi løser opgaver i ${city} og omegn for både private, boligforeninger og erhverv.`,
    `Hos ${surname} får du et skriftligt tilbud, en fast kontaktperson og en aftalt tidsplan, som vi holder.`,
    'Vi rydder op efter os hver dag, og vi giver gerne referencer fra lignende opgaver i nærheden.',
    'Ring eller skriv, så kommer vi forbi og ser på opgaven – uforpligtende og uden beregning.',
  ].join('\n\n');
}

/**
 * Writes `companies` fixture companies with their pages and a "publish wanted" record each, in
 * batches of 500 companies per transaction. Returns the companies written, in index order.
 */
export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleCompany[]> {
  const written: ScaleCompany[] = [];
  const BATCH = 500;
  for (let start = 0; start < options.companies; start += BATCH) {
    const end = Math.min(start + BATCH, options.companies);
    const companies: NewCompanyRow[] = [];
    const pages: NewPageRow[] = [];
    for (let index = start; index < end; index++) {
      const made = scaleCompany(index, options);
      companies.push(made.company);
      pages.push(...made.pages);
      written.push({
        cvr: made.company.cvr,
        subdomain: made.company.subdomain,
        customDomain: made.company.customDomain ?? null,
        pages: made.pages.map((page) => page.slug),
      });
    }
    await db.transaction().execute(async (trx) => {
      await addToCounter(trx, 'companies', companies.length);
      // Two statements per table keep every statement under SQLite's and PostgreSQL's parameter limits.
      for (let at = 0; at < companies.length; at += 250) {
        await trx
          .insertInto('companies')
          .values(companies.slice(at, at + 250))
          .execute();
      }
      for (let at = 0; at < pages.length; at += 500) {
        await trx
          .insertInto('pages')
          .values(pages.slice(at, at + 500))
          .execute();
      }
      await trx
        .insertInto('publishState')
        .values(
          companies.map((company) => ({
            companyCvr: company.cvr,
            wantedVersion: 1,
            publishedVersion: 0,
            updatedAt: company.createdAt,
          })),
        )
        .execute();
    });
    options.onProgress?.(end);
  }
  return written;
}
