import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertCompany, setCustomDomainState, updateCompany } from '../db';
import { createTestDatabase, type TestDatabase } from '../tests/support/databases';
import { createCompanyLookup } from './company-lookup';

let database: TestDatabase & { drop: () => Promise<void> };
beforeEach(async () => {
  database = await createTestDatabase('sqlite');
  await insertCompany(database.db, {
    cvr: '12345678',
    name: 'Demo',
    subdomain: 'demo',
    customDomain: 'www.hansen.dk',
  });
  await verify('www.hansen.dk');
});

/** Marks the company's custom domain as verified: pending domains belong to nobody (issue 13). */
async function verify(domain: string) {
  await setCustomDomainState(database.db, '12345678', domain, {
    verifiedAt: new Date().toISOString(),
    missingSince: null,
  });
}
afterEach(async () => {
  await database.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createCompanyLookup', () => {
  it('finds companies by subdomain and custom domain', async () => {
    const lookup = createCompanyLookup(database.db);
    expect(lookup.peek('subdomain', 'demo')).toBeUndefined();
    expect(await lookup.resolve('subdomain', 'demo')).toBe('12345678');
    expect(lookup.peek('subdomain', 'demo')).toBe('12345678');
    expect(await lookup.resolve('custom-domain', 'www.hansen.dk')).toBe('12345678');
    expect(await lookup.resolve('subdomain', 'ukendt')).toBeNull();
    expect(lookup.peek('subdomain', 'ukendt')).toBeNull();
  });

  it('answers impossible names without caching them', async () => {
    const lookup = createCompanyLookup(database.db);
    for (const name of ['a-b', 'x'.repeat(31), ''])
      expect(await lookup.resolve('subdomain', name)).toBeNull();
    for (const name of ['localhost', '127.0.0.1', '[::1]', 'WWW.HANSEN.DK']) {
      expect(await lookup.resolve('custom-domain', name)).toBeNull();
    }
  });

  it('forgets unknown names sooner than known ones', async () => {
    const lookup = createCompanyLookup(database.db, { positiveTtlMs: 200, negativeTtlMs: 20 });
    expect(await lookup.resolve('custom-domain', 'www.ny.dk')).toBeNull();
    expect(await lookup.resolve('subdomain', 'demo')).toBe('12345678');
    await updateCompany(database.db, '12345678', { customDomain: 'www.ny.dk' });
    await verify('www.ny.dk');
    await sleep(40);
    expect(lookup.peek('custom-domain', 'www.ny.dk')).toBeUndefined();
    expect(await lookup.resolve('custom-domain', 'www.ny.dk')).toBe('12345678');
    expect(lookup.peek('subdomain', 'demo')).toBe('12345678');
  });

  it('stays within its size bound', async () => {
    const lookup = createCompanyLookup(database.db, { maxEntries: 2 });
    await lookup.resolve('subdomain', 'aaa');
    await lookup.resolve('subdomain', 'bbb');
    await lookup.resolve('subdomain', 'ccc');
    expect(lookup.peek('subdomain', 'aaa')).toBeUndefined();
    expect(lookup.peek('subdomain', 'ccc')).toBeNull();
  });
});
