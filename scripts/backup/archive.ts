// What a backup archive holds, shared by `npm run backup` and `npm run restore`:
//
//   manifest.json           format, when, which database kind, how many upload files
//   database/app.db         SQLite: an online backup (better-sqlite3's backup(): a consistent copy
//                           while the product keeps writing)
//   database/postgres.dump  PostgreSQL: pg_dump --format=custom (one snapshot of the whole database)
//   uploads/images/…        STORAGE_DIR/images and STORAGE_DIR/logos as they are served
//   uploads/logos/…
//
// Rendered sites are not kept: they are rendered again from the database after a restore.
import type { DatabaseTarget } from '../../lib/config';

type Dialect = DatabaseTarget['dialect'];

export const MANIFEST = 'manifest.json';
export const FORMAT = 1;
export const SQLITE_FILE = 'database/app.db';
export const POSTGRES_FILE = 'database/postgres.dump';
/** The STORAGE_DIR folders of uploaded files (api/images/media-files.ts). */
export const UPLOAD_FOLDERS = ['images', 'logos'] as const;
export const UPLOADS = 'uploads';

export interface Manifest {
  format: number;
  product: 'mesterside';
  createdAt: string;
  dialect: Dialect;
  uploadFiles: number;
}

/** `mesterside-2026-11-23T201530Z.tar.gz`: sorts by time, no characters a file system dislikes. */
export function archiveName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  // 20261123T201530Z → 2026-11-23T201530Z
  return `mesterside-${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}${stamp.slice(8)}.tar.gz`;
}

export function parseManifest(text: string): Manifest {
  const value = JSON.parse(text) as Partial<Manifest>;
  if (value.product !== 'mesterside' || typeof value.format !== 'number') {
    throw new Error('not a Mesterside backup (its manifest.json is not ours)');
  }
  if (value.format > FORMAT) {
    throw new Error(`the backup's format ${value.format} is newer than this version reads (${FORMAT})`);
  }
  if (value.dialect !== 'sqlite' && value.dialect !== 'postgres') {
    throw new Error('the backup names no database kind');
  }
  return value as Manifest;
}
