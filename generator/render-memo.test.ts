// Publishing only what changed (issue 26): with a render memo, a publish renders the documents whose
// input changed and takes the others' bytes from the last render, and the site it writes is byte for
// byte the site a whole render gives. Needs `npm run build` (the templates' server bundle).
import { beforeAll, expect, it } from 'vitest';
import { acceptedValue, type Db, listPages, setMenuOrder, updateCompany, updatePage } from '../db';
import { createFixtureCompany } from '../scripts/bench/fixtures';
import { describeEachDialect } from '../tests/support/databases';
import { watchedRenderer } from '../tests/support/watched-renderer';
import { loadSiteRenderer, type SiteRenderer } from './astro-renderer';
import { loadSiteModel } from './load-site';
import { RenderMemo } from './render-memo';
import { renderSiteFiles } from './site-files';

let renderer: SiteRenderer;
beforeAll(async () => {
  renderer = await loadSiteRenderer();
});

/** A renderer that counts what it renders, by document (the page's slug, or 404). */
function counting(): { renderer: SiteRenderer; rendered: string[] } {
  const rendered: string[] = [];
  return {
    rendered,
    renderer: watchedRenderer(renderer, (locals) => rendered.push(locals.page?.slug ?? '404')),
  };
}

/** The site's files as a whole render without a memo gives them, and as the memo's publish does. */
async function publishBoth(db: Db, cvr: string, memo: RenderMemo, counter: ReturnType<typeof counting>) {
  const site = await loadSiteModel(db, cvr, 'mesterside.dk');
  if (!site) throw new Error('no site model');
  counter.rendered.length = 0;
  const incremental = await renderSiteFiles(site, counter.renderer, { memo });
  const whole = await renderSiteFiles(site, renderer);
  const text = (files: typeof whole) => new Map(files.map((file) => [file.name, file.body.toString()]));
  // The outlines the other pages are reduced to change nothing a page shows: each page renders as it
  // does from the whole model.
  for (const page of site.pages) {
    const name = page.type === 'homepage' ? 'index.html' : `${page.slug}.html`;
    expect(text(incremental).get(name)).toBe(await renderer.renderPage({ site, page }));
  }
  return { incremental: text(incremental), whole: text(whole), rendered: [...counter.rendered] };
}

describeEachDialect('a publish renders only what changed', (use) => {
  it('re-renders an edited page alone, and every document when the menu or the company changes', async () => {
    const { db } = use();
    const cvr = await createFixtureCompany(db);
    const pages = await listPages(db, cvr);
    const home = pages.find((page) => page.type === 'homepage');
    const about = pages.find((page) => page.slug === 'om-os');
    if (!home || !about) throw new Error('fixture pages missing');
    const memo = new RenderMemo(8 * 1024 * 1024);
    const counter = counting();

    const first = await publishBoth(db, cvr, memo, counter);
    const documents = first.rendered.length;
    expect(documents).toBeGreaterThanOrEqual(pages.length + 1);
    expect(first.incremental).toEqual(first.whole);

    // Nothing changed: nothing is rendered, the same bytes are written.
    const unchanged = await publishBoth(db, cvr, memo, counter);
    expect(unchanged.rendered).toEqual([]);
    expect(unchanged.incremental).toEqual(first.whole);

    // The text and the title of one page: that page alone (its menu label is its page name).
    acceptedValue(
      await updatePage(db, cvr, about.id, {
        title: 'Om Hansens værksted',
        content: 'Vi har 30 års erfaring.',
      }),
    );
    const edited = await publishBoth(db, cvr, memo, counter);
    expect(edited.rendered).toEqual(['om-os']);
    expect(edited.incremental).toEqual(edited.whole);
    expect(edited.incremental.get('om-os.html')).toContain('Vi har 30 års erfaring.');
    expect(edited.incremental.get('sitemap.xml')).toBe(edited.whole.get('sitemap.xml'));

    // The homepage's title, as the publish bench edits it.
    acceptedValue(await updatePage(db, cvr, home.id, { title: 'Tømrer i Roskilde siden 1990' }));
    const homeEdit = await publishBoth(db, cvr, memo, counter);
    expect(homeEdit.rendered).toEqual([home.slug]);
    expect(homeEdit.incremental).toEqual(homeEdit.whole);

    // A page's name is its menu label on every page: every document again.
    acceptedValue(await updatePage(db, cvr, about.id, { pageName: 'Om værkstedet' }));
    const renamed = await publishBoth(db, cvr, memo, counter);
    expect(renamed.rendered).toHaveLength(documents);
    expect(renamed.incremental).toEqual(renamed.whole);
    expect(renamed.incremental.get('index.html')).toContain('Om værkstedet');

    // A page hidden from the menu changes every menu.
    const order = (await listPages(db, cvr)).map((page) => ({
      id: page.id,
      showInMenu: page.id !== about.id,
    }));
    acceptedValue(await setMenuOrder(db, cvr, order));
    const hidden = await publishBoth(db, cvr, memo, counter);
    expect(hidden.rendered).toHaveLength(documents);
    expect(hidden.incremental).toEqual(hidden.whole);

    // The company's phone is on every page.
    acceptedValue(await updateCompany(db, cvr, { phone: '70 20 30 40' }));
    const phone = await publishBoth(db, cvr, memo, counter);
    expect(phone.rendered).toHaveLength(documents);
    expect(phone.incremental).toEqual(phone.whole);
    expect(phone.incremental.get('index.html')).toContain('tel:+4570203040');
  });

  it('keeps no more than its budget, dropping the least recently published first', async () => {
    const memo = new RenderMemo(300);
    const body = Buffer.alloc(100);
    memo.store('11111111', [{ name: 'index.html', key: 'a', body }]);
    memo.store('22222222', [{ name: 'index.html', key: 'b', body }]);
    memo.store('33333333', [{ name: 'index.html', key: 'c', body }]);
    expect(memo.lookup('11111111', 'index.html', 'a')).toBe(body);
    memo.store('44444444', [{ name: 'index.html', key: 'd', body }]);
    expect(memo.lookup('11111111', 'index.html', 'a')).toBeUndefined();
    expect(memo.lookup('22222222', 'index.html', 'b')).toBe(body);
    expect(memo.lookup('22222222', 'index.html', 'other')).toBeUndefined();
    expect(memo.size).toBe(300);
    // A site bigger than the whole budget is not kept at all.
    memo.store('55555555', [{ name: 'index.html', key: 'e', body: Buffer.alloc(400) }]);
    expect(memo.lookup('55555555', 'index.html', 'e')).toBeUndefined();
    expect(memo.size).toBe(300);
  });
});
