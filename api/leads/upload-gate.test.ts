import { describe, expect, it } from 'vitest';
import { UploadGate } from './upload-gate';

const MB = 1024 * 1024;

describe('UploadGate', () => {
  it('lets small bodies pass uncounted, and one client hold at most its share of large ones', () => {
    const gate = new UploadGate({ largeBytes: MB, perClient: 2, atOnce: 4 });
    expect(gate.isLarge(MB)).toBe(false);
    expect(gate.isLarge(MB + 1)).toBe(true);
    expect(gate.isLarge(null)).toBe(true);
    const small = Array.from({ length: 10 }, () => gate.admitClient('198.51.100.1', 1000));
    expect(small.every((release) => release !== null)).toBe(true);

    const first = gate.admitClient('198.51.100.1', 31 * MB);
    const second = gate.admitClient('198.51.100.1', null);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(gate.admitClient('198.51.100.1', 31 * MB)).toBeNull();
    // Another client is not affected, and a released slot is the client's again (once).
    expect(gate.admitClient('198.51.100.2', 31 * MB)).not.toBeNull();
    first?.();
    first?.();
    expect(gate.admitClient('198.51.100.1', 31 * MB)).not.toBeNull();
    expect(gate.admitClient('198.51.100.1', 31 * MB)).toBeNull();
  });

  it('reads at most `atOnce` large bodies; the next waits, first come first served, and may give up', async () => {
    const gate = new UploadGate({ largeBytes: MB, perClient: 2, atOnce: 2 });
    const a = await gate.read(31 * MB);
    const b = await gate.read(31 * MB);
    expect(gate.reading).toBe(2);
    const order: string[] = [];
    const noted = (name: string) => (release: () => void) => {
      order.push(name);
      return release;
    };
    const gone = new AbortController();
    const c = gate.read(31 * MB).then(noted('c'));
    const d = gate.read(31 * MB, gone.signal).then(noted('d'), () => {
      order.push('d gave up');
      return null;
    });
    const e = gate.read(31 * MB).then(noted('e'));
    // A small body never waits.
    (await gate.read(1000))();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);

    gone.abort();
    await d;
    a();
    a();
    await c;
    expect(order).toEqual(['d gave up', 'c']);
    expect(gate.reading).toBe(2);
    // A newcomer does not take the slot a release hands to the next in line.
    b();
    const f = gate.read(31 * MB).then(noted('f'));
    await e;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['d gave up', 'c', 'e']);
    expect(gate.reading).toBe(2);
    (await c)();
    (await f)();
    (await e)();
    expect(gate.reading).toBe(0);
  });
});
