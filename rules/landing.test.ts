// The landing page's company section: thresholds at 0, 3, 4, 7, 8 and 10 companies (which companies
// are the newest six is the database query's, tested in generator/landing.test.ts), the subtitle fallback chain, initials, links to the subdomain (or /<cvr>/) for local and real hosts.
import { describe, expect, it } from 'vitest';
import {
  LANDING_DEFAULT_SUBTITLE,
  type LandingCompany,
  landingCard,
  landingInitial,
  landingSectionOf,
  landingSubtitle,
} from './landing';

const HOST = 'mesterside.dk';

/** Company n, created n days after 1 January 2026 (higher n is newer). */
function company(n: number, overrides: Partial<LandingCompany> = {}): LandingCompany {
  const day = String(n).padStart(2, '0');
  return {
    cvr: String(10_000_000 + n),
    name: `Firma ${n} ApS`,
    city: 'Køge',
    logo: null,
    subdomain: `firma${n}`,
    existingWebsite: null,
    websiteContent: null,
    createdAt: `2026-01-${day}T10:00:00.000Z`,
    ...overrides,
  };
}

const companies = (count: number) => Array.from({ length: count }, (_, i) => company(i + 1));

describe('landingSectionOf', () => {
  // The newest companies as the database query gives them (generator/landing.ts orders them there).
  const newest = (count: number) => companies(count).reverse();

  it('with 0 or 3 companies: no reorder, no cards', () => {
    expect(landingSectionOf(0, [], HOST)).toEqual({ reorder: false, cards: [] });
    expect(landingSectionOf(3, newest(3), HOST)).toEqual({ reorder: false, cards: [] });
  });

  it('with 4 or 7 companies: reorders, still no cards', () => {
    expect(landingSectionOf(4, newest(4), HOST)).toEqual({ reorder: true, cards: [] });
    expect(landingSectionOf(7, newest(6), HOST)).toEqual({ reorder: true, cards: [] });
  });

  it('with 8 companies: a card for each of the newest six, in the order given', () => {
    const section = landingSectionOf(8, newest(6), HOST);
    expect(section.reorder).toBe(true);
    expect(section.cards.map((card) => card.name)).toEqual([
      'Firma 6 ApS',
      'Firma 5 ApS',
      'Firma 4 ApS',
      'Firma 3 ApS',
      'Firma 2 ApS',
      'Firma 1 ApS',
    ]);
    expect(section.cards[0]).toEqual({
      href: 'https://firma6.mesterside.dk/',
      name: 'Firma 6 ApS',
      city: 'Køge',
      subtitle: 'Lokalt håndværk udført med omhu.',
      logo: null,
      initial: 'F',
    });
  });

  it('never shows more than six cards', () => {
    expect(landingSectionOf(10, newest(10), HOST).cards).toHaveLength(6);
  });
});

describe('landingSubtitle', () => {
  const base = { websiteContent: null, existingWebsite: null };
  const content = (over: object) => ({ subtitle: '', content: '', processedContent: null, ...over });

  it('prefers the processed content subtitle, then the content subtitle', () => {
    expect(
      landingSubtitle({
        ...base,
        websiteContent: content({
          subtitle: 'Rå undertitel',
          processedContent: { subtitle: 'Tage og tilbygninger på Sjælland', content: 'x' },
        }),
      }),
    ).toBe('Tage og tilbygninger på Sjælland');
    expect(landingSubtitle({ ...base, websiteContent: content({ subtitle: 'Murer siden 1998' }) })).toBe(
      'Murer siden 1998',
    );
  });

  it('falls back to the content text, the old website title, then a default sentence', () => {
    expect(
      landingSubtitle({ ...base, websiteContent: content({ subtitle: '  ', content: 'Vi laver VVS.' }) }),
    ).toBe('Vi laver VVS.');
    expect(landingSubtitle({ ...base, existingWebsite: { title: 'Hansen Byg – tømrer' } })).toBe(
      'Hansen Byg – tømrer',
    );
    expect(landingSubtitle(base)).toBe(LANDING_DEFAULT_SUBTITLE);
    expect(LANDING_DEFAULT_SUBTITLE).toBe('Lokalt håndværk udført med omhu.');
  });

  it('collapses whitespace and cuts a long text at a word', () => {
    expect(
      landingSubtitle({ ...base, websiteContent: content({ subtitle: '  Tømrer-\n  og  snedker ' }) }),
    ).toBe('Tømrer- og snedker');
    const long =
      'Vi bygger tage, carporte og terrasser i hele Østjylland med fast pris og ordentlig oprydning hver eneste dag, året rundt.';
    const subtitle = landingSubtitle({ ...base, websiteContent: content({ content: long }) });
    expect(subtitle.length).toBeLessThanOrEqual(120);
    expect(subtitle.endsWith('…')).toBe(true);
    expect(long.startsWith(subtitle.slice(0, -1))).toBe(true);
  });
});

describe('landingCard', () => {
  it('shows the logo when there is one, else the initial', () => {
    expect(landingCard(company(1, { logo: '/media/logos/10000001/logo.webp' }), HOST)).toMatchObject({
      logo: '/media/logos/10000001/logo.webp',
      initial: 'F',
    });
    expect(landingCard(company(1, { logo: '  ' }), HOST).logo).toBeNull();
  });

  it('takes the first letter of the name, uppercased', () => {
    expect(landingInitial('østergaard byg')).toBe('Ø');
    expect(landingInitial('  åbyhøj vvs')).toBe('Å');
    expect(landingInitial('"3D" Byg')).toBe('3');
    expect(landingInitial('---')).toBe('?');
    expect(landingCard(company(1, { name: 'ærø tømrer' }), HOST).initial).toBe('Æ');
  });

  it('links to the subdomain over http on a local host, and to /<cvr>/ without a subdomain', () => {
    expect(landingCard(company(2), 'localhost:3000').href).toBe('http://firma2.localhost:3000/');
    expect(landingCard(company(2, { subdomain: '' }), HOST).href).toBe('https://mesterside.dk/10000002/');
  });

  it('trims name and city', () => {
    expect(landingCard(company(1, { name: ' Hansen  Byg ', city: ' Roskilde ' }), HOST)).toMatchObject({
      name: 'Hansen Byg',
      city: 'Roskilde',
    });
  });
});

describe('landingSubtitle reads Markdown page text as words', () => {
  it('drops heading marks, list markers, bold and link syntax', () => {
    const subtitle = landingSubtitle({
      websiteContent: {
        subtitle: '',
        content: '**Velkommen** til [Hansen](/om-os).\n\n## Vores ydelser\n\n- Nye vinduer',
        processedContent: null,
      },
      existingWebsite: null,
    });
    expect(subtitle).toBe('Velkommen til Hansen. Vores ydelser Nye vinduer');
  });
});
