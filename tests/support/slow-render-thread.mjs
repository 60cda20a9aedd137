// A render thread that never finishes publishing CVR 66666666 (as a page that renders for ever
// would), and renders every other request as the real one does: for the render pool's time budget.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

parentPort?.on('message', (request) => {
  if (request?.op === 'publish' && request.cvr === '66666666') for (;;);
});
register();
await import('../../generator/render-thread.ts');
