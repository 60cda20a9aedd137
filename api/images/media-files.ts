// Where uploaded files live and how they get there. Under STORAGE_DIR, one folder per company and
// kind: `images/<cvr>/<timestamp>-<safe-name><suffix>` and `logos/<cvr>/…`, served by the front
// server at `/media/<same path>` (rules/request-target.ts, server/media.ts). A name is never reused,
// so a URL always means the same bytes and is cached as immutable.
import { randomUUID } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_PATH } from '../../rules/request-target';
import { slugify } from '../../rules/slug';
import type { RenderedFile } from './process-upload';
import { UPLOAD_TEMP_PREFIX } from './upload-sweep';

export type MediaKind = 'images' | 'logos';

interface StoredFile extends Omit<RenderedFile, 'data'> {
  bytes: number;
  /** `/media/images/<cvr>/<file>`. */
  url: string;
  /** Where it is on disk. */
  file: string;
}

export interface StoredUpload {
  /** Storage-relative path shared by the files, without suffix: `images/<cvr>/<timestamp>-<name>`. */
  base: string;
  files: StoredFile[];
}

const MAX_SAFE_NAME = 60;
// A timestamp already taken by a file of the same name (same millisecond) moves on by one.
const MAX_NAME_ATTEMPTS = 20;

/** The original file's base name as a slug of at most 60 characters: `Tag i Roskilde.JPG` → `tag-i-roskilde`. */
export function safeName(fileName: string, fallback: string): string {
  const base = fileName.replace(/\.[^.]*$/, '');
  const slug = slugify(base).slice(0, MAX_SAFE_NAME).replace(/-+$/, '');
  return slug || fallback;
}

function mediaUrl(relative: string): string {
  return `/media/${relative}`;
}

/**
 * The file under `storageDir` that `url` serves, if it is one of `kind`/`cvr`'s media URLs; null for
 * anything else (another company's file, an external logo URL, a path that is not ours).
 */
export function mediaFileOfUrl(storageDir: string, url: string, kind: MediaKind, cvr: string): string | null {
  const relative = MEDIA_PATH.exec(url)?.[1];
  if (relative === undefined || !relative.startsWith(`${kind}/${cvr}/`)) return null;
  return path.join(storageDir, relative);
}

/**
 * Writes the files of one upload as `<kind>/<cvr>/<timestamp>-<name><suffix>`. Each file is written
 * under a temporary name (a dot name, which no URL can reach) and then linked to its final name:
 * link(2), unlike rename(2), refuses to replace an existing file, so two uploads of the same name in
 * the same millisecond cannot overwrite each other. Either every file is in place or none is.
 */
export async function writeMediaFiles(
  storageDir: string,
  kind: MediaKind,
  cvr: string,
  stem: { timestamp: number; name: string },
  rendered: readonly RenderedFile[],
): Promise<StoredUpload> {
  const dir = path.join(storageDir, kind, cvr);
  await mkdir(dir, { recursive: true });
  const token = randomUUID();
  const temporary = rendered.map((file) => path.join(dir, `${UPLOAD_TEMP_PREFIX}${token}${file.suffix}`));
  try {
    await Promise.all(rendered.map((file, index) => writeFile(temporary[index] as string, file.data)));
    for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
      const name = `${stem.timestamp + attempt}-${stem.name}`;
      if (
        await linkAll(
          temporary,
          rendered.map((file) => path.join(dir, `${name}${file.suffix}`)),
        )
      ) {
        const base = `${kind}/${cvr}/${name}`;
        return {
          base,
          files: rendered.map(({ data, ...file }) => ({
            ...file,
            bytes: data.length,
            url: mediaUrl(`${base}${file.suffix}`),
            file: path.join(dir, `${name}${file.suffix}`),
          })),
        };
      }
    }
    throw new Error(`no free file name for ${stem.name} after ${MAX_NAME_ATTEMPTS} attempts`);
  } finally {
    await removeFiles(temporary);
  }
}

/** Removes files, ignoring ones already gone; returns the failures, for the caller to log. */
export async function removeFiles(files: readonly string[]): Promise<unknown[]> {
  const results = await Promise.allSettled(files.map((file) => rm(file, { force: true })));
  return results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
}

/** Links every `from` to its `to`; false (and nothing left linked) when a `to` already exists. */
async function linkAll(from: readonly string[], to: readonly string[]): Promise<boolean> {
  const done: string[] = [];
  try {
    for (const [index, target] of to.entries()) {
      await link(from[index] as string, target);
      done.push(target);
    }
    return true;
  } catch (error) {
    await removeFiles(done);
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
