import { describe, expect, it } from 'vitest';
import { isSnoozed, SNOOZE_MS, type SnoozeStore, snooze } from './trial-snooze';

function memoryStore(): SnoozeStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('trial banner snooze', () => {
  it('hides the banner for three days after "remind me later", then shows it again', () => {
    const store = memoryStore();
    const now = Date.UTC(2026, 10, 1);
    expect(isSnoozed(store, '12345678', now)).toBe(false);
    snooze(store, '12345678', now);
    expect(isSnoozed(store, '12345678', now + SNOOZE_MS - 1)).toBe(true);
    expect(isSnoozed(store, '12345678', now + SNOOZE_MS)).toBe(false);
  });

  it('remembers the dismissal per company', () => {
    const store = memoryStore();
    snooze(store, '12345678', 0);
    expect(isSnoozed(store, '87654321', 1)).toBe(false);
  });

  it('shows the banner when storage is missing, broken or holds rubbish', () => {
    expect(isSnoozed(null, '12345678', 0)).toBe(false);
    const broken: SnoozeStore = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => snooze(broken, '12345678', 0)).not.toThrow();
    expect(isSnoozed(broken, '12345678', 0)).toBe(false);
    const rubbish = memoryStore();
    rubbish.data.set('mesterside:trial-banner-snoozed:12345678', 'not a number');
    expect(isSnoozed(rubbish, '12345678', 0)).toBe(false);
  });
});
