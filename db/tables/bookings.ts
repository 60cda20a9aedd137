// The bookings table (migration 0035, issue 52): every booking of a company, active or cancelled. A
// booking is stored with its claims (booking-claims.ts) in one transaction, so it exists only if it
// won every quarter it needs; the chairs are tried in order, each in a transaction of its own (on
// PostgreSQL a refused insert ends its transaction). Moving is cancelling and booking in one
// transaction: if the new time is taken, the old one is kept.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../database';
import { isUniqueViolation } from '../database';
import { claimQuarters, releaseQuarters } from './booking-claims';

// 'held': made on the site by a client or phone past its few a day (issue 52 item 7); it holds its
// time like a confirmed one until the owner confirms ("Bekræft") or refuses it ("Afvis").
type BookingState = 'confirmed' | 'held' | 'cancelled' | 'moved';
/** The states that hold a time: what the owner sees, the customer's link can change, a cancel frees. */
const ACTIVE: readonly BookingState[] = ['confirmed', 'held'];
type BookingSource = 'site' | 'owner';

export interface BookingsTable {
  id: string;
  companyCvr: string;
  serviceId: string | null;
  serviceName: string;
  startsAt: string;
  /** Start + the service's minutes: the time the customer is told. */
  endsAt: string;
  /** Start + minutes + buffer, rounded up to the quarter: what the chair is held for. */
  heldUntil: string;
  chair: number;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  customerNote: string;
  registrationNumber: string;
  state: string;
  source: string;
  /** SHA-256 of the customer's cancel/move link's secret (phase 2 mails it); null for none. */
  cancelTokenHash: string | null;
  cancelMessage: string | null;
  /** For a moved booking: the booking that took its place. */
  movedTo: string | null;
  createdAt: string;
  cancelledAt: string | null;
}

export interface Booking {
  id: string;
  serviceId: string | null;
  serviceName: string;
  startsAt: string;
  endsAt: string;
  heldUntil: string;
  chair: number;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  customerNote: string;
  registrationNumber: string;
  state: BookingState;
  source: BookingSource;
  createdAt: string;
  cancelMessage: string | null;
}

export interface NewBooking {
  serviceId: string | null;
  serviceName: string;
  start: Date;
  end: Date;
  heldUntil: Date;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  customerNote: string;
  registrationNumber: string;
  source: BookingSource;
  /** Held for the owner to confirm (a flood's booking), not confirmed at once. */
  held?: boolean;
}

export type BookResult =
  | { ok: true; booking: Booking; cancelToken: string }
  | { ok: false; reason: 'taken' | 'not-found' };

function toBooking(row: BookingsTable): Booking {
  return {
    id: row.id,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    heldUntil: row.heldUntil,
    chair: row.chair,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerEmail: row.customerEmail,
    customerNote: row.customerNote,
    registrationNumber: row.registrationNumber,
    state: row.state as BookingState,
    source: row.source as BookingSource,
    createdAt: row.createdAt,
    cancelMessage: row.cancelMessage,
  };
}

function hashCancelToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function insertWithClaims(trx: Db, cvr: string, chair: number, input: NewBooking, now: Date) {
  const id = randomUUID();
  const cancelToken = randomBytes(24).toString('base64url');
  const row: BookingsTable = {
    id,
    companyCvr: cvr,
    serviceId: input.serviceId,
    serviceName: input.serviceName,
    startsAt: input.start.toISOString(),
    endsAt: input.end.toISOString(),
    heldUntil: input.heldUntil.toISOString(),
    chair,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail,
    customerNote: input.customerNote,
    registrationNumber: input.registrationNumber,
    state: input.held ? 'held' : 'confirmed',
    source: input.source,
    cancelTokenHash: hashCancelToken(cancelToken),
    cancelMessage: null,
    movedTo: null,
    createdAt: now.toISOString(),
    cancelledAt: null,
  };
  await trx.insertInto('bookings').values(row).execute();
  await claimQuarters(trx, cvr, chair, id, input.start, input.heldUntil);
  return { booking: toBooking(row), cancelToken };
}

/**
 * Books the first of `chairs` that is free for the whole time; 'taken' when none is. The database
 * decides (a unique claim per quarter), so of any number of racing requests for overlapping times on
 * one chair exactly one is stored.
 */
export async function insertBooking(
  db: Db,
  cvr: string,
  chairs: readonly number[],
  input: NewBooking,
  now: Date,
): Promise<BookResult> {
  for (const chair of chairs) {
    try {
      const won = await db.transaction().execute((trx) => insertWithClaims(trx, cvr, chair, input, now));
      return { ok: true, ...won };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { ok: false, reason: 'taken' };
}

/** Cancels an active booking and frees its time; false when the company has no such active booking. */
export async function cancelBooking(
  db: Db,
  cvr: string,
  id: string,
  message: string | null,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('bookings')
      .set({ state: 'cancelled', cancelMessage: message, cancelledAt: now.toISOString() })
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .where('state', 'in', ACTIVE)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await releaseQuarters(trx, id);
    return true;
  });
}

/**
 * Moves an active booking to a new time: the old one's claims freed and the new one's won in one
 * transaction per chair tried, so a refused move leaves the old booking exactly as it was. The new
 * booking keeps the customer and gets a new cancel secret.
 */
export async function moveBooking(
  db: Db,
  cvr: string,
  id: string,
  chairs: readonly number[],
  time: { start: Date; end: Date; heldUntil: Date },
  now: Date,
): Promise<BookResult> {
  const old = await getBooking(db, cvr, id);
  if (!old || !ACTIVE.includes(old.state)) return { ok: false, reason: 'not-found' };
  for (const chair of chairs) {
    try {
      const won = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('bookings')
          .set({ state: 'moved', cancelledAt: now.toISOString() })
          .where('companyCvr', '=', cvr)
          .where('id', '=', id)
          .where('state', '=', old.state)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return null;
        await releaseQuarters(trx, id);
        const moved = await insertWithClaims(
          trx,
          cvr,
          chair,
          // A held booking moved is still held: the move is no way around the owner's word.
          { ...old, ...time, serviceId: old.serviceId, held: old.state === 'held' },
          now,
        );
        await trx.updateTable('bookings').set({ movedTo: moved.booking.id }).where('id', '=', id).execute();
        return moved;
      });
      if (won === null) return { ok: false, reason: 'not-found' };
      return { ok: true, ...won };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { ok: false, reason: 'taken' };
}

/** The owner confirms a held booking ("Bekræft"); null when the company has no such held booking. */
export async function confirmHeldBooking(db: Db, cvr: string, id: string): Promise<Booking | null> {
  const result = await db
    .updateTable('bookings')
    .set({ state: 'confirmed' })
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('state', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 0 ? null : getBooking(db, cvr, id);
}

export async function getBooking(db: Db, cvr: string, id: string): Promise<Booking | null> {
  const row = await db
    .selectFrom('bookings')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toBooking(row) : null;
}

/**
 * The booking a booking was first made as (itself when never moved) and how many moves came between:
 * the customer's calendar file's UID and SEQUENCE, so a moved time replaces the old one in his
 * calendar instead of standing beside it.
 */
export async function bookingOrigin(db: Db, cvr: string, id: string): Promise<{ id: string; moves: number }> {
  let current = id;
  let moves = 0;
  // A customer moves a few times (the link's limit is 20 an hour); the cap only stops a loop.
  while (moves < 1000) {
    const from = await db
      .selectFrom('bookings')
      .select('id')
      .where('companyCvr', '=', cvr)
      .where('movedTo', '=', current)
      .executeTakeFirst();
    if (!from) break;
    current = from.id;
    moves += 1;
  }
  return { id: current, moves };
}

/** Active bookings whose time ends after `from` and starts before `to`, in time order. */
export async function listActiveBookings(db: Db, cvr: string, from: Date, to: Date): Promise<Booking[]> {
  const rows = await db
    .selectFrom('bookings')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('state', 'in', ACTIVE)
    .where('heldUntil', '>', from.toISOString())
    .where('startsAt', '<', to.toISOString())
    .orderBy('startsAt')
    .orderBy('chair')
    .execute();
  return rows.map(toBooking);
}

/**
 * Deletes (in batches of 500) the bookings whose time ended before `cutoff`, in any state, with their
 * claims: the data-retention job (api/jobs/retention.ts) keeps a booking BOOKING_KEEP_MONTHS after its
 * time. Answers how many went; 0 when none is left.
 */
export async function deleteBookingsBefore(db: Db, cutoff: Date): Promise<number> {
  const ids = (
    await db
      .selectFrom('bookings')
      .select('id')
      .where('endsAt', '<', cutoff.toISOString())
      .limit(500)
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bookingClaims').where('bookingId', 'in', ids).execute();
    await trx.deleteFrom('bookings').where('id', 'in', ids).execute();
  });
  return ids.length;
}
