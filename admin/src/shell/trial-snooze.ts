// "Remind me later" on the trial banner (the spec's States): the owner's dismissal is remembered in this
// browser per company for three days, so the banner comes back while the trial runs out.

export const SNOOZE_MS = 3 * 86_400_000;

/** The browser storage the snooze lives in; tests pass their own. */
export type SnoozeStore = Pick<Storage, 'getItem' | 'setItem'>;

function key(cvr: string): string {
  return `mesterside:trial-banner-snoozed:${cvr}`;
}

export function isSnoozed(store: SnoozeStore | null, cvr: string, now: number): boolean {
  const value = Number(safeGet(store, key(cvr)));
  return Number.isFinite(value) && value > now;
}

export function snooze(store: SnoozeStore | null, cvr: string, now: number): void {
  try {
    store?.setItem(key(cvr), String(now + SNOOZE_MS));
  } catch {
    // Storage full or blocked (private mode): the banner is hidden for this visit only.
  }
}

function safeGet(store: SnoozeStore | null, name: string): string | null {
  try {
    return store?.getItem(name) ?? null;
  } catch {
    return null;
  }
}

export function browserStore(): SnoozeStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
