// The dashboard's visitor figures (issue 14 item 1) from the per-day, per-page counters: the last 30
// days with the empty days filled in, the last 7 days against the 7 before, and the most visited pages.
// Pure, so the API and its tests agree on what "this week" means.

export const STATS_DAYS = 30;
const WEEK_DAYS = 7;
const TOP_PAGES = 5;

export interface DayCount {
  day: string;
  path: string;
  count: number;
}

export interface VisitorStats {
  /** Oldest first, exactly STATS_DAYS entries ending with `today`. */
  days: { day: string; views: number }[];
  total: number;
  /** The last 7 days, today included. */
  thisWeek: number;
  /** The 7 days before those. */
  lastWeek: number;
  topPages: { path: string; views: number }[];
}

/** `YYYY-MM-DD` shifted by whole calendar days (computed at noon UTC, so no DST edge moves it). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function visitorStats(rows: readonly DayCount[], today: string): VisitorStats {
  const first = shiftDay(today, -(STATS_DAYS - 1));
  const byDay = new Map<string, number>();
  const byPath = new Map<string, number>();
  for (const row of rows) {
    if (row.day < first || row.day > today) continue;
    byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.count);
    byPath.set(row.path, (byPath.get(row.path) ?? 0) + row.count);
  }
  const days = Array.from({ length: STATS_DAYS }, (_, index) => {
    const day = shiftDay(first, index);
    return { day, views: byDay.get(day) ?? 0 };
  });
  const sum = (list: { views: number }[]) => list.reduce((total, entry) => total + entry.views, 0);
  return {
    days,
    total: sum(days),
    thisWeek: sum(days.slice(-WEEK_DAYS)),
    lastWeek: sum(days.slice(-2 * WEEK_DAYS, -WEEK_DAYS)),
    topPages: [...byPath]
      .map(([path, views]) => ({ path, views }))
      .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path))
      .slice(0, TOP_PAGES),
  };
}

/** The dashboard's one-line comparison of the last 7 days with the 7 before, in Danish. */
export function weekChangeText(thisWeek: number, lastWeek: number): string {
  if (lastWeek === 0) return thisWeek === 0 ? 'Ingen visninger endnu' : 'Ingen visninger ugen før';
  const change = Math.round(((thisWeek - lastWeek) / lastWeek) * 100);
  if (change === 0) return 'Som ugen før';
  return change > 0 ? `${change} % flere end ugen før` : `${-change} % færre end ugen før`;
}
