// Fixture companies for the benchmarks: realistic Danish sites of five pages each (a hero home
// page, Om os, Ydelser, a gallery and Kontakt), written straight through the repositories.
import type { CvrCompany } from '../../api/onboarding/contracts';
import { acceptedValue, type Db, insertCompany, insertPage, markPublishWanted } from '../../db';
import { THEME_IDS } from '../../rules/themes';
import { PLAN_STATUS_ORDERED } from '../../rules/trial';

const TRADES = ['Tømrer', 'Murer', 'VVS', 'Maler', 'Elektriker', 'Kloakmester', 'Frisør', 'Autoværksted'];
const CITIES: Array<[string, string]> = [
  ['4000', 'Roskilde'],
  ['5000', 'Odense C'],
  ['8000', 'Aarhus C'],
  ['9000', 'Aalborg'],
  ['6700', 'Esbjerg'],
  ['7100', 'Vejle'],
];

/** A fixture CVR: 8 digits from a running number, starting at 20000000. */
function fixtureCvr(index: number): string {
  return String(20_000_000 + index);
}

const paragraph = (trade: string, city: string, n: number) =>
  `Som lokal ${trade.toLowerCase()} i ${city} løser vi opgaver for både private og erhverv. ` +
  `Vi giver altid et skriftligt tilbud, holder de aftalte tider og rydder op efter os. ` +
  `Afsnit ${n}: kvalitet, ordentlighed og en fast kontaktperson hele vejen igennem opgaven.`;

/** The one fixture company most sections measure against; its CVR. */
export async function createFixtureCompany(db: Db): Promise<string> {
  const [cvr] = await createFixtureCompanies(db, 1);
  if (!cvr) throw new Error('no fixture company');
  return cvr;
}

export async function createFixtureCompanies(db: Db, count: number, start = 0): Promise<string[]> {
  const cvrs: string[] = [];
  const base = Date.UTC(2026, 0, 1);
  for (let batch = start; batch < start + count; batch += 100) {
    await db.transaction().execute(async (trx) => {
      for (let index = batch; index < Math.min(batch + 100, start + count); index++) {
        const trade = TRADES[index % TRADES.length] ?? 'Tømrer';
        const [zipcode, city] = CITIES[index % CITIES.length] ?? ['4000', 'Roskilde'];
        const cvr = fixtureCvr(index);
        const created = new Date(base + index * 60_000);
        acceptedValue(
          await insertCompany(
            trx,
            {
              cvr,
              name: `${trade} ${city} ${index} ApS`,
              address: `Benchvej ${(index % 90) + 1}`,
              zipcode,
              city,
              phone: `${20 + (index % 70)} ${String(index % 100).padStart(2, '0')} 12 34`,
              email: `kontakt${index}@bench.example`,
              industryDesc: `${trade}virksomhed`,
              theme: THEME_IDS[index % THEME_IDS.length],
              subdomain: `bench${index}`,
              socialMedia: {
                facebook: `https://facebook.com/bench${index}`,
                instagram: '',
                linkedin: '',
                tiktok: '',
              },
            },
            created,
          ),
        );
        const pages = [
          {
            pageName: 'Forside',
            type: 'homepage' as const,
            layout: 'hero' as const,
            title: `${trade} i ${city}`,
          },
          { pageName: 'Om os', layout: 'text-image' as const, title: 'Om os' },
          { pageName: 'Ydelser', layout: 'text' as const, title: 'Vores ydelser' },
          {
            pageName: 'Projekter',
            layout: 'gallery' as const,
            title: 'Udvalgte projekter',
            gallery: [1, 2, 3].map((n) => ({
              title: `Projekt ${n}`,
              description: `Opgave i ${city}`,
              image: '',
            })),
          },
          { pageName: 'Priser', layout: 'grid' as const, title: 'Priser og vilkår' },
        ];
        for (const [position, page] of pages.entries()) {
          await insertPage(
            trx,
            cvr,
            {
              ...page,
              subtitle: page.type === 'homepage' ? `Din lokale ${trade.toLowerCase()} – ring i dag` : '',
              content: [1, 2, 3].map((n) => paragraph(trade, city, n)).join('\n\n'),
            },
            new Date(created.getTime() + position),
          );
        }
        // A paying customer (rules/trial.ts): the site stays online whatever day the bench runs.
        await trx
          .updateTable('companies')
          .set({ planStatus: PLAN_STATUS_ORDERED })
          .where('cvr', '=', cvr)
          .execute();
        await markPublishWanted(trx, cvr, created);
        cvrs.push(cvr);
      }
    });
  }
  return cvrs;
}

/** A realistic registry answer for the onboarding benches; each run adds its own CVR and name. */
export const REGISTRY_FIXTURE: Omit<CvrCompany, 'cvr' | 'name'> = {
  address: 'Savværksvej 4',
  zipcode: '8600',
  city: 'Silkeborg',
  phone: '86 00 01 01',
  email: 'kontakt@bench-toemrer.example',
  industrydesc: 'Tømrer- og bygningssnedkervirksomhed',
  companydesc: 'Anpartsselskab',
  startdate: '01/03 - 2009',
  employees: 6,
};
