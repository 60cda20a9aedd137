// Issue 49 item 1, over HTTP on SQLite and PostgreSQL: the name in the menu and the page's address are
// separate. A new name keeps the address; a new address is the owner's deliberate change, checked with
// the slug rules (Danish refusals for an invalid, reserved or taken one), and every earlier address is
// kept in page_addresses, leading to the page's current one (a chain to the last), until a page takes it
// again. The redirect itself is served by server/moved-pages.ts (tests/serving/conformance.test.ts).
import { afterEach, expect, it } from 'vitest';
import { findMovedPage, findPage, listPageOldAddresses } from '../../db';
import { PAGE_MESSAGES } from '../../rules/page-messages';
import { describeEachDialect } from '../support/databases';
import { type ApiHarness, createApiHarness, type Owner } from './api-harness';

const CVR = '12345678';
const OTHER = '87654321';

describeEachDialect('a page keeps its address when renamed, and its old addresses lead to it', (use) => {
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

  async function newPage(
    h: ApiHarness,
    cookie: string,
    pageName: string,
  ): Promise<{ id: string; slug: string }> {
    const created = await h.send('POST', '/api/pages', { cookie, body: { pageName } });
    expect(created.status).toBe(201);
    return (await created.json()) as { id: string; slug: string };
  }

  it('keeps the address on a new name, and redirects every earlier address to the current one', async () => {
    const { h, cookie } = await start();
    const page = await newPage(h, cookie, 'Ydelser');
    expect(page.slug).toBe('ydelser');
    const path = `/api/pages/${page.id}`;

    // The rename of the issue: the menu's label changes, the address does not.
    const renamed = await h.send('PUT', path, { cookie, body: { pageName: 'Ydelser (kladde til Jens)' } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ pageName: 'Ydelser (kladde til Jens)', slug: 'ydelser' });
    expect(await findMovedPage(h.db, CVR, 'ydelser')).toBeNull();

    // a → b → c: both earlier addresses lead to the last.
    expect((await h.send('PUT', path, { cookie, body: { slug: 'vores-ydelser' } })).status).toBe(200);
    expect(await findMovedPage(h.db, CVR, 'ydelser')).toBe('vores-ydelser');
    h.advance(60_000);
    expect((await h.send('PUT', path, { cookie, body: { slug: 'tagarbejde' } })).status).toBe(200);
    expect(await findMovedPage(h.db, CVR, 'ydelser')).toBe('tagarbejde');
    expect(await findMovedPage(h.db, CVR, 'vores-ydelser')).toBe('tagarbejde');
    expect(await listPageOldAddresses(h.db, CVR, page.id)).toEqual(['ydelser', 'vores-ydelser']);
    // Only this company's addresses.
    expect(await findMovedPage(h.db, OTHER, 'ydelser')).toBeNull();

    // Back to an earlier address: it is the page's own again, and the one it left redirects.
    expect((await h.send('PUT', path, { cookie, body: { slug: 'ydelser' } })).status).toBe(200);
    expect(await findMovedPage(h.db, CVR, 'ydelser')).toBeNull();
    expect(await findMovedPage(h.db, CVR, 'tagarbejde')).toBe('ydelser');
  });

  it('stops redirecting an old address that another page takes, and never gives it away unasked', async () => {
    const { h, cookie } = await start();
    const page = await newPage(h, cookie, 'Ny side');
    expect((await h.send('PUT', `/api/pages/${page.id}`, { cookie, body: { slug: 'tag' } })).status).toBe(
      200,
    );
    expect(await findMovedPage(h.db, CVR, 'ny-side')).toBe('tag');

    // A new page is not given the old address by itself: the redirect stays.
    const next = await newPage(h, cookie, 'Ny side');
    expect(next.slug).toBe('ny-side-2');
    expect(await findMovedPage(h.db, CVR, 'ny-side')).toBe('tag');

    // The owner gives it to another page on purpose: that page answers there now.
    expect((await h.send('PUT', `/api/pages/${next.id}`, { cookie, body: { slug: 'ny-side' } })).status).toBe(
      200,
    );
    expect(await findMovedPage(h.db, CVR, 'ny-side')).toBeNull();
    expect(await findMovedPage(h.db, CVR, 'ny-side-2')).toBe('ny-side');
  });

  it('refuses an invalid, reserved or taken address in Danish and changes nothing', async () => {
    const { h, owner, cookie } = await start();
    const page = await newPage(h, cookie, 'Priser');
    const path = `/api/pages/${page.id}`;
    const refusal = async (slug: string) => {
      const answer = await h.send('PUT', path, { cookie, body: { slug } });
      const { error } = (await answer.json()) as { error: { message: string } };
      return { status: answer.status, message: error.message };
    };
    expect(await refusal('Vores Priser')).toEqual({ status: 400, message: PAGE_MESSAGES.slugInvalid });
    expect(await refusal('æbler')).toEqual({ status: 400, message: PAGE_MESSAGES.slugInvalid });
    expect(await refusal('')).toEqual({ status: 400, message: PAGE_MESSAGES.slugRequired });
    expect(await refusal('a'.repeat(101))).toEqual({ status: 400, message: PAGE_MESSAGES.slugTooLong });
    expect(await refusal('admin')).toEqual({ status: 400, message: PAGE_MESSAGES.slugReserved });
    expect(await refusal(owner.about.slug)).toEqual({ status: 409, message: PAGE_MESSAGES.slugTaken });
    expect((await findPage(h.db, CVR, page.id))?.slug).toBe('priser');
    expect(await listPageOldAddresses(h.db, CVR, page.id)).toEqual([]);
  });

  it('gives a restored page its address and its old addresses back', async () => {
    const { h, cookie } = await start();
    const page = await newPage(h, cookie, 'Altaner');
    expect((await h.send('PUT', `/api/pages/${page.id}`, { cookie, body: { slug: 'altan' } })).status).toBe(
      200,
    );
    expect((await h.send('DELETE', `/api/pages/${page.id}`, { cookie })).status).toBe(204);
    // A deleted page's old address leads nowhere (a 404, as the page's own address does).
    expect(await findMovedPage(h.db, CVR, 'altaner')).toBeNull();

    const restored = await h.send('POST', `/api/pages/deleted/${page.id}/restore`, { cookie });
    expect(restored.status).toBe(201);
    const back = (await restored.json()) as { id: string; slug: string };
    expect(back.slug).toBe('altan');
    expect(await findMovedPage(h.db, CVR, 'altaner')).toBe('altan');
  });
});
