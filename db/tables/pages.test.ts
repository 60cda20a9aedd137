import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import { insertCompany } from './companies';
import {
  deletePage,
  findPage,
  findPageBySlug,
  insertPage,
  listPageStamps,
  listPages,
  listPagesById,
  setMenuOrder,
  updatePage,
} from './pages';

describeEachDialect('pages repository', (use) => {
  async function twoCompanies() {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'Firma A' }));
    acceptedValue(await insertCompany(db, { cvr: '22222222', name: 'Firma B' }));
    return db;
  }

  it('creates new pages with the spec defaults and slugs unique per company', async () => {
    const db = await twoCompanies();
    const first = await insertPage(db, '11111111');
    expect(first).toMatchObject({
      pageName: 'Ny side',
      slug: 'ny-side',
      type: 'page',
      layout: 'text',
      gallery: [],
    });
    expect((await insertPage(db, '11111111')).slug).toBe('ny-side-2');
    expect((await insertPage(db, '22222222')).slug).toBe('ny-side');
  });

  it('keeps the address when the name in the menu changes, and keeps the fields of each layout', async () => {
    const db = await twoCompanies();
    await insertPage(db, '11111111', { pageName: 'Vores ydelser' });
    const page = await insertPage(db, '11111111');
    const gallery = [
      { title: 'Tag', description: 'Nyt tag i Roskilde', image: '/images/11111111/1-tag.webp' },
    ];
    const saved = acceptedValue(
      await updatePage(db, '11111111', page.id, {
        pageName: 'Vores ydelser (kladde til Jens)',
        layout: 'gallery',
        gallery,
        metaTitle: 'Ydelser',
      }),
    );
    // Issue 49: the name is the menu's label, the address changes only when the owner changes it.
    expect(saved).toMatchObject({ pageName: 'Vores ydelser (kladde til Jens)', slug: 'ny-side' });
    expect(saved.gallery).toEqual(gallery);
    expect(await findPage(db, '11111111', page.id)).toEqual(saved);

    const moved = acceptedValue(await updatePage(db, '11111111', page.id, { slug: 'toemrer-tag' }));
    expect(moved.slug).toBe('toemrer-tag');
    expect((await findPageBySlug(db, '11111111', 'toemrer-tag'))?.id).toBe(page.id);
  });

  it('refuses an address another page of the company has, or one Mesterside uses', async () => {
    const db = await twoCompanies();
    await insertPage(db, '11111111', { pageName: 'Ydelser' });
    await insertPage(db, '22222222', { pageName: 'Priser' });
    const page = await insertPage(db, '11111111', { pageName: 'Priser' });
    expect(await updatePage(db, '11111111', page.id, { slug: 'ydelser' })).toEqual({
      ok: false,
      reason: 'slug-taken',
    });
    expect(await updatePage(db, '11111111', page.id, { slug: 'admin' })).toEqual({
      ok: false,
      reason: 'slug-reserved',
    });
    expect((await findPage(db, '11111111', page.id))?.slug).toBe('priser');
    // Another company's page of that address is no obstacle, nor the page's own address.
    expect(acceptedValue(await updatePage(db, '11111111', page.id, { slug: 'priser' })).slug).toBe('priser');
  });

  it('never gives a page a slug the product uses for its own pages', async () => {
    const db = await twoCompanies();
    expect((await insertPage(db, '11111111', { pageName: 'Blog' })).slug).toBe('blog-2');
    expect((await insertPage(db, '11111111', { pageName: 'Admin' })).slug).toBe('admin-2');
  });

  it('keeps a page slug when it is saved under its own name', async () => {
    const db = await twoCompanies();
    const page = await insertPage(db, '11111111', { pageName: 'Kontakt' });
    expect(
      acceptedValue(await updatePage(db, '11111111', page.id, { pageName: 'Kontakt', title: 'Ring' })).slug,
    ).toBe('kontakt');
  });

  it('lists pages in menu order: a new page goes last (the owner can reorder, page-menu.test.ts)', async () => {
    const db = await twoCompanies();
    await insertPage(db, '11111111', { pageName: 'C' }, new Date('2026-01-03T00:00:00Z'));
    await insertPage(db, '11111111', { pageName: 'A' }, new Date('2026-01-01T00:00:00Z'));
    await insertPage(db, '11111111', { pageName: 'B' }, new Date('2026-01-02T00:00:00Z'));
    expect((await listPages(db, '11111111')).map((page) => page.pageName)).toEqual(['C', 'A', 'B']);
  });

  it('never lets one company read, change or delete another company page', async () => {
    const db = await twoCompanies();
    const page = await insertPage(db, '11111111', { pageName: 'Privat' });
    expect(await findPage(db, '22222222', page.id)).toBeUndefined();
    expect(await updatePage(db, '22222222', page.id, { title: 'X' })).toEqual({
      ok: false,
      reason: 'page-not-found',
    });
    expect(await deletePage(db, '22222222', page.id)).toEqual({ ok: false, reason: 'page-not-found' });
    expect((await findPage(db, '11111111', page.id))?.title).toBe('');
  });

  it('deletes a page but never the homepage', async () => {
    const db = await twoCompanies();
    const home = await insertPage(db, '11111111', { pageName: 'Forside', type: 'homepage', layout: 'hero' });
    const other = await insertPage(db, '11111111', { pageName: 'Om os' });
    expect(await deletePage(db, '11111111', home.id)).toEqual({ ok: false, reason: 'homepage' });
    await deletePage(db, '11111111', other.id);
    expect((await listPages(db, '11111111')).map((page) => page.slug)).toEqual(['forside']);
  });

  it('raises a page row revision on every change of it, whoever writes it (issue 44)', async () => {
    const db = await twoCompanies();
    const home = await insertPage(db, '11111111', { pageName: 'Forside', type: 'homepage' });
    const other = await insertPage(db, '11111111', { pageName: 'Om os', content: 'Tekst' });
    await insertPage(db, '22222222');
    const revisions = async () =>
      (await listPageStamps(db, '11111111')).map(({ page, revision }) => [page.slug, revision]);
    expect(await revisions()).toEqual([
      ['forside', 0],
      ['om-os', 0],
    ]);
    acceptedValue(await updatePage(db, '11111111', other.id, { content: 'Ny tekst' }));
    expect(await revisions()).toEqual([
      ['forside', 0],
      ['om-os', 1],
    ]);
    // A write outside the repository (by hand, a script) moves it too.
    await db.updateTable('pages').set({ title: 'Skrevet i hånden' }).where('id', '=', home.id).execute();
    acceptedValue(
      await setMenuOrder(db, '11111111', [
        { id: home.id, showInMenu: true },
        { id: other.id, showInMenu: false },
      ]),
    );
    expect(await revisions()).toEqual([
      ['forside', 2],
      ['om-os', 2],
    ]);
    // The stamps leave the texts out; the page itself is read by id, within its company.
    const [stamp] = await listPageStamps(db, '11111111');
    expect(stamp?.page).toMatchObject({ title: 'Skrevet i hånden', content: '', showInMenu: true });
    expect((await listPagesById(db, '11111111', [other.id])).map((page) => page.content)).toEqual([
      'Ny tekst',
    ]);
    expect(await listPagesById(db, '22222222', [other.id])).toEqual([]);
  });
});
