// The booking services repository (migration 0035, issue 52) on SQLite and PostgreSQL: the trade's
// list is stored once however many first reads race, and never over a list the owner already has.
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import {
  addBookingService,
  deleteBookingService,
  listBookingServices,
  seedBookingServices,
} from './booking-services';
import { insertCompany } from './companies';

const NOW = new Date('2027-03-01T08:00:00.000Z');
const A = '11111111';
const B = '22222222';
const GARAGE = [
  { name: 'Olieskift', minutes: 30, bufferMinutes: 0 },
  { name: 'Bremser', minutes: 90, bufferMinutes: 15 },
  { name: 'Dækskift', minutes: 30, bufferMinutes: 0 },
];

describeEachDialect('booking services repository', (use) => {
  async function companies() {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: A, name: 'Værksted A' }));
    acceptedValue(await insertCompany(db, { cvr: B, name: 'Værksted B' }));
    return db;
  }

  it('stores the trade list once when 10 first reads race', async () => {
    const db = await companies();
    // Open the pool's connections first, so the reads below run side by side, not one by one.
    await Promise.all(Array.from({ length: 10 }, () => listBookingServices(db, B)));
    const lists = await Promise.all(
      Array.from({ length: 10 }, () => seedBookingServices(db, A, GARAGE, NOW)),
    );
    const stored = await listBookingServices(db, A);
    expect(stored.map((service) => service.name)).toEqual(['Olieskift', 'Bremser', 'Dækskift']);
    // Every reader is answered with the one stored list, not a copy of its own.
    for (const list of lists) expect(list).toEqual(stored);
    expect(await listBookingServices(db, B)).toEqual([]);
  });

  it('adds nothing to a company that already has services', async () => {
    const db = await companies();
    const own = await addBookingService(
      db,
      A,
      { name: 'Syn', minutes: 60, bufferMinutes: 0, priceOre: 50_000, fromPrice: false },
      NOW,
    );
    expect(await seedBookingServices(db, A, GARAGE, NOW)).toEqual([own]);
    expect(await deleteBookingService(db, A, own.id)).toBe(true);
  });

  it('stores nothing for a CVR without a company', async () => {
    const { db } = use();
    expect(await seedBookingServices(db, '33333333', GARAGE, NOW)).toEqual([]);
  });
});
