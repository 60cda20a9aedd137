// The real render thread, for the test threads that wrap it (crashing-render-thread.mjs,
// slow-render-thread.mjs): the run's server bundle (dist/server/render-thread.mjs, brought up to date
// by the system project's global setup), else the source through tsx. The bundle starts on plain Node
// for about a third of the CPU.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const BUNDLED = path.resolve(import.meta.dirname, '..', '..', 'dist', 'server', 'render-thread.mjs');

export async function startRealRenderThread() {
  if (existsSync(BUNDLED)) {
    await import(pathToFileURL(BUNDLED).href);
  } else {
    (await import('tsx/esm/api')).register();
    await import('../../generator/render-thread.ts');
  }
}
