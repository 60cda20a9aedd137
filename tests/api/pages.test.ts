// /api/pages over HTTP: list in navigation order, create with the spec's defaults, save with every
// field rule and a recomputed slug, delete (never the homepage), each change published after it.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toPageJson } from '../../api/responses';
import { findPage, listPages, type Page } from '../../db';
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
const cvr = () => owner.company.cvr;

describe('GET /api/pages', () => {
  it("lists the company's pages in createdAt order", async () => {
    h.advance(1000);
    await h.send('POST', '/api/pages', { cookie, body: { pageName: 'Tagarbejde' } });
    h.advance(1000);
    await h.send('POST', '/api/pages', { cookie, body: { pageName: 'Altaner' } });
    const response = await h.send('GET', '/api/pages', { cookie });
    expect(response.status).toBe(200);
    const pages = await json<Page[]>(response);
    expect(pages.map((page) => page.slug)).toEqual(['forside', 'om-os', 'tagarbejde', 'altaner']);
    expect(pages).toEqual((await listPages(h.db, cvr())).map(toPageJson));
    // The tenant key stays on the server.
    for (const page of pages) expect(page).not.toHaveProperty('companyCvr');
  });

  it('needs a signed-in owner', async () => {
    expect((await h.send('GET', '/api/pages')).status).toBe(401);
  });
});

describe('POST /api/pages', () => {
  it("creates 'Ny side' (ny-side, page, text) with 201 and publishes", async () => {
    const response = await h.send('POST', '/api/pages', { cookie, body: {} });
    expect(response.status).toBe(201);
    const page = await json<Page>(response);
    expect(page).toMatchObject({
      pageName: 'Ny side',
      slug: 'ny-side',
      type: 'page',
      layout: 'text',
      createdAt: h.now().toISOString(),
    });
    expect(await findPage(h.db, cvr(), page.id)).toBeDefined();
    expect(h.published.map((entry) => entry.cvr)).toEqual([cvr()]);

    const second = await json<Page>(await h.send('POST', '/api/pages', { cookie, body: {} }));
    expect(second.slug).toBe('ny-side-2');
  });

  it('names the page and its slug from pageName; a client cannot make a second homepage', async () => {
    const response = await h.send('POST', '/api/pages', {
      cookie,
      body: { pageName: '  Køkken & Bad  ', type: 'homepage', slug: 'forside' },
    });
    expect(response.status).toBe(201);
    expect(await json<Page>(response)).toMatchObject({
      pageName: 'Køkken & Bad',
      slug: 'koekken-bad',
      type: 'page',
    });
  });

  it.each([
    [{ pageName: '' }, 'Navn i menuen skal udfyldes'],
    [{ pageName: '   ' }, 'Navn i menuen skal udfyldes'],
    [{ pageName: 'x'.repeat(101) }, 'Navn i menuen må højst være 100 tegn'],
    [{ pageName: 7 }, MESSAGES.invalidInput],
    ['[]', MESSAGES.invalidInput],
  ])('refuses %j with 400: %s', async (body, message) => {
    const response = await h.send('POST', '/api/pages', { cookie, body });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'invalid_input', message });
    expect(await listPages(h.db, cvr())).toHaveLength(2);
    expect(h.published).toEqual([]);
  });

  it("answers an unexpected failure with 'Kunne ikke oprette ny side'", async () => {
    await sql`create trigger fail_insert before insert on pages begin select raise(abort, 'disk on fire'); end`.execute(
      h.db,
    );
    const response = await h.send('POST', '/api/pages', { cookie, body: {} });
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toEqual({ code: 'internal', message: 'Kunne ikke oprette ny side' });
  });
});

describe('PUT /api/pages/:id', () => {
  const save = (id: string, body: unknown) => h.send('PUT', `/api/pages/${id}`, { cookie, body });

  it('saves every field, keeps the address under a new name (issue 49), and publishes', async () => {
    h.advance(5000);
    const gallery = [
      { title: 'Terrasse', description: 'Lærketræ, 2024', image: '/media/12345678/terrasse.webp' },
      { title: 'Carport', description: '', image: 'https://cdn.example.dk/carport.jpg' },
    ];
    const response = await save(owner.about.id, {
      pageName: 'Om Hansens værksted',
      title: 'Håndværk siden 1987',
      subtitle: 'Tre generationer',
      content: 'Første afsnit.\n\nAndet afsnit med [et link](/kontakt).',
      layout: 'gallery',
      image: '/media/12345678/vaerksted.webp',
      heroBackgroundImage: 'https://cdn.example.dk/hero.jpg',
      gallery,
      metaTitle: 'x'.repeat(60),
      metaDescription: 'y'.repeat(160),
    });
    expect(response.status).toBe(200);
    const page = await json<Page>(response);
    expect(page).toMatchObject({
      id: owner.about.id,
      pageName: 'Om Hansens værksted',
      slug: 'om-os',
      title: 'Håndværk siden 1987',
      subtitle: 'Tre generationer',
      content: 'Første afsnit.\n\nAndet afsnit med [et link](/kontakt).',
      layout: 'gallery',
      image: '/media/12345678/vaerksted.webp',
      heroBackgroundImage: 'https://cdn.example.dk/hero.jpg',
      gallery,
      metaTitle: 'x'.repeat(60),
      metaDescription: 'y'.repeat(160),
      type: 'page',
      updatedAt: h.now().toISOString(),
    });
    expect(page).toEqual(toPageJson((await findPage(h.db, cvr(), owner.about.id)) as Page));
    expect(h.published.map((entry) => entry.cvr)).toEqual([cvr()]);
  });

  it("changes only what is sent; '' or null removes an image; gallery items get their defaults", async () => {
    await save(owner.about.id, { image: '/media/a.webp', heroBackgroundImage: '/media/b.webp' });
    const response = await save(owner.about.id, {
      image: '',
      heroBackgroundImage: null,
      gallery: [{ image: '/media/c.webp' }],
    });
    expect(await json<Page>(response)).toMatchObject({
      slug: 'om-os',
      title: 'Om os',
      image: null,
      heroBackgroundImage: null,
      gallery: [{ title: '', description: '', image: '/media/c.webp' }],
    });
  });

  it('keeps the homepage a homepage', async () => {
    const response = await save(owner.homepage.id, { type: 'page', title: 'Velkommen' });
    expect(response.status).toBe(200);
    expect((await findPage(h.db, cvr(), owner.homepage.id))?.type).toBe('homepage');
  });

  it.each([
    [{ metaTitle: 'x'.repeat(61) }, 'Maksimum 60 tegn'],
    [{ metaDescription: 'y'.repeat(161) }, 'Maksimum 160 tegn'],
    [{ pageName: '' }, 'Navn i menuen skal udfyldes'],
    [{ title: 'x'.repeat(201) }, 'Overskrift må højst være 200 tegn'],
    [{ subtitle: 'x'.repeat(301) }, 'Undertitel må højst være 300 tegn'],
    [{ content: 'x'.repeat(30_001) }, 'Teksten må højst være 30.000 tegn'],
    [{ layout: 'carousel' }, 'Vælg et af de viste layouts'],
    [{ image: 'javascript:alert(1)' }, 'Ugyldig billedadresse'],
    [{ image: '//evil.example/x.png' }, 'Ugyldig billedadresse'],
    [{ heroBackgroundImage: 'data:image/png;base64,AAAA' }, 'Ugyldig billedadresse'],
    [{ gallery: [{ image: 'javascript:alert(1)' }] }, 'Ugyldig billedadresse'],
    [{ gallery: Array.from({ length: 51 }, () => ({})) }, 'Galleriet kan højst have 50 billeder'],
    [{ gallery: 'billeder' }, MESSAGES.invalidInput],
    [{ title: 42 }, MESSAGES.invalidInput],
    [{ metaTitle: null }, MESSAGES.invalidInput],
  ])('refuses %j with 400: %s', async (body, message) => {
    const before = await findPage(h.db, cvr(), owner.about.id);
    const response = await save(owner.about.id, body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'invalid_input', message });
    expect(await findPage(h.db, cvr(), owner.about.id)).toEqual(before);
    expect(h.published).toEqual([]);
  });

  it('answers an unknown id with 404', async () => {
    const response = await save('00000000-0000-0000-0000-000000000000', { title: 'x' });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({ code: 'not_found', message: 'Kunne ikke gemme ændringer' });
    expect(h.published).toEqual([]);
  });
});

describe('DELETE /api/pages/:id', () => {
  it('deletes a page with 204 and publishes', async () => {
    const response = await h.send('DELETE', `/api/pages/${owner.about.id}`, { cookie });
    expect(response.status).toBe(204);
    expect(await findPage(h.db, cvr(), owner.about.id)).toBeUndefined();
    expect(h.published.map((entry) => entry.cvr)).toEqual([cvr()]);
  });

  it("refuses the homepage with 403 'Forsiden kan ikke slettes'", async () => {
    const response = await h.send('DELETE', `/api/pages/${owner.homepage.id}`, { cookie });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({ code: 'forbidden', message: 'Forsiden kan ikke slettes' });
    expect(await findPage(h.db, cvr(), owner.homepage.id)).toBeDefined();
    expect(h.published).toEqual([]);
  });

  it("answers an unknown id with 404 'Kunne ikke slette siden'", async () => {
    const response = await h.send('DELETE', '/api/pages/findes-ikke', { cookie });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({ code: 'not_found', message: 'Kunne ikke slette siden' });
  });
});
