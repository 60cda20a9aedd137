// `npm run rebuild`: bundles the rebuild command and its worker thread with esbuild (about 0.2 s)
// and runs the bundle on plain Node. Loading the TypeScript sources through tsx instead cost the
// process and every worker thread about 1.3 s each, a tenth of a 1,000-company rebuild.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BUNDLE_DIR = path.join(ROOT, 'dist', 'rebuild');

const { outputFiles } = await build({
  absWorkingDir: ROOT,
  entryPoints: {
    rebuild: 'scripts/rebuild.ts',
    'rebuild-writer': 'scripts/rebuild/rebuild-writer.ts',
  },
  outdir: BUNDLE_DIR,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages load from node_modules as usual (native better-sqlite3, pg, pino's transports).
  packages: 'external',
  logLevel: 'warning',
  write: false,
});
// Written beside and renamed over, so a rebuild starting at the same moment never imports half a file.
mkdirSync(BUNDLE_DIR, { recursive: true });
for (const file of outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
await import(pathToFileURL(path.join(BUNDLE_DIR, 'rebuild.mjs')).href);
