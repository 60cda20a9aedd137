// The form is easy to reach (issue 39): every site has a contact page with the quote form, the owner's
// own Kontakt (or Kontakt os) page in its place when there is one, and one menu item for it; pages
// without the form offer "Få et tilbud" beside "Ring" on a phone; the thank-you page is not indexed
// and its number is a link a phone dials; the footer links the privacy page; the photo hint follows
// the trade; the owner's welcome on the new site says where requests go and links the form. Rendered
// whole with renderSiteFiles, as a publish writes them (needs `npm run build`).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../db';
import { FIXTURE_SITES } from '../tests/fixtures/sites';
import { loadSiteRenderer, type SiteRenderer } from './astro-renderer';
import { renderSiteFiles } from './site-files';
import type { SiteModel } from './site-model';

let renderer: SiteRenderer;

beforeAll(async () => {
  renderer = await loadSiteRenderer();
});

async function files(site: SiteModel): Promise<Map<string, string>> {
  return new Map((await renderSiteFiles(site, renderer)).map((file) => [file.name, file.body.toString()]));
}

function hrefs(source: string, element: RegExp): string[] {
  const found = element.exec(source)?.[1] ?? '';
  return [...found.matchAll(/href="([^"]*)"/g)].map(([, href = '']) => href);
}
const headerHrefs = (source: string) => hrefs(source, /<nav id="site-nav"[^>]*>(.*?)<\/nav>/s);
const footerHrefs = (source: string) => hrefs(source, /<nav aria-label="Sider">(.*?)<\/nav>/s);
const callBar = (source: string) => /<div class="call-bar"[^>]*>(.*?)<\/div>/s.exec(source)?.[1] ?? '';

/** The tømrer fixture (quote form shown) with `pages` added to its own. */
function tomrer(...pages: Partial<Page>[]): SiteModel {
  const site = FIXTURE_SITES.tomrer;
  const base = site.pages[1] as Page;
  return {
    ...site,
    pages: [
      ...site.pages,
      ...pages.map((page, n) => ({ ...base, id: `own-${n}`, sortOrder: 50 + n, title: '', ...page })),
    ],
  };
}

/** A link of the site as file `name` writes it: relative, or from the root on the 404 pages (issue 49). */
function linkFrom(name: string, relative: string): string {
  if (name === '404.html') return `/${relative}`;
  if (name === '404.path.html') return `/${tomrer().company.cvr}/${relative}`;
  return relative;
}

describe('the contact page', () => {
  it('is generated with the quote form for a site without one, the menu ending with it', async () => {
    const site = await files(tomrer());
    const contact = site.get('kontakt.html') ?? '';
    expect(contact).toMatch(/<h1[^>]*>Kontakt os<\/h1>/);
    expect(contact).toContain(
      'Ring til os på <a href="tel:+4512345678">12\u00a034\u00a056\u00a078</a>, eller skriv til os her på siden',
    );
    expect(contact).toContain('id="lead-form"');
    expect(contact).toContain('<section id="kontakt"');
    expect(contact).toContain('<a class="nav-cta" href="kontakt" aria-current="page">Kontakt</a>');
    // One item for it in the menu and the footer, on every page (the 404 pages link from the root).
    for (const [name, source] of site) {
      if (!name.endsWith('.html')) continue;
      const href = linkFrom(name, 'kontakt');
      expect(
        headerHrefs(source).filter((link) => /kontakt/.test(link)),
        name,
      ).toEqual([href]);
      expect(
        footerHrefs(source).filter((link) => /kontakt/.test(link)),
        name,
      ).toEqual([href]);
    }
    expect(site.get('sitemap.xml')).toContain('<loc>https://demotoemrer.mesterside.dk/kontakt</loc>');
  });

  it("is the owner's own page named Kontakt when there is one, with their text and the form", async () => {
    const site = await files(
      tomrer({ pageName: 'Kontakt', slug: 'kontakt', content: 'Vi træffes bedst om morgenen.' }),
    );
    const contact = site.get('kontakt.html') ?? '';
    expect(contact).toContain('Vi træffes bedst om morgenen.');
    expect(contact).not.toContain('skriv til os her på siden');
    expect(contact).toContain('id="lead-form"');
    for (const name of ['index.html', 'om-os.html', 'kontakt.html']) {
      const source = site.get(name) ?? '';
      expect(
        headerHrefs(source).filter((href) => /kontakt/.test(href)),
        name,
      ).toEqual(['kontakt']);
      expect(
        footerHrefs(source).filter((href) => /kontakt/.test(href)),
        name,
      ).toEqual(['kontakt']);
      expect(source.match(/>Kontakt<\/a>/g), name).toHaveLength(2);
    }
  });

  it('is the owner\'s "Kontakt os" page when that is what they made, and no second one is generated', async () => {
    const site = await files(tomrer({ pageName: 'Kontakt os', slug: 'kontakt-os', content: 'Ring bare.' }));
    expect(site.has('kontakt.html')).toBe(false);
    expect(site.get('kontakt-os.html')).toContain('id="lead-form"');
    const home = site.get('index.html') ?? '';
    expect(headerHrefs(home).filter((href) => /kontakt/.test(href))).toEqual(['kontakt-os']);
    expect(home).toContain('<a class="nav-cta" href="kontakt-os">Kontakt os</a>');
    expect(callBar(site.get('om-os.html') ?? '')).toContain('href="kontakt-os#tilbud"');
  });

  it('shows the contact details only when the owner switched the form off', async () => {
    const { leadForm: _off, ...site } = tomrer();
    const rendered = await files(site);
    const contact = rendered.get('kontakt.html') ?? '';
    expect(contact).not.toContain('id="lead-form"');
    expect(contact).toContain('Du finder vores adresse, e-mail og åbningstider herunder.');
    expect(callBar(rendered.get('om-os.html') ?? '')).not.toContain('Få et tilbud');
  });
});

describe('the phone bar, the thank-you page, the footer and the photo hint', () => {
  it('offers "Få et tilbud" beside "Ring" on the pages without the form', async () => {
    const site = await files(tomrer());
    for (const name of [
      'om-os.html',
      'galleri.html',
      'ydelser.html',
      'privatliv.html',
      '404.html',
      '404.path.html',
    ]) {
      const bar = callBar(site.get(name) ?? '');
      expect(bar, name).toContain('href="tel:+4512345678"');
      expect(bar, name).toContain(
        `<a class="button call-bar-quote" href="${linkFrom(name, 'kontakt#tilbud')}">Få et tilbud</a>`,
      );
    }
    for (const name of ['index.html', 'kontakt.html']) {
      expect(callBar(site.get(name) ?? ''), name).not.toContain('Få et tilbud');
    }
  });

  it('keeps the thank-you page out of search results, its number a link a phone dials', async () => {
    const site = await files(tomrer());
    const thanks = site.get('tak.html') ?? '';
    expect(thanks).toContain('<meta name="robots" content="noindex">');
    expect(thanks).toContain('<a href="tel:+4512345678">12\u00a034\u00a056\u00a078</a>');
    for (const name of ['index.html', 'kontakt.html', 'privatliv.html']) {
      expect(site.get(name), name).not.toContain('name="robots"');
    }
    expect(site.get('sitemap.xml')).not.toContain('/tak<');
  });

  it('links the privacy page in every footer', async () => {
    const site = await files(tomrer());
    for (const [name, source] of site) {
      if (!name.endsWith('.html')) continue;
      expect(source, name).toContain(`<p><a href="${linkFrom(name, 'privatliv')}">Privatlivspolitik</a></p>`);
    }
  });

  it("names what to photograph by the company's trade", async () => {
    const site = await files(tomrer());
    expect(site.get('index.html')).toContain('fx af taget, vinduet eller skaden.');
    const vvs = { ...FIXTURE_SITES.vvs, leadForm: { token: '1736931600000.p.fixture-token-not-signed' } };
    const plumber = await files(vvs);
    expect(plumber.get('index.html')).toContain('fx af badeværelset, hanen eller utætheden.');
    expect(plumber.get('index.html')).not.toContain('fx af taget');
  });
});

/** An element's words as a reader meets them: tags out, runs of white space as one space. */
function words(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

describe("the owner's welcome on the new site", () => {
  it('says requests go to the login e-mail without naming it, and links the form on the page', async () => {
    const home = (await files(tomrer())).get('index.html') ?? '';
    const welcome = /<div id="welcome"[^>]*>([\s\S]*?)<\/div>\s*<\/div>/.exec(home)?.[1] ?? '';
    expect(welcome).toContain('role="dialog"');
    expect(words(welcome)).toContain(
      'Når en kunde udfylder formularen "Få et tilbud", får du forespørgslen på den e-mail, du loggede ind med. Du kan vælge en anden under Henvendelser.',
    );
    // The public page names no address: the owner's login e-mail is nobody else's business.
    expect(welcome).not.toContain('@');
    // The link leads to the form on this very page, without ?newsite=true (so no welcome again).
    expect(welcome).toContain('<a href="./#tilbud">Se formularen "Få et tilbud"</a>');
    expect(home).toContain('<section id="tilbud"');
  });
});
