// The rebuild's progress on stderr (stdout keeps the summary): done/total, rate and time left. On a
// terminal one line redrawn in place; otherwise (a log, CI) a plain line at each tenth and at the end.

export interface Progress {
  /** Sets how many are done (the queue path polls it; the local path counts up). */
  set(done: number): void;
  /** Ends the bar's line. */
  finish(): void;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The progress line's text. `elapsed` in seconds. */
export function progressLine(done: number, total: number, elapsed: number): string {
  const percent = Math.floor((done / Math.max(total, 1)) * 100);
  const rate = elapsed > 0 ? done / elapsed : 0;
  const eta = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
  return `${done}/${total} (${percent}%) · ${rate.toFixed(1)}/s · ${done === total ? `${formatDuration(elapsed)} in all` : `ETA ${formatDuration(eta)}`}`;
}

export function createProgress(
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
  now: () => number = () => performance.now(),
): Progress {
  const tty = stream.isTTY === true;
  const started = now();
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastTenth = -1;
  let shown = -1;
  const draw = (done: number) => {
    const line = progressLine(done, total, (now() - started) / 1000);
    if (tty) {
      const width = 24;
      const filled = Math.round((done / Math.max(total, 1)) * width);
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${line}\u001b[K`);
    } else {
      stream.write(`${line}\n`);
    }
  };
  return {
    set(done) {
      if (done === shown) return;
      const tenth = Math.floor((done / Math.max(total, 1)) * 10);
      if (tty) {
        // At most ten redraws a second, and always the last.
        if (done < total && now() - lastDraw < 100) return;
        lastDraw = now();
      } else {
        if (tenth === lastTenth && done < total) return;
        lastTenth = tenth;
      }
      shown = done;
      draw(done);
    },
    finish() {
      if (tty && shown >= 0) stream.write('\n');
    },
  };
}
