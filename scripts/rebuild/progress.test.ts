import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, formatDuration, progressLine } from './progress';

function sink(isTTY: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY });
  return { stream, text: () => text };
}

describe('rebuild progress', () => {
  it('says done/total, rate and time left', () => {
    expect(progressLine(250, 1000, 10)).toBe('250/1000 (25%) · 25.0/s · ETA 0:30');
    expect(progressLine(1000, 1000, 40)).toBe('1000/1000 (100%) · 25.0/s · 0:40 in all');
    expect(progressLine(0, 100_000, 1)).toBe('0/100000 (0%) · 0.0/s · ETA ?');
    expect(formatDuration(3 * 3600 + 65)).toBe('3:01:05');
  });

  it('writes a line per tenth when not on a terminal', () => {
    let now = 0;
    const out = sink(false);
    const progress = createProgress(20, out.stream, () => now);
    for (let done = 1; done <= 20; done++) {
      now += 1000;
      progress.set(done);
    }
    progress.finish();
    const lines = out.text().trim().split('\n');
    // The first company, then each tenth.
    expect(lines).toHaveLength(11);
    expect(lines.at(-1)).toBe('20/20 (100%) · 1.0/s · 0:20 in all');
  });

  it('redraws one line on a terminal and ends it', () => {
    let now = 0;
    const out = sink(true);
    const progress = createProgress(3, out.stream, () => now);
    for (let done = 1; done <= 3; done++) {
      now += 500;
      progress.set(done);
    }
    progress.finish();
    expect(out.text().split('\r').filter(Boolean)).toHaveLength(3);
    expect(out.text().endsWith('\n')).toBe(true);
    expect(out.text()).not.toMatch(/\n./);
  });
});
