// The bookings repository (migration 0035, issue 52) on SQLite and PostgreSQL: 20 bookings racing for
// one time give exactly one, a partly overlapping time is refused, a second chair takes a second
// booking, cancelling frees the time, moving is atomic, and a deleted company takes its bookings along.
import { expect, it } from 'vitest';
import { heldMinutes } from '../../rules/booking-slots';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import {
  cancelBooking,
  getBooking,
  insertBooking,
  listActiveBookings,
  moveBooking,
  type NewBooking,
} from './bookings';
import { deleteCompany, insertCompany } from './companies';

const NOW = new Date('2027-03-01T08:00:00.000Z');
const A = '11111111';
const B = '22222222';

function time(iso: string, minutes: number, buffer = 0) {
  const start = new Date(iso);
  return {
    start,
    end: new Date(start.getTime() + minutes * 60_000),
    heldUntil: new Date(start.getTime() + heldMinutes(minutes, buffer) * 60_000),
  };
}

function booking(iso: string, minutes = 30, buffer = 0, name = 'Kunde'): NewBooking {
  return {
    serviceId: null,
    serviceName: 'Herreklip',
    ...time(iso, minutes, buffer),
    customerName: name,
    customerPhone: '12345678',
    customerEmail: '',
    customerNote: '',
    registrationNumber: '',
    source: 'site',
  };
}

describeEachDialect('bookings repository', (use) => {
  async function companies() {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: A, name: 'Salon A' }));
    acceptedValue(await insertCompany(db, { cvr: B, name: 'Salon B' }));
    return db;
  }

  it('stores exactly one of 20 bookings sent at once for one time', async () => {
    const db = await companies();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        insertBooking(db, A, [0], booking('2027-03-02T09:00:00Z', 30, 0, `Kunde ${i}`), NOW),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === 'taken')).toHaveLength(19);
    const stored = await listActiveBookings(
      db,
      A,
      new Date('2027-03-02T00:00:00Z'),
      new Date('2027-03-03T00:00:00Z'),
    );
    expect(stored).toHaveLength(1);
  });

  it('with two chairs stores two of 20 racing bookings, one on each chair', async () => {
    const db = await companies();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => insertBooking(db, A, [0, 1], booking('2027-03-02T09:00:00Z'), NOW)),
    );
    const won = results.flatMap((result) => (result.ok ? [result.booking.chair] : []));
    expect(won.sort()).toEqual([0, 1]);
  });

  it('refuses a partly overlapping time, buffer included, and takes the next free quarter', async () => {
    const db = await companies();
    // Dameklip 45 min + 15 min buffer at 09:00 holds the chair to 10:00.
    expect((await insertBooking(db, A, [0], booking('2027-03-02T09:00:00Z', 45, 15), NOW)).ok).toBe(true);
    expect(await insertBooking(db, A, [0], booking('2027-03-02T08:45:00Z', 30), NOW)).toEqual({
      ok: false,
      reason: 'taken',
    });
    expect(await insertBooking(db, A, [0], booking('2027-03-02T09:45:00Z', 30), NOW)).toEqual({
      ok: false,
      reason: 'taken',
    });
    expect((await insertBooking(db, A, [0], booking('2027-03-02T10:00:00Z', 30), NOW)).ok).toBe(true);
    // Another company's chair 0 is its own.
    expect((await insertBooking(db, B, [0], booking('2027-03-02T09:00:00Z', 30), NOW)).ok).toBe(true);
  });

  it('frees the time on cancel, and a cancelled booking cannot be cancelled again or by another company', async () => {
    const db = await companies();
    const first = await insertBooking(db, A, [0], booking('2027-03-02T09:00:00Z'), NOW);
    if (!first.ok) throw new Error('not booked');
    expect(await cancelBooking(db, B, first.booking.id, null, NOW)).toBe(false);
    expect(await cancelBooking(db, A, first.booking.id, 'Vi er syge', NOW)).toBe(true);
    expect(await cancelBooking(db, A, first.booking.id, null, NOW)).toBe(false);
    expect((await getBooking(db, A, first.booking.id))?.cancelMessage).toBe('Vi er syge');
    expect((await insertBooking(db, A, [0], booking('2027-03-02T09:00:00Z'), NOW)).ok).toBe(true);
  });

  it('moves atomically: the old time is freed, and a refused move keeps the old booking', async () => {
    const db = await companies();
    const first = await insertBooking(db, A, [0], booking('2027-03-02T09:00:00Z'), NOW);
    const other = await insertBooking(db, A, [0], booking('2027-03-02T11:00:00Z'), NOW);
    if (!first.ok || !other.ok) throw new Error('not booked');
    // Onto the other booking's time: refused, nothing changes.
    expect(await moveBooking(db, A, first.booking.id, [0], time('2027-03-02T11:15:00Z', 30), NOW)).toEqual({
      ok: false,
      reason: 'taken',
    });
    expect((await getBooking(db, A, first.booking.id))?.state).toBe('confirmed');
    expect((await insertBooking(db, A, [0], booking('2027-03-02T09:00:00Z'), NOW)).ok).toBe(false);
    // Half an hour later, overlapping its own old time: allowed, and the old time's quarter is free.
    const moved = await moveBooking(db, A, first.booking.id, [0], time('2027-03-02T09:15:00Z', 30), NOW);
    expect(moved.ok).toBe(true);
    expect((await getBooking(db, A, first.booking.id))?.state).toBe('moved');
    // 08:45-09:30 runs into the moved time; 08:30-09:15 only into the freed quarter at 09:00.
    expect((await insertBooking(db, A, [0], booking('2027-03-02T08:45:00Z', 45), NOW)).ok).toBe(false);
    expect((await insertBooking(db, A, [0], booking('2027-03-02T08:30:00Z', 45), NOW)).ok).toBe(true);
    const day = await listActiveBookings(
      db,
      A,
      new Date('2027-03-02T00:00:00Z'),
      new Date('2027-03-03T00:00:00Z'),
    );
    expect(day.map((b) => b.startsAt)).toEqual([
      '2027-03-02T08:30:00.000Z',
      '2027-03-02T09:15:00.000Z',
      '2027-03-02T11:00:00.000Z',
    ]);
  });

  it("deletes a company's bookings with the company", async () => {
    const db = await companies();
    const first = await insertBooking(db, A, [0], booking('2027-03-02T09:00:00Z'), NOW);
    if (!first.ok) throw new Error('not booked');
    await deleteCompany(db, A);
    expect(await getBooking(db, A, first.booking.id)).toBeNull();
    const claims = await db.selectFrom('bookingClaims').selectAll().execute();
    expect(claims).toEqual([]);
  });
});
