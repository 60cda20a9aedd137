// Page history and undo, and the caps, over HTTP on SQLite and PostgreSQL: every save keeps a
// revision (the newest 20), a restore is a new save that publishes, a deleted page comes back within
// 30 days with a slug that does not clash; at most 100 pages, 30,000 characters of text and 60 saves
// per company per minute, the last counted in the database so two app instances share it.
import { afterEach, expect, it } from 'vitest';
import type { PageRevisionJson } from '../../contracts/pages';
import { findPage, getPublishState, insertPage, listPages, type Page } from '../../db';
import { MAX_PAGES_PER_SITE, MAX_SAVES_PER_MINUTE } from '../../rules/limits';
import { MESSAGES } from '../../rules/messages';
import { describeEachDialect } from '../support/databases';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api-harness';

const CVR = '12345678';
const DAY = 86_400_000;

describeEachDialect('page history and caps', (use) => {
  const harnesses: ApiHarness[] = [];

  async function start(): Promise<{ h: ApiHarness; owner: Owner; cookie: string }> {
    const h = await createApiHarness({}, { database: use() });
    harnesses.push(h);
    const owner = await h.createOwner(CVR, 'Hansens Tømrer ApS');
    const cookie = await h.signIn(owner.email);
    return { h, owner, cookie };
  }

  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.close();
  });

  const json = <T>(response: Response) => response.json() as Promise<T>;

  it('keeps a revision per save with a summary, and restores an earlier text as a new, published save', async () => {
    const { h, owner, cookie } = await start();
    const path = `/api/pages/${owner.homepage.id}`;
    h.advance(60_000);
    expect((await h.send('PUT', path, { cookie, body: { content: 'Ny tekst om tagarbejde' } })).status).toBe(
      200,
    );
    h.advance(60_000);
    expect((await h.send('PUT', path, { cookie, body: { title: 'Tag og tømrer' } })).status).toBe(200);
    h.advance(60_000);
    expect(
      (await h.send('PUT', path, { cookie, body: { title: 'Tømrer', content: 'Forkert indsat tekst' } }))
        .status,
    ).toBe(200);

    const listed = await h.send('GET', `${path}/revisions`, { cookie });
    expect(listed.status).toBe(200);
    const revisions = await json<PageRevisionJson[]>(listed);
    expect(revisions.map((revision) => revision.summary)).toEqual([
      'Titel og tekst ændret',
      'Titel ændret',
      'Tekst ændret',
      'Oprindelig version',
    ]);
    expect(revisions[2]).toMatchObject({ title: owner.homepage.title, preview: 'Ny tekst om tagarbejde' });

    const wantedBefore = (await getPublishState(h.db, CVR))?.wantedVersion ?? 0;
    const published = h.published.length;
    h.advance(60_000);
    const restored = await h.send('POST', `${path}/revisions/${revisions[2]?.id}/restore`, { cookie });
    expect(restored.status).toBe(200);
    expect(await json<Page>(restored)).toMatchObject({ content: 'Ny tekst om tagarbejde' });
    expect((await findPage(h.db, CVR, owner.homepage.id))?.content).toBe('Ny tekst om tagarbejde');
    expect((await getPublishState(h.db, CVR))?.wantedVersion).toBe(wantedBefore + 1);
    expect(h.published.length).toBe(published + 1);

    const after = await json<PageRevisionJson[]>(await h.send('GET', `${path}/revisions`, { cookie }));
    expect(after[0]?.summary).toMatch(/^Gendannet fra \d+\. \S+ \d{4} kl\. \d{2}\.\d{2}$/);
    expect(after).toHaveLength(5);

    const unknown = await h.send('POST', `${path}/revisions/ikke-en-version/restore`, { cookie });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(MESSAGES.revisionNotFound);
  });

  it('keeps the newest 20 revisions of a page', async () => {
    const { h, owner, cookie } = await start();
    for (let n = 1; n <= 24; n++) {
      const response = await h.send('PUT', `/api/pages/${owner.about.id}`, {
        cookie,
        body: { content: `Udgave ${n}` },
      });
      expect(response.status).toBe(200);
    }
    const revisions = await json<PageRevisionJson[]>(
      await h.send('GET', `/api/pages/${owner.about.id}/revisions`, { cookie }),
    );
    expect(revisions).toHaveLength(20);
    expect(revisions[0]?.preview).toBe('Udgave 24');
    expect(revisions[19]?.preview).toBe('Udgave 5');
  });

  it('brings a deleted page back within 30 days, with its content and a slug that does not clash', async () => {
    const { h, owner, cookie } = await start();
    await h.send('PUT', `/api/pages/${owner.about.id}`, {
      cookie,
      body: { content: 'Vi har bygget siden 1987.' },
    });
    expect((await h.send('DELETE', `/api/pages/${owner.about.id}`, { cookie })).status).toBe(204);
    // Another page takes the slug meanwhile.
    h.advance(1000);
    expect((await h.send('POST', '/api/pages', { cookie, body: { pageName: 'Om os' } })).status).toBe(201);

    const deleted = await json<{ id: string; pageName: string; restorableUntil: string }[]>(
      await h.send('GET', '/api/pages/deleted', { cookie }),
    );
    expect(deleted).toEqual([
      expect.objectContaining({
        id: owner.about.id,
        pageName: 'Om os',
        restorableUntil: new Date(h.now().getTime() - 1000 + 30 * DAY).toISOString(),
      }),
    ]);

    h.advance(29 * DAY);
    const restored = await h.send('POST', `/api/pages/deleted/${owner.about.id}/restore`, { cookie });
    expect(restored.status).toBe(201);
    expect(await json<Page>(restored)).toMatchObject({
      pageName: 'Om os',
      slug: 'om-os-2',
      title: 'Om os',
      content: 'Vi har bygget siden 1987.',
    });
    expect((await listPages(h.db, CVR)).map((page) => page.slug)).toEqual(['forside', 'om-os', 'om-os-2']);
    expect(await json<unknown[]>(await h.send('GET', '/api/pages/deleted', { cookie }))).toEqual([]);

    // A page deleted more than 30 days ago is gone for good.
    const page = (await listPages(h.db, CVR))[1] as Page;
    await h.send('DELETE', `/api/pages/${page.id}`, { cookie });
    h.advance(30 * DAY + 1);
    const later = await h.signIn(owner.email);
    expect(await json<unknown[]>(await h.send('GET', '/api/pages/deleted', { cookie: later }))).toEqual([]);
    const late = await h.send('POST', `/api/pages/deleted/${page.id}/restore`, { cookie: later });
    expect(late.status).toBe(404);
    expect((await errorOf(late)).message).toBe(MESSAGES.deletedPageNotFound);
  });

  it(`refuses page number ${MAX_PAGES_PER_SITE + 1}, also by restoring a deleted page`, async () => {
    const { h, owner, cookie } = await start();
    await h.send('DELETE', `/api/pages/${owner.about.id}`, { cookie });
    for (let n = 1; n < MAX_PAGES_PER_SITE; n++)
      await insertPage(h.db, CVR, { pageName: `Side ${n}` }, h.now());
    const refused = await h.send('POST', '/api/pages', { cookie, body: { pageName: 'En for meget' } });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).message).toBe(MESSAGES.pageLimit);
    const restore = await h.send('POST', `/api/pages/deleted/${owner.about.id}/restore`, { cookie });
    expect(restore.status).toBe(422);
    expect(await listPages(h.db, CVR)).toHaveLength(MAX_PAGES_PER_SITE);
    // Still restorable once there is room.
    expect(await json<unknown[]>(await h.send('GET', '/api/pages/deleted', { cookie }))).toHaveLength(1);
  });

  it('refuses page text over 30,000 characters', async () => {
    const { h, owner, cookie } = await start();
    const response = await h.send('PUT', `/api/pages/${owner.homepage.id}`, {
      cookie,
      body: { content: 'x'.repeat(30_001) },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(MESSAGES.contentTooLong);
  });

  it('allows 60 saves a minute per company across two app instances, then answers 429 and stores nothing', async () => {
    const first = await start();
    // A second app (another process's view) on the same database.
    const second = await createApiHarness({}, { database: use() });
    harnesses.push(second);
    second.setNow(first.h.now());
    const secondCookie = await second.signIn(first.owner.email);
    const path = `/api/pages/${first.owner.homepage.id}`;
    for (let n = 1; n <= MAX_SAVES_PER_MINUTE; n++) {
      const [h, cookie] = n % 2 ? [first.h, first.cookie] : [second, secondCookie];
      expect((await h.send('PUT', path, { cookie, body: { content: `Gemt ${n}` } })).status).toBe(200);
    }
    const refused = await second.send('PUT', path, { cookie: secondCookie, body: { content: 'For meget' } });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(MESSAGES.tooManySaves);
    expect((await findPage(first.h.db, CVR, first.owner.homepage.id))?.content).toBe(
      `Gemt ${MAX_SAVES_PER_MINUTE}`,
    );

    first.h.advance(60_000);
    const nextMinute = await first.h.send('PUT', path, {
      cookie: first.cookie,
      body: { content: 'Et minut senere' },
    });
    expect(nextMinute.status).toBe(200);
  });
});
