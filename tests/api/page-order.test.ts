// PUT /api/pages/order over HTTP: the owner's menu order and "Vis i menuen" for all pages at once,
// the homepage kept first, a stale order refused whole, each change published once after it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listPages, type Page } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api-harness';

let h: ApiHarness;
let owner: Owner;
let cookie: string;

beforeEach(async () => {
  h = await createApiHarness();
  owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
  cookie = await h.signIn(owner.email);
});
afterEach(async () => {
  await h.close();
});

const json = <T>(response: Response) => response.json() as Promise<T>;

async function pagesBySlug(): Promise<Record<string, Page>> {
  const response = await h.send('GET', '/api/pages', { cookie });
  return Object.fromEntries((await json<Page[]>(response)).map((page) => [page.slug, page]));
}

describe('PUT /api/pages/order', () => {
  it('stores the order and visibility, keeps the homepage first, and publishes', async () => {
    await h.send('POST', '/api/pages', { cookie, body: { pageName: 'Tagarbejde' } });
    const { forside, 'om-os': about, tagarbejde } = await pagesBySlug();
    h.published.length = 0;
    const response = await h.send('PUT', '/api/pages/order', {
      cookie,
      body: {
        pages: [
          { id: tagarbejde?.id, showInMenu: true },
          { id: about?.id, showInMenu: false },
          { id: forside?.id, showInMenu: true },
        ],
      },
    });
    expect(response.status).toBe(200);
    const ordered = await json<Page[]>(response);
    expect(ordered.map((page) => [page.slug, page.showInMenu])).toEqual([
      ['forside', true],
      ['tagarbejde', true],
      ['om-os', false],
    ]);
    expect(Object.keys(await pagesBySlug())).toEqual(['forside', 'tagarbejde', 'om-os']);
    expect(h.published.map((entry) => entry.cvr)).toEqual([owner.company.cvr]);
    // A page created afterwards goes last.
    await h.send('POST', '/api/pages', { cookie, body: { pageName: 'Altaner' } });
    expect(Object.keys(await pagesBySlug())).toEqual(['forside', 'tagarbejde', 'om-os', 'altaner']);
  });

  it('refuses an order that misses a page, changes nothing and publishes nothing', async () => {
    const { forside, 'om-os': about } = await pagesBySlug();
    await h.send('POST', '/api/pages', { cookie, body: { pageName: 'Tagarbejde' } });
    h.published.length = 0;
    const response = await h.send('PUT', '/api/pages/order', {
      cookie,
      body: {
        pages: [
          { id: about?.id, showInMenu: false },
          { id: forside?.id, showInMenu: true },
        ],
      },
    });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(MESSAGES.pageOrderStale);
    expect((await listPages(h.db, owner.company.cvr)).map((page) => [page.slug, page.showInMenu])).toEqual([
      ['forside', true],
      ['om-os', true],
      ['tagarbejde', true],
    ]);
    expect(h.published).toEqual([]);
  });

  it('validates the body and needs a signed-in owner', async () => {
    const bad = await h.send('PUT', '/api/pages/order', { cookie, body: { pages: [{ id: 'x' }] } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(MESSAGES.invalidInput);
    const empty = await h.send('PUT', '/api/pages/order', { cookie, body: { pages: [] } });
    expect(empty.status).toBe(400);
    expect((await h.send('PUT', '/api/pages/order', { body: { pages: [] } })).status).toBe(401);
  });
});
