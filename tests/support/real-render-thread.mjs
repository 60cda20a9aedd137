// The real render thread, for the test threads that wrap it (crashing-render-thread.mjs,
// slow-render-thread.mjs): the run's bundled thread (MESTERSIDE_RENDER_THREAD, vitest.config.ts),
// else the source through tsx. The bundle starts on plain Node for about a third of the CPU.
import { pathToFileURL } from 'node:url';

export async function startRealRenderThread() {
  const bundled = process.env.MESTERSIDE_RENDER_THREAD;
  if (bundled) {
    await import(pathToFileURL(bundled).href);
  } else {
    (await import('tsx/esm/api')).register();
    await import('../../generator/render-thread.ts');
  }
}
