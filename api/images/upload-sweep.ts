// Removes upload temp files a crashed or killed request left behind. writeMediaFiles (media-files.ts)
// writes each upload under a dot name, `.upload-<uuid><suffix>`, in `images/<cvr>/` or `logos/<cvr>/`
// and links it to its final name; only a process that dies between the two leaves one. No URL can
// reach a dot name, but they cost disk: any older than an hour is removed, at start and every 10
// minutes (the web process runs the sweep: server/product-stack.ts).
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../lib/logger';
import type { MediaKind } from './media-files';

export const UPLOAD_TEMP_PREFIX = '.upload-';
const UPLOAD_TEMP_MAX_AGE_MS = 60 * 60 * 1000;
const UPLOAD_SWEEP_EVERY_MS = 10 * 60 * 1000;

const KINDS: readonly MediaKind[] = ['images', 'logos'];

/** Removes upload temp files last modified before `now - maxAgeMs`; returns the files removed. */
export async function sweepUploadTemps(
  storageDir: string,
  now = new Date(),
  maxAgeMs = UPLOAD_TEMP_MAX_AGE_MS,
): Promise<string[]> {
  const removed: string[] = [];
  for (const kind of KINDS) {
    for (const company of await entries(path.join(storageDir, kind))) {
      const dir = path.join(storageDir, kind, company);
      for (const name of await entries(dir)) {
        if (!name.startsWith(UPLOAD_TEMP_PREFIX)) continue;
        const file = path.join(dir, name);
        try {
          const info = await stat(file);
          if (!info.isFile() || now.getTime() - info.mtimeMs < maxAgeMs) continue;
          await rm(file, { force: true });
          removed.push(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
  }
  return removed;
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

export interface UploadSweep {
  /** Resolves when the sweep started with it has finished. */
  first: Promise<void>;
  stop(): void;
}

/** Sweeps now and every `everyMs`; a failed sweep is logged and tried again next time. */
export function startUploadSweep(
  storageDir: string,
  logger: Logger,
  everyMs = UPLOAD_SWEEP_EVERY_MS,
): UploadSweep {
  const run = async () => {
    try {
      const removed = await sweepUploadTemps(storageDir);
      if (removed.length > 0) logger.info({ count: removed.length }, 'removed stale upload temp files');
    } catch (error) {
      logger.warn({ err: error }, 'upload temp sweep failed');
    }
  };
  const first = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}
