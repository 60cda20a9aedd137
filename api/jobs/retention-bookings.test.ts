// The retention job deletes a booking BOOKING_KEEP_MONTHS after its time (issue 52: the site's privacy
// page says so), with its claims, and keeps a younger one, on SQLite and PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { getBooking, insertBooking, insertCompany, type NewBooking } from '../../db';
import { acceptedValue } from '../../db/outcome';
import { describeEachDialect } from '../../tests/support/databases';
import { deleteExpired } from './retention';

const NOW = new Date('2027-06-15T10:00:00.000Z');
const CVR = '11111111';

function booking(iso: string): NewBooking {
  const start = new Date(iso);
  const end = new Date(start.getTime() + 30 * 60_000);
  return {
    serviceId: null,
    serviceName: 'Herreklip',
    start,
    end,
    heldUntil: end,
    customerName: 'Kunde',
    customerPhone: '12345678',
    customerEmail: '',
    customerNote: '',
    registrationNumber: '',
    source: 'site',
  };
}

describeEachDialect('booking retention', (use) => {
  it('deletes a booking twelve months after its time and keeps a younger one', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: CVR, name: 'Salon A' }));
    const old = await insertBooking(
      db,
      CVR,
      [0],
      booking('2026-06-01T09:00:00Z'),
      new Date('2026-05-01T08:00:00Z'),
    );
    const young = await insertBooking(
      db,
      CVR,
      [0],
      booking('2026-07-01T09:00:00Z'),
      new Date('2026-05-01T08:00:00Z'),
    );
    if (!old.ok || !young.ok) throw new Error('not booked');
    const storage = await mkdtemp(path.join(tmpdir(), 'retention-'));
    try {
      await deleteExpired(db, storage, NOW);
      await deleteExpired(db, storage, NOW);
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
    expect(await getBooking(db, CVR, old.booking.id)).toBeNull();
    expect((await getBooking(db, CVR, young.booking.id))?.startsAt).toBe('2026-07-01T09:00:00.000Z');
    // Its claims went with it: the old time can be booked again.
    expect((await insertBooking(db, CVR, [0], booking('2026-06-01T09:00:00Z'), NOW)).ok).toBe(true);
  });
});
