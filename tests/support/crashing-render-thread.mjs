// A render thread that dies (as on out-of-memory) when asked to publish CVR 66666666, and renders
// every other request as the real one does: for the render pool's crash test.
import { parentPort } from 'node:worker_threads';
import { startRealRenderThread } from './real-render-thread.mjs';

parentPort?.on('message', (request) => {
  if (request?.op === 'publish' && request.cvr === '66666666') process.exit(1);
});
await startRealRenderThread();
