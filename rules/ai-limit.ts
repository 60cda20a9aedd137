// The AI text generation allowance (the spec's Limits): 5 per company per day, resetting at midnight in
// Denmark whatever time zone the server or browser runs in.

export const AI_DAILY_LIMIT = 5;

export interface AiUsage {
  date: string;
  count: number;
}

let copenhagenFormat: Intl.DateTimeFormat | undefined;

// Built once on first use: constructing a DateTimeFormat is far slower than formatting with one.
function formatter(): Intl.DateTimeFormat {
  copenhagenFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Copenhagen',
    calendar: 'gregory',
    numberingSystem: 'latn',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return copenhagenFormat;
}

export function copenhagenDay(now: Date): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('copenhagenDay needs a valid date');
  const parts = formatter().formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

// A count stored on an earlier day no longer counts: that is the midnight reset.
export function aiUsageToday(usage: AiUsage | null, now: Date): number {
  if (usage === null || usage.date !== copenhagenDay(now)) return 0;
  return Number.isFinite(usage.count) ? Math.max(0, Math.floor(usage.count)) : 0;
}

export function aiRemaining(usage: AiUsage | null, now: Date): number {
  return Math.max(0, AI_DAILY_LIMIT - aiUsageToday(usage, now));
}

// The usage to store after one more generation; callers check aiRemaining first.
export function nextAiUsage(usage: AiUsage | null, now: Date): AiUsage {
  return { date: copenhagenDay(now), count: aiUsageToday(usage, now) + 1 };
}

export function formatAiCounter(count: number): string {
  return `${count}/${AI_DAILY_LIMIT} i dag`;
}
