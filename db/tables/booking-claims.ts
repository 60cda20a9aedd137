// The booking_claims table (migration 0035, issue 52): the quarter hours each active booking holds on
// its chair, one row each, unique per (company, chair, quarter). The unique key is what refuses a
// double booking, on both dialects and however many requests race: never a check before the insert.
import { quantaOf } from '../../rules/booking-slots';
import type { Db } from '../database';

export interface BookingClaimsTable {
  companyCvr: string;
  chair: number;
  /** Epoch quarter-hour number (rules/booking-slots.ts quantaOf). */
  quantum: number;
  bookingId: string;
}

/** Claims the quarters from `start` to `heldUntil`; throws a unique violation when any is taken. */
export async function claimQuarters(
  trx: Db,
  cvr: string,
  chair: number,
  bookingId: string,
  start: Date,
  heldUntil: Date,
): Promise<void> {
  const rows = quantaOf(start, heldUntil).map((quantum) => ({ companyCvr: cvr, chair, quantum, bookingId }));
  if (rows.length > 0) await trx.insertInto('bookingClaims').values(rows).execute();
}

export async function releaseQuarters(trx: Db, bookingId: string): Promise<void> {
  await trx.deleteFrom('bookingClaims').where('bookingId', '=', bookingId).execute();
}
