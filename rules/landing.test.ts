// The landing page's company section: thresholds at 3, 4, 8 and 10 companies, newest-six choice,
// the subtitle fallback chain, initials, links to the subdomain (or /<cvr>/) for local and real hosts.
import { describe, expect, it } from 'vitest';
import {
  LANDING_DEFAULT_SUBTITLE,
  type LandingCompany,
  landingCard,
  landingInitial,
  landingSection,
  landingSubtitle,
  newestCompanies,
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

describe('landingSection', () => {
  it('with 3 companies: no reorder, no cards', () => {
    expect(landingSection(companies(3), HOST)).toEqual({ reorder: false, cards: [] });
  });

  it('with 0 companies: no reorder, no cards', () => {
    expect(landingSection([], HOST)).toEqual({ reorder: false, cards: [] });
  });

  it('with 4 companies: reorders, still no cards', () => {
    expect(landingSection(companies(4), HOST)).toEqual({ reorder: true, cards: [] });
  });

  it('with 7 companies: reorders, still no cards', () => {
    expect(landingSection(companies(7), HOST)).toEqual({ reorder: true, cards: [] });
  });

  it('with 8 companies: six cards, the newest first', () => {
    const section = landingSection(companies(8), HOST);
    expect(section.reorder).toBe(true);
    expect(section.cards.map((card) => card.name)).toEqual([
      'Firma 8 ApS',
      'Firma 7 ApS',
      'Firma 6 ApS',
      'Firma 5 ApS',
      'Firma 4 ApS',
      'Firma 3 ApS',
    ]);
    expect(section.cards[0]).toEqual({
      href: 'https://firma8.mesterside.dk/',
      name: 'Firma 8 ApS',
      city: 'Køge',
      subtitle: 'Lokalt håndværk udført med omhu.',
      logo: null,
      initial: 'F',
    });
  });

  it('with 10 companies in any order: the same newest six', () => {
    const list = companies(10);
    const shuffled = [
      list[3],
      list[9],
      list[0],
      list[6],
      list[2],
      list[8],
      list[5],
      list[1],
      list[7],
      list[4],
    ];
    const section = landingSection(shuffled as LandingCompany[], HOST);
    expect(section.reorder).toBe(true);
    expect(section.cards.map((card) => card.name)).toEqual([
      'Firma 10 ApS',
      'Firma 9 ApS',
      'Firma 8 ApS',
      'Firma 7 ApS',
      'Firma 6 ApS',
      'Firma 5 ApS',
    ]);
    expect(landingSection(list, HOST)).toEqual(section);
    expect(landingSection([...list].reverse(), HOST)).toEqual(section);
  });

  it('does not change the list it is given', () => {
    const list = companies(10);
    const before = list.map((item) => item.cvr);
    landingSection(list, HOST);
    expect(list.map((item) => item.cvr)).toEqual(before);
  });
});

describe('newestCompanies', () => {
  it('breaks createdAt ties by CVR (descending) and puts unreadable dates last', () => {
    const same = '2026-02-01T00:00:00.000Z';
    const list = [
      company(1, { cvr: '11111111', createdAt: same }),
      company(2, { cvr: '33333333', createdAt: same }),
      company(3, { cvr: '22222222', createdAt: 'ukendt' }),
      company(4, { cvr: '44444444', createdAt: same }),
      company(5, { cvr: '55555555', createdAt: '2026-01-15T00:00:00+01:00' }),
    ];
    expect(newestCompanies(list, 5).map((item) => item.cvr)).toEqual([
      '44444444',
      '33333333',
      '11111111',
      '55555555',
      '22222222',
    ]);
    expect(newestCompanies(list, 2)).toHaveLength(2);
    expect(newestCompanies(list, 0)).toEqual([]);
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
