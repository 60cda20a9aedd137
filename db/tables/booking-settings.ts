// The booking_settings table (migration 0035, issue 52): one row per company. A company without a row
// has the defaults of its trade (rules/trades/bookable.ts), passed in by the caller.
import { randomBytes } from 'node:crypto';
import {
  type ClosedRange,
  type DailyBreak,
  DEFAULT_CHAIRS,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_NOTICE_MINUTES,
} from '../../rules/booking-slots';
import type { Db } from '../database';
import { parseJson } from './json';

export interface BookingSettingsTable {
  companyCvr: string;
  enabled: number;
  horizonDays: number;
  noticeMinutes: number;
  chairs: number;
  /** JSON ClosedRange[]. */
  closed: string;
  /** JSON DailyBreak[]. */
  breaks: string;
  notifyOwner: number;
  /**
   * The private calendar feed's secret, kept as it is (not hashed) so the owner can copy the link
   * again: whoever reads this table reads the bookings it would show anyway. Null: no feed yet.
   */
  feedToken: string | null;
  updatedAt: string;
}

export interface BookingSettings {
  enabled: boolean;
  horizonDays: number;
  noticeMinutes: number;
  chairs: number;
  closed: ClosedRange[];
  breaks: DailyBreak[];
  notifyOwner: boolean;
}

export function defaultBookingSettings(enabled: boolean): BookingSettings {
  return {
    enabled,
    horizonDays: DEFAULT_HORIZON_DAYS,
    noticeMinutes: DEFAULT_NOTICE_MINUTES,
    chairs: DEFAULT_CHAIRS,
    closed: [],
    breaks: [],
    notifyOwner: true,
  };
}

/** The company's settings, or null when it never saved any (the caller applies the trade's defaults). */
export async function getBookingSettings(db: Db, cvr: string): Promise<BookingSettings | null> {
  const row = await db
    .selectFrom('bookingSettings')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  if (!row) return null;
  return {
    enabled: row.enabled === 1,
    horizonDays: row.horizonDays,
    noticeMinutes: row.noticeMinutes,
    chairs: row.chairs,
    closed: parseJson<ClosedRange[]>(row.closed, []),
    breaks: parseJson<DailyBreak[]>(row.breaks, []),
    notifyOwner: row.notifyOwner === 1,
  };
}

export async function saveBookingSettings(
  db: Db,
  cvr: string,
  settings: BookingSettings,
  now: Date,
): Promise<void> {
  const values = {
    enabled: settings.enabled ? 1 : 0,
    horizonDays: settings.horizonDays,
    noticeMinutes: settings.noticeMinutes,
    chairs: settings.chairs,
    closed: JSON.stringify(settings.closed),
    breaks: JSON.stringify(settings.breaks),
    notifyOwner: settings.notifyOwner ? 1 : 0,
    updatedAt: now.toISOString(),
  };
  await db
    .insertInto('bookingSettings')
    .values({ companyCvr: cvr, feedToken: null, ...values })
    .onConflict((conflict) => conflict.column('companyCvr').doUpdateSet(values))
    .execute();
}

/** The feed's secret, made on first ask (the settings row with it, defaults if there was none). */
export async function ensureFeedToken(
  db: Db,
  cvr: string,
  defaults: BookingSettings,
  now: Date,
): Promise<string> {
  const row = await db
    .selectFrom('bookingSettings')
    .select('feedToken')
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  if (row?.feedToken) return row.feedToken;
  return resetFeedToken(db, cvr, defaults, now);
}

/** A new secret for the feed: the old link stops working at once. */
export async function resetFeedToken(
  db: Db,
  cvr: string,
  defaults: BookingSettings,
  now: Date,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const existing = await getBookingSettings(db, cvr);
  if (!existing) await saveBookingSettings(db, cvr, defaults, now);
  await db.updateTable('bookingSettings').set({ feedToken: token }).where('companyCvr', '=', cvr).execute();
  return token;
}

/** The company whose feed the secret opens, or null. */
export async function companyOfFeedToken(db: Db, token: string): Promise<string | null> {
  if (token.length < 20) return null;
  const row = await db
    .selectFrom('bookingSettings')
    .select('companyCvr')
    .where('feedToken', '=', token)
    .executeTakeFirst();
  return row?.companyCvr ?? null;
}
