// The live preview (issue 27) over HTTP on SQLite and PostgreSQL: a page's draft and a settings draft
// render through the site templates with the rest of the site, on a render thread (as the product
// stack does), byte for byte what a save then publishes; nothing is stored, published or written
// under storage/sites; a draft a save refuses is refused with the same message; another owner's page
// cannot be previewed; previews are limited per company.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { type PreviewRenderer, threadedPreview } from '../api/services/preview';
import type { PreviewJson } from '../contracts/preview';
import { findPage, listPageRevisions } from '../db';
import { createSitePublisher, sitesDirOf } from '../generator';
import type { Config } from '../lib/config';
import { MAX_TEXT_NESTING } from '../rules/limits';
import { MESSAGES } from '../rules/messages';
import { getTheme } from '../rules/themes';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api/api-harness';
import { describeWithDialects } from './support/databases';
import { BUNDLED_RENDER_THREAD } from './support/render-thread';

const CVR_A = '12345678';
const CVR_B = '87654321';

// One render thread for the file's previews, as one product process has one for every owner's previews
// (threadedPreview in api/services/preview.ts); a thread per test started ten, ~0.8 s of CPU each. It
// renders only the site model it is sent, so it serves each test's database and both dialects alike.
let sharedPreview: PreviewRenderer | undefined;
function sharedPreviewThread(config: Config): PreviewRenderer {
  sharedPreview ??= threadedPreview({ config, threadEntry: BUNDLED_RENDER_THREAD });
  const renderer = sharedPreview;
  return { render: (site, pageId) => renderer.render(site, pageId), close: async () => {} };
}
afterAll(async () => {
  await sharedPreview?.close();
});

describeWithDialects('live preview', (dialect) => {
  const harnesses: ApiHarness[] = [];

  async function start(options: { maxPreviewsPerWindow?: number } = {}) {
    const h = await createApiHarness({}, { dialect, previewRenderer: sharedPreviewThread, ...options });
    harnesses.push(h);
    const a = await h.createOwner(CVR_A, 'Hansens Tømrer ApS');
    const b = await h.createOwner(CVR_B, 'Firma B VVS ApS');
    const cookie = await h.signIn(a.email);
    return { h, a, b, cookie };
  }

  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.close();
  });

  const preview = async (h: ApiHarness, cookie: string, owner: Owner, body: unknown) =>
    h.send('POST', `/api/pages/${owner.homepage.id}/preview`, { cookie, body });

  it("renders the draft's heading with the site's menu and contact block, and stores, publishes and writes nothing", async () => {
    const { h, a, cookie } = await start();
    const response = await preview(h, cookie, a, {
      title: 'Nyt tag på en uge',
      content: '## Vores arbejde\n\n- Tagrender\n- Kviste',
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as PreviewJson;
    expect(answer.html).toMatch(/<h1[^>]*>\s*Nyt tag på en uge\s*<\/h1>/);
    expect(answer.html).toContain('<li>Tagrender</li>');
    // The rest of the site as stored: the other page in the menu, the company's name and contact.
    expect(answer.html).toContain('<a href="om-os">Om os</a>');
    expect(answer.html).toContain('Hansens Tømrer ApS');
    expect(answer.html).toContain('id="kontakt"');
    expect(answer.contentSecurityPolicy).toContain("script-src 'none'");
    expect(answer.contentSecurityPolicy).not.toContain('frame-ancestors');

    const stored = await findPage(h.db, CVR_A, a.homepage.id);
    expect(stored?.title).toBe(a.homepage.title);
    expect(stored?.pageName).toBe(a.homepage.pageName);
    expect(await listPageRevisions(h.db, CVR_A, a.homepage.id)).toEqual([]);
    expect(h.published).toEqual([]);
    expect(existsSync(sitesDirOf(h.config))).toBe(false);

    // A renamed page shows under its new name in the menu of its own preview, at the address it keeps
    // (issue 49: the address changes only when the owner changes it).
    const renamed = await h.send('POST', `/api/pages/${a.about.id}/preview`, {
      cookie,
      body: { pageName: 'Om firmaet' },
    });
    expect(((await renamed.json()) as PreviewJson).html).toContain(
      '<a href="om-os" aria-current="page">Om firmaet</a>',
    );
    expect((await findPage(h.db, CVR_A, a.about.id))?.pageName).toBe('Om os');
  });

  it("follows a saved change of another page in the menu (the menu's outlines are kept only until a change)", async () => {
    const { h, a, cookie } = await start();
    const first = (await (await preview(h, cookie, a, { title: 'Udkast' })).json()) as PreviewJson;
    expect(first.html).toContain('<a href="om-os">Om os</a>');
    const renamed = await h.send('PUT', `/api/pages/${a.about.id}`, {
      cookie,
      body: { pageName: 'Om firmaet' },
    });
    expect(renamed.status).toBe(200);
    const second = (await (await preview(h, cookie, a, { title: 'Udkast' })).json()) as PreviewJson;
    expect(second.html).toContain('<a href="om-os">Om firmaet</a>');
    expect(second.html).not.toContain('Om os</a>');
  });

  it('is byte for byte the page a save of the same draft publishes', async () => {
    const { h, a, cookie } = await start();
    const draft = { title: 'Tømrer i Køge siden 1998', subtitle: 'Tag, vinduer og døre' };
    const answer = (await (await preview(h, cookie, a, draft)).json()) as PreviewJson;
    const saved = await h.send('PUT', `/api/pages/${a.homepage.id}`, { cookie, body: draft });
    expect(saved.status).toBe(200);
    const publisher = await createSitePublisher({ db: h.db, config: h.config });
    expect(await publisher.publish(CVR_A)).toBe('published');
    const live = readFileSync(path.join(sitesDirOf(h.config), CVR_A, 'index.html'), 'utf8');
    // The page's own updatedAt moves with the save (sitemap only); the HTML is the same.
    expect(answer.html).toBe(live);
  });

  it('refuses every draft a save refuses, with the same status and Danish message', async () => {
    const { h, a, cookie } = await start();
    const refused: unknown[] = [
      { title: 'x'.repeat(201) },
      { pageName: '' },
      { layout: 'sidebar' },
      { image: 'javascript:alert(1)' },
      { content: 'Tekst med \u0000 styretegn' },
      { content: `${'> '.repeat(MAX_TEXT_NESTING + 1)}dybt` },
      { metaTitle: 'x'.repeat(61) },
      { gallery: 'ikke en liste' },
      '[1, 2]',
    ];
    for (const body of refused) {
      const save = await h.send('PUT', `/api/pages/${a.homepage.id}`, { cookie, body });
      const shown = await preview(h, cookie, a, body);
      expect(shown.status, JSON.stringify(body)).toBe(save.status);
      expect(save.status, JSON.stringify(body)).toBe(400);
      const [saveError, previewError] = [await errorOf(save), await errorOf(shown)];
      expect(previewError, JSON.stringify(body)).toEqual(saveError);
    }
    expect(h.published).toEqual([]);
  });

  it("cannot preview another owner's page, nor see any of it", async () => {
    const { h, b, cookie } = await start();
    for (const page of [b.homepage, b.about]) {
      const response = await h.send('POST', `/api/pages/${page.id}/preview`, {
        cookie,
        body: { title: 'Overtaget' },
      });
      expect(response.status).toBe(404);
      const text = await response.text();
      for (const secret of ['Firma B VVS', page.title, CVR_B]) expect(text).not.toContain(secret);
    }
    expect((await h.send('POST', `/api/pages/${b.homepage.id}/preview`, { body: {} })).status).toBe(401);
  });

  it('limits previews per company with a Danish message, leaving other companies alone', async () => {
    const { h, a, b, cookie } = await start({ maxPreviewsPerWindow: 3 });
    for (let i = 0; i < 3; i += 1)
      expect((await preview(h, cookie, a, { title: `Udkast ${i}` })).status).toBe(200);
    const refused = await preview(h, cookie, a, { title: 'Udkast 4' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(refused)).message).toBe(MESSAGES.tooManyPreviews);
    // Saving still works (its own limit), and B previews as usual.
    expect(
      (await h.send('PUT', `/api/pages/${a.homepage.id}`, { cookie, body: { title: 'Gemt' } })).status,
    ).toBe(200);
    const cookieB = await h.signIn(b.email);
    expect((await preview(h, cookieB, b, { title: 'B' })).status).toBe(200);
  });

  it('renders the homepage with a settings draft (theme, hours, phone) and stores nothing', async () => {
    const { h, cookie } = await start();
    const before = await (await h.send('POST', '/api/company/preview', { cookie, body: {} })).json();
    const response = await h.send('POST', '/api/company/preview', {
      cookie,
      body: {
        theme: 'purple',
        phone: '22 33 44 55',
        showHours: true,
        hours: { Mandag: '06.30–15.00' },
      },
    });
    expect(response.status).toBe(200);
    const { html } = (await response.json()) as PreviewJson;
    expect(html).toContain(getTheme('purple').colors.primary);
    expect((before as PreviewJson).html).not.toContain(getTheme('purple').colors.primary);
    expect(html).toContain('href="tel:+4522334455"');
    expect(html).toContain('06.30–15.00');
    const refused = await h.send('POST', '/api/company/preview', { cookie, body: { theme: 'gylden' } });
    const save = await h.send('PUT', '/api/company/settings', { cookie, body: { theme: 'gylden' } });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toEqual(await errorOf(save));
    expect(h.published).toEqual([]);
    expect(existsSync(sitesDirOf(h.config))).toBe(false);
  });
});
