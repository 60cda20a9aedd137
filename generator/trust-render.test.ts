// Issue 42 on the rendered pages of the fixture companies (`npm run build` first; `npm test` does):
// the homepage's "Godt at vide" and "Her arbejder vi", the Kontakt section's døgnvagt and area, the
// call bar's døgnvagt data, and the JSON-LD checked against schema.org's vocabulary.
import { beforeAll, describe, expect, it } from 'vitest';
import { siteTrust } from '../rules/site-trust';
import { DEDUCTION_YEARS } from '../rules/tax-deduction';
import { SCHEMA_DAYS } from '../templates/site/lib/opening-hours-ld';
import { FIXTURE_SITES, fixturePages } from '../tests/fixtures/sites';
import { schemaOrgProblems } from '../tests/support/schema-org';
import { loadSiteRenderer, type SiteRenderer } from './astro-renderer';
import { thanksPage } from './lead-pages';

let renderer: SiteRenderer;
const html = new Map<string, string>();

beforeAll(async () => {
  renderer = await loadSiteRenderer();
  for (const { name, locals } of fixturePages()) html.set(name, await renderer.renderPage(locals));
});

function page(name: string): string {
  const found = html.get(name);
  if (found === undefined) throw new Error(`No fixture page ${name}`);
  return found;
}

function jsonLd(source: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(source);
  return JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
}

/** The visible text of a page, tags and scripts out, entities and spaces as a reader sees them. */
function text(source: string): string {
  return source
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#38;|&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ');
}

describe('what a customer checks before calling (issue 42)', () => {
  it('shows the authorisation as the company’s word with the register link, never "verificeret"', () => {
    const home = page('el-forside');
    expect(text(home)).toContain('Autoriseret el-installatør, aut. nr. 12345');
    expect(text(home)).toContain('Oplyst af firmaet.');
    expect(home).toContain('href="https://www.sik.dk/registre/autorisationsregister?search_index=55667788"');
    for (const source of html.values()) expect(text(source)).not.toMatch(/verificeret/i);
    // Checked by the operator: the VVS company's site says so, and where.
    expect(text(page('vvs-forside'))).toContain(
      'Autoriseret VVS-installatør, aut. nr. 4711 Kontrolleret i Sikkerhedsstyrelsens register.',
    );
  });

  it('shows the schemes as text badges linking to their own pages, and no logo of theirs', () => {
    const home = page('el-forside');
    expect(home).toContain(
      '<a class="trust-badge" href="https://www.tekniq.dk/" rel="noopener">TEKNIQs Garantiordning</a>',
    );
    expect(home).toContain('>Medlem af TEKNIQ Arbejdsgiverne</a>');
    expect(home).not.toMatch(/<img[^>]+tekniq/i);
  });

  it("gives this year's håndværkerfradrag for the trade, labour only, paid electronically, with skat.dk", () => {
    const words = text(page('el-forside'));
    expect(words).toContain(
      'Solceller, varmepumper og styring af varmeanlæg: op til 9.000 kr. pr. person over 18 år i 2026',
    );
    expect(words).toContain('Kun arbejdslønnen tæller, ikke materialer, og du skal betale elektronisk');
    expect(page('el-forside')).toContain(
      'href="https://skat.dk/borger/fradrag/servicefradrag/haandvaerkerfradrag"',
    );
    // The VVS owner turned the block off.
    expect(text(page('vvs-forside'))).not.toContain('Håndværkerfradrag');
  });

  it('explains håndværkerfradrag in a year whose amounts are not in the table, with no figure and no old year', async () => {
    // Issue 48 item 7: 2027 is covered by the law, its ceilings are not in the table (yet). A carpenter's
    // site published on 2 January 2027 must not say "i 2026" nor show 2026's 9.000 kr.
    const year = 2027;
    const carpenter = FIXTURE_SITES.tomrer;
    const trust = siteTrust(
      carpenter.company,
      {
        authorisation: null,
        schemes: [],
        schemesConfirmedAt: null,
        deductionShown: true,
        area: { mode: 'radius', km: 30 },
        emergency: { enabled: false, phone: '', hours: 'always' },
      },
      new Date(`${year}-01-02T09:00:00+01:00`),
    );
    const home = carpenter.pages[0];
    if (!home) throw new Error('no carpenter homepage');
    const words = text(await renderer.renderPage({ site: { ...carpenter, trust }, page: home }));
    expect(words).toContain('Håndværkerfradrag');
    expect(words).toContain(
      'Udskiftning af vinduer og yderdøre og isolering af loft, tag, ydervægge og gulve',
    );
    expect(words).toContain('Læs reglerne og årets beløbsgrænser på skat.dk');
    if (DEDUCTION_YEARS.some((row) => row.year === year)) return; // the amounts came: the figure case above holds
    expect(words).not.toMatch(/i 2026|i 2025/);
    expect(words).not.toMatch(/op til [\d.]+ kr\./);
  });

  it('says where the company works in words, on the homepage and in every Kontakt section', () => {
    expect(text(page('el-forside'))).toContain(
      'Her arbejder vi Vi kører i København, Frederiksberg og Gentofte kommuner.',
    );
    // The Kontakt card says it as a label: on the homepage the sentence stands once.
    expect(text(page('el-forside')).split('Vi kører i København').length - 1).toBe(1);
    expect(text(page('el-forside'))).toContain('Område København, Frederiksberg og Gentofte kommuner');
    expect(text(page('vvs-priser'))).toContain('Område Op til 40 km fra Odense C');
    // Only the homepage carries the sections (and their styles).
    expect(page('vvs-priser')).not.toContain('id="her-arbejder-vi"');
    expect(page('vvs-priser')).not.toContain('.trust-grid{');
    // Companies without any of it: nothing, not even the styles.
    expect(page('tomrer-forside')).not.toContain('id="godt-at-vide"');
    expect(page('tomrer-forside')).not.toContain('.trust-grid{');
  });

  it('names the døgnvagt in the page, and gives the call bar the week to switch by', () => {
    const home = page('el-forside');
    expect(text(home)).toContain('Døgnvagt 70 20 30 40 Uden for vores åbningstid, hele året');
    // Without JavaScript the bar calls the ordinary number; the week and the døgnvagt ride along.
    const bar = /<div class="call-bar"[^>]*>\s*<a class="button"[^>]*>/.exec(home)?.[0] ?? '';
    expect(bar).toContain('href="tel:+4533445566"');
    expect(bar).toContain('data-tel="tel:+4570203040"');
    expect(bar).toContain(`data-week="[[[420,960]],[[420,960]],[[420,960]],[[420,960]],[[420,900]],[],[]]"`);
    expect(home).toContain("querySelector('[data-week]')");
    // A company without a døgnvagt gets neither the data nor the script.
    expect(page('tomrer-forside')).not.toContain('data-week');
  });

  it('writes JSON-LD that schema.org’s vocabulary accepts: credential, memberships, area and the emergency line', () => {
    const el = jsonLd(page('el-forside'));
    expect(schemaOrgProblems(el)).toEqual([]);
    // Issue 48: the electrician's number is the company's word (the page says "Oplyst af firmaet"),
    // so the structured data, which says no such thing, leaves it out; the membership the operator
    // found is named, the unchecked guarantee is not.
    expect(el.hasCredential).toBeUndefined();
    expect(el.memberOf).toEqual([
      { '@type': 'Organization', name: 'TEKNIQ Arbejdsgiverne', url: 'https://www.tekniq.dk/' },
    ]);
    expect(el.areaServed).toEqual([
      { '@type': 'AdministrativeArea', name: 'Københavns Kommune' },
      { '@type': 'AdministrativeArea', name: 'Frederiksberg Kommune' },
      { '@type': 'AdministrativeArea', name: 'Gentofte Kommune' },
    ]);
    const contact = el.contactPoint as {
      telephone: string;
      hoursAvailable: { dayOfWeek: string | string[]; opens: string; closes: string }[];
    };
    expect(contact.telephone).toBe('+4570203040');
    // The days that share their hours in one entry: 12 periods of the week in 4 entries.
    expect(contact.hoursAvailable).toHaveLength(4);
    expect(contact.hoursAvailable.filter((row) => [row.dayOfWeek].flat().includes('Monday'))).toEqual([
      expect.objectContaining({ opens: '00:00', closes: '07:00' }),
      expect.objectContaining({ opens: '16:00', closes: '23:59' }),
    ]);

    const vvs = jsonLd(page('vvs-forside'));
    expect(schemaOrgProblems(vvs)).toEqual([]);
    // Checked in the register: recognised by Sikkerhedsstyrelsen.
    expect(vvs.hasCredential).toEqual({
      '@type': 'EducationalOccupationalCredential',
      name: 'Autoriseret VVS-installatør',
      credentialCategory: 'Autorisation',
      identifier: '4711',
      url: 'https://www.sik.dk/registre/autorisationsregister?search_index=87654321',
      recognizedBy: {
        '@type': 'GovernmentOrganization',
        name: 'Sikkerhedsstyrelsen',
        url: 'https://www.sik.dk/',
      },
    });
    expect(vvs.areaServed).toEqual({
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', postalCode: '5000', addressCountry: 'DK' },
      geoRadius: 40000,
    });
    // All week round the clock: one entry for the seven days.
    expect((vvs.contactPoint as { hoursAvailable: unknown[] }).hoursAvailable).toEqual([
      expect.objectContaining({ dayOfWeek: [...SCHEMA_DAYS], opens: '00:00', closes: '23:59' }),
    ]);
    for (const name of Object.keys(FIXTURE_SITES)) {
      expect(schemaOrgProblems(jsonLd(page(`${name}-404`))), name).toEqual([]);
    }
  });

  it('has the kind note for a request from outside the area on the thank-you page, shown at its anchor', async () => {
    const el = FIXTURE_SITES.el;
    const thanks = await renderer.renderPage({ site: el, page: thanksPage(el.company) });
    expect(thanks).toContain(`<p id="uden-for-omraadet" class="outside-area-note">`);
    expect(thanks).toContain('.outside-area-note:target{display:block}');
    const tomrer = FIXTURE_SITES.tomrer;
    expect(await renderer.renderPage({ site: tomrer, page: thanksPage(tomrer.company) })).not.toContain(
      'uden-for-omraadet',
    );
  });

  it('refuses structured data schema.org does not know (the check can fail)', () => {
    expect(schemaOrgProblems({ '@type': 'LocalBusiness', hasCredential: 'aut. nr. 1' })).toEqual([
      'LocalBusiness.hasCredential: "aut. nr. 1" fits none of Credential',
    ]);
    expect(schemaOrgProblems({ '@type': 'LocalBusiness', guarantee: 'Byg Garanti' })).toEqual([
      'LocalBusiness.guarantee: no such property for LocalBusiness',
    ]);
    expect(
      schemaOrgProblems({
        '@type': 'GeoCoordinates',
        areaServed: { '@type': 'AdministrativeArea', name: 'x' },
      }),
    ).toEqual([expect.stringContaining('GeoCoordinates may not carry areaServed')]);
  });
});
