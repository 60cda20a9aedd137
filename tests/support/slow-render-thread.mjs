// A render thread that never finishes publishing CVR 66666666 (as a page that renders for ever
// would), and renders every other request as the real one does: for the render pool's time budget.
// It blocks in Atomics.wait rather than a busy loop: to the pool it is the same stuck thread (no
// answer, and only terminate() ends it), without burning a core for the whole budget.
import { parentPort } from 'node:worker_threads';
import { startRealRenderThread } from './real-render-thread.mjs';

parentPort?.on('message', (request) => {
  if (request?.op === 'publish' && request.cvr === '66666666')
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
});
await startRealRenderThread();
