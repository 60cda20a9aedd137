// The booking_services table (migration 0035, issue 52): what a customer can book at a company. The
// first read of a company with none stores its trade's list (seedBookingServices), so the owner edits
// rows, not defaults.
import { randomUUID } from 'node:crypto';
import type { Db } from '../database';
import { inTransaction } from '../database';
import { lockCompany } from './locks';

export interface BookingServicesTable {
  id: string;
  companyCvr: string;
  name: string;
  minutes: number;
  bufferMinutes: number;
  /** Price incl. moms in øre; null: the owner gave none. */
  priceOre: number | null;
  /** 1: the price is a "fra"-price. */
  fromPrice: number;
  sortOrder: number;
  createdAt: string;
}

export interface BookingService {
  id: string;
  name: string;
  minutes: number;
  bufferMinutes: number;
  priceOre: number | null;
  fromPrice: boolean;
}

export type BookingServiceInput = Omit<BookingService, 'id'>;

function toService(row: BookingServicesTable): BookingService {
  return {
    id: row.id,
    name: row.name,
    minutes: row.minutes,
    bufferMinutes: row.bufferMinutes,
    priceOre: row.priceOre,
    fromPrice: row.fromPrice === 1,
  };
}

export async function listBookingServices(db: Db, cvr: string): Promise<BookingService[]> {
  const rows = await db
    .selectFrom('bookingServices')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toService);
}

export async function getBookingService(db: Db, cvr: string, id: string): Promise<BookingService | null> {
  const row = await db
    .selectFrom('bookingServices')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toService(row) : null;
}

export async function countBookingServices(db: Db, cvr: string): Promise<number> {
  const row = await db
    .selectFrom('bookingServices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyCvr', '=', cvr)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addBookingService(
  db: Db,
  cvr: string,
  input: BookingServiceInput,
  now: Date,
): Promise<BookingService> {
  const last = await db
    .selectFrom('bookingServices')
    .select((eb) => eb.fn.max('sortOrder').as('top'))
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  const id = randomUUID();
  await db
    .insertInto('bookingServices')
    .values({
      id,
      companyCvr: cvr,
      name: input.name,
      minutes: input.minutes,
      bufferMinutes: input.bufferMinutes,
      priceOre: input.priceOre,
      fromPrice: input.fromPrice ? 1 : 0,
      sortOrder: last?.top === null || last?.top === undefined ? 0 : Number(last.top) + 1,
      createdAt: now.toISOString(),
    })
    .execute();
  return { id, ...input };
}

/** False when the company has no such service. */
export async function updateBookingService(
  db: Db,
  cvr: string,
  id: string,
  input: BookingServiceInput,
): Promise<boolean> {
  const result = await db
    .updateTable('bookingServices')
    .set({
      name: input.name,
      minutes: input.minutes,
      bufferMinutes: input.bufferMinutes,
      priceOre: input.priceOre,
      fromPrice: input.fromPrice ? 1 : 0,
    })
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteBookingService(db: Db, cvr: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('bookingServices')
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Stores the trade's list for a company that has no services yet; returns the company's list. The
 * count and the insert run in one transaction under the company's lock, so first reads that race
 * store the list once: the later ones wait for the lock and then find it there.
 */
export async function seedBookingServices(
  db: Db,
  cvr: string,
  defaults: readonly { name: string; minutes: number; bufferMinutes: number }[],
  now: Date,
): Promise<BookingService[]> {
  if (defaults.length === 0) return listBookingServices(db, cvr);
  return inTransaction(db, async (trx) => {
    if ((await lockCompany(trx, cvr)) && (await countBookingServices(trx, cvr)) === 0) {
      await trx
        .insertInto('bookingServices')
        .values(
          defaults.map((service, index) => ({
            id: randomUUID(),
            companyCvr: cvr,
            name: service.name,
            minutes: service.minutes,
            bufferMinutes: service.bufferMinutes,
            priceOre: null,
            fromPrice: 0,
            sortOrder: index,
            createdAt: now.toISOString(),
          })),
        )
        .execute();
    }
    return listBookingServices(trx, cvr);
  });
}
