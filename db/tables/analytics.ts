// Cookieless analytics storage: one counter row per (day, type, key), raised by an upsert, and raw
// events for the kinds whose fields must be kept (cvr_lookup). Nothing here identifies a visitor.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../database';
import { parseJson } from './json';

export interface AnalyticsDailyTable {
  /** Copenhagen calendar day, YYYY-MM-DD. */
  day: string;
  type: string;
  /** What is counted within the type: a path for page views, a status for CVR look-ups. */
  key: string;
  count: number;
}

export interface AnalyticsEventsTable {
  id: string;
  type: string;
  /** The event's fields as JSON. */
  data: string;
  createdAt: string;
}

export interface AnalyticsCount {
  day: string;
  type: string;
  key: string;
  count: number;
}

export interface AnalyticsEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  data: T;
  createdAt: string;
}

/** Adds one to the day's counter for (type, key), creating it at 1. */
export async function incrementAnalyticsCount(db: Db, day: string, type: string, key: string): Promise<void> {
  await db
    .insertInto('analyticsDaily')
    .values({ day, type, key, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['day', 'type', 'key'])
        .doUpdateSet({ count: sql<number>`${sql.ref('analytics_daily.count')} + 1` }),
    )
    .execute();
}

/** Counters from `fromDay` to `toDay` (inclusive), by day, type and key; of one type when given. */
export async function listAnalyticsCounts(
  db: Db,
  fromDay: string,
  toDay: string,
  type?: string,
): Promise<AnalyticsCount[]> {
  let query = db
    .selectFrom('analyticsDaily')
    .selectAll()
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay);
  if (type !== undefined) query = query.where('type', '=', type);
  return query.orderBy('day').orderBy('type').orderBy('key').execute();
}

export async function insertAnalyticsEvent(
  db: Db,
  type: string,
  data: Record<string, unknown>,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('analyticsEvents')
    .values({ id: randomUUID(), type, data: JSON.stringify(data), createdAt: now.toISOString() })
    .execute();
}

/** Newest first. */
export async function listAnalyticsEvents(db: Db, type: string, limit = 100): Promise<AnalyticsEvent[]> {
  const rows = await db
    .selectFrom('analyticsEvents')
    .selectAll()
    .where('type', '=', type)
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, data: parseJson<Record<string, unknown>>(row.data, {}) }));
}

/** The sum of one counter (type, key) from `fromDay` to `toDay` (inclusive): a company's call taps. */
export async function sumAnalyticsCount(
  db: Db,
  type: string,
  key: string,
  fromDay: string,
  toDay: string,
): Promise<number> {
  const row = await db
    .selectFrom('analyticsDaily')
    .select((eb) => eb.fn.sum<number | string | null>('count').as('total'))
    .where('type', '=', type)
    .where('key', '=', key)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Page views of the company sites: one row per (company, Copenhagen day, page path). */
export interface SitePageViewsTable {
  companyCvr: string;
  day: string;
  /** The page's path on the site: `/` or `/<slug>`. */
  path: string;
  count: number;
}

export interface SitePageViewCount {
  companyCvr: string;
  day: string;
  path: string;
  count: number;
}

/**
 * Adds a batch of counted views in one statement: each (company, day, path) once, with how many views
 * it got since the last batch. The keys must be distinct within a batch (PostgreSQL refuses to update
 * one row twice in a statement); the front server's counter sums them before it flushes.
 */
export async function addSitePageViews(db: Db, rows: readonly SitePageViewCount[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('sitePageViews')
    .values(rows.map((row) => ({ ...row })))
    .onConflict((conflict) =>
      conflict.columns(['companyCvr', 'day', 'path']).doUpdateSet({
        count: sql<number>`${sql.ref('site_page_views.count')} + ${sql.ref('excluded.count')}`,
      }),
    )
    .execute();
}

/** One company's counts from `fromDay` to `toDay` (inclusive), read through the primary key. */
export async function listSitePageViews(
  db: Db,
  cvr: string,
  fromDay: string,
  toDay: string,
): Promise<SitePageViewCount[]> {
  return db
    .selectFrom('sitePageViews')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .orderBy('path')
    .execute();
}
