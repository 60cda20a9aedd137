// Page text built to stall or break publishing (issue 23 items 5 and 6), through the API and the real
// publishing path (the built Astro bundle) on SQLite and PostgreSQL: text nested past the limit is
// refused at save with a Danish 400; text already stored that way, or shaped to make a quadratic
// renderer crawl, still publishes, at once, with the excess shown as text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findPage, updatePage } from '../db';
import { createSitePublisher, liveBuild, sitesDirOf } from '../generator';
import { loadSiteRenderer, type SiteRenderer } from '../generator/astro-renderer';
import { MAX_TEXT_NESTING } from '../rules/limits';
import { PAGE_MESSAGES } from '../rules/page-messages';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api/api-harness';
import { describeWithDialects } from './support/databases';

let renderer: SiteRenderer;

describeWithDialects('hostile page text', (dialect) => {
  let h: ApiHarness;
  let owner: Owner;
  let cookie: string;

  beforeEach(async () => {
    renderer ??= await loadSiteRenderer();
    h = await createApiHarness({}, { dialect });
    owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
    cookie = await h.signIn(owner.email);
  });
  afterEach(async () => {
    await h.close();
  });

  const save = (body: unknown) => h.send('PUT', `/api/pages/${owner.about.id}`, { cookie, body });

  it('refuses quotes or lists nested past the limit with a Danish 400, and keeps the page', async () => {
    for (const content of ['> '.repeat(15_000), '- '.repeat(15_000), `${'> '.repeat(MAX_TEXT_NESTING)}- x`]) {
      const response = await save({ content });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(
        'Teksten har for mange niveauer af citater eller lister.',
      );
      expect(PAGE_MESSAGES.textTooDeep).toBe('Teksten har for mange niveauer af citater eller lister.');
    }
    expect((await findPage(h.db, '12345678', owner.about.id))?.content).not.toContain('> > >');
    expect(h.published).toEqual([]);

    // Nesting real texts use is saved as before.
    const fine = await save({ content: '> Citat\n> > svar\n\n- a\n  - b\n    - c' });
    expect(fine.status).toBe(200);
  });

  it('publishes text stored before the limit, and text shaped against the renderer, at once', async () => {
    const hostile = [
      '> '.repeat(15_000),
      '- '.repeat(15_000),
      '*a_'.repeat(10_000),
      '_a*'.repeat(10_000),
      '**_'.repeat(10_000),
      '['.repeat(30_000),
    ];
    const publisher = await createSitePublisher({ db: h.db, config: h.config, renderer });
    for (const content of hostile) {
      // As a page saved before the limit existed: straight into the database.
      await updatePage(h.db, '12345678', owner.about.id, { content: `${content}slut` }, h.now());
      const start = process.cpuUsage();
      expect(await publisher.publish('12345678')).toBe('published');
      const used = process.cpuUsage(start);
      // Before: the quotes overflowed the stack; `*a_` took 8 s.
      expect((used.user + used.system) / 1000).toBeLessThan(3000);
      const build = (await liveBuild(sitesDirOf(h.config), '12345678')) as string;
      const html = readFileSync(path.join(build, 'om-os.html'), 'utf8');
      expect(html).toContain('slut');
      expect(html).not.toMatch(/<(script|img|iframe)\b[^>]*on\w+=/i);
    }
  }, 60_000);
});
