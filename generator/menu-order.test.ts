// The owner's menu order and "Vis i menuen" in the published site (issue 14), from the database to
// the rendered files on both dialects: the header and footer menus follow the order and leave a
// hidden page out; the hidden page is still rendered, reachable by its address and in the sitemap.
// Needs `npm run build` (the templates' server bundle).
import { beforeAll, expect, it } from 'vitest';
import { acceptedValue, insertCompany, insertPage, setMenuOrder } from '../db';
import { describeEachDialect } from '../tests/support/databases';
import { loadSiteRenderer, type SiteRenderer } from './astro-renderer';
import { loadSiteModel } from './load-site';
import { renderSiteFiles } from './site-files';

const CVR = '12345678';
let renderer: SiteRenderer;

beforeAll(async () => {
  renderer = await loadSiteRenderer();
});

function navHrefs(source: string, element: RegExp): string[] {
  const nav = element.exec(source)?.[1] ?? '';
  return [...nav.matchAll(/href="([^"]*)"/g)].map(([, href = '']) => href);
}

describeEachDialect('menu order in the published site', (use) => {
  it('follows the order, hides a page from the menus only, keeps it in the sitemap', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: CVR, name: 'Hansens Tømrer ApS', subdomain: 'hansen' }));
    const home = await insertPage(db, CVR, { pageName: 'Forside', type: 'homepage' });
    const about = await insertPage(db, CVR, { pageName: 'Om os' });
    const roofs = await insertPage(db, CVR, { pageName: 'Tagarbejde' });
    const windows = await insertPage(db, CVR, { pageName: 'Vinduer' });
    acceptedValue(
      await setMenuOrder(db, CVR, [
        { id: home.id, showInMenu: true },
        { id: windows.id, showInMenu: true },
        { id: about.id, showInMenu: false },
        { id: roofs.id, showInMenu: true },
      ]),
    );

    const model = await loadSiteModel(db, CVR, 'mesterside.dk');
    if (!model) throw new Error('no site model');
    const files = new Map(
      (await renderSiteFiles(model, renderer)).map((file) => [file.name, file.body.toString()]),
    );
    const index = files.get('index.html') ?? '';
    expect(navHrefs(index, /<nav id="site-nav"[^>]*>(.*?)<\/nav>/s)).toEqual([
      'vinduer',
      'tagarbejde',
      'kontakt',
    ]);
    const footer = /<footer[^>]*>(.*?)<\/footer>/s.exec(index)?.[1] ?? '';
    expect(footer).not.toContain('href="om-os"');
    expect(footer.indexOf('href="vinduer"')).toBeLessThan(footer.indexOf('href="tagarbejde"'));

    // The hidden page is published and listed in the sitemap, in menu order.
    expect(files.get('om-os.html')).toContain('Om os');
    const sitemap = files.get('sitemap.xml') ?? '';
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);
    expect(locs).toEqual([
      'https://hansen.mesterside.dk/',
      'https://hansen.mesterside.dk/vinduer',
      'https://hansen.mesterside.dk/om-os',
      'https://hansen.mesterside.dk/tagarbejde',
      'https://hansen.mesterside.dk/kontakt',
    ]);
  });
});
