// A render thread that dies (as on out-of-memory) when asked to publish CVR 66666666, and renders
// every other request as the real one does: for the render pool's crash test.
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', (request) => {
  if (request?.op === 'publish' && request.cvr === '66666666') process.exit(1);
});
// The run's bundled thread (vitest.config.ts), else the source through tsx: the bundle starts on
// plain Node for about a third of the CPU.
const bundled = process.env.MESTERSIDE_RENDER_THREAD;
if (bundled) {
  await import(pathToFileURL(bundled).href);
} else {
  (await import('tsx/esm/api')).register();
  await import('../../generator/render-thread.ts');
}
