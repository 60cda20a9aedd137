// The page_addresses repository (migration 0030, issue 49) on SQLite and PostgreSQL: an earlier address
// leads to its page's current slug (the homepage's is ''), a row moves to another page on a second keep,
// forgetting ends it, rows are per company, a page gone leads nowhere, and the company's deletion takes
// them along.
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import { deleteCompany, insertCompany } from './companies';
import {
  findMovedPage,
  forgetOldAddress,
  keepOldAddress,
  listOldAddresses,
  listPageOldAddresses,
  movePageAddresses,
} from './page-addresses';
import { deletePage, insertPage, updatePage } from './pages';

const T0 = new Date('2026-03-02T10:00:00.000Z');
const A = '11111111';
const B = '22222222';

describeEachDialect('page addresses repository', (use) => {
  async function twoCompanies() {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: A, name: 'Firma A' }));
    acceptedValue(await insertCompany(db, { cvr: B, name: 'Firma B' }));
    return db;
  }

  it('leads an earlier address to the current slug, per company, until forgotten', async () => {
    const db = await twoCompanies();
    const home = await insertPage(db, A, { pageName: 'Forside', type: 'homepage' }, T0);
    const page = await insertPage(db, A, { pageName: 'Ydelser' }, T0);
    const other = await insertPage(db, A, { pageName: 'Priser' }, T0);
    await keepOldAddress(db, A, 'tjenester', page.id, T0);
    await keepOldAddress(db, A, 'start', home.id, new Date(T0.getTime() + 1000));
    expect(await findMovedPage(db, A, 'tjenester')).toBe('ydelser');
    expect(await findMovedPage(db, A, 'start')).toBe('');
    expect(await findMovedPage(db, B, 'tjenester')).toBeNull();
    expect(await findMovedPage(db, A, 'ukendt')).toBeNull();

    // The page moves on: the row follows it, as it names the page and not an address.
    acceptedValue(await updatePage(db, A, page.id, { slug: 'vores-ydelser' }, T0));
    expect(await findMovedPage(db, A, 'tjenester')).toBe('vores-ydelser');

    // Kept again for another page: the address is that page's old one now.
    await keepOldAddress(db, A, 'tjenester', other.id, T0);
    expect(await findMovedPage(db, A, 'tjenester')).toBe('priser');
    expect(await listPageOldAddresses(db, A, page.id)).toEqual([]);
    expect((await listOldAddresses(db, A)).sort()).toEqual(['start', 'tjenester']);

    await forgetOldAddress(db, A, 'tjenester');
    expect(await findMovedPage(db, A, 'tjenester')).toBeNull();
  });

  it('leads nowhere once the page is gone, back again when it returns under a new id', async () => {
    const db = await twoCompanies();
    const page = await insertPage(db, A, { pageName: 'Altan' }, T0);
    await keepOldAddress(db, A, 'altaner', page.id, T0);
    await deletePage(db, A, page.id);
    expect(await findMovedPage(db, A, 'altaner')).toBeNull();
    const back = await insertPage(db, A, { pageName: 'Altan' }, T0);
    await movePageAddresses(db, A, page.id, back.id);
    expect(await findMovedPage(db, A, 'altaner')).toBe('altan');
  });

  it('goes with its company', async () => {
    const db = await twoCompanies();
    const page = await insertPage(db, B, { pageName: 'Tag' }, T0);
    await keepOldAddress(db, B, 'tage', page.id, T0);
    expect(await deleteCompany(db, B)).toBe(true);
    expect(await listOldAddresses(db, B)).toEqual([]);
  });
});
