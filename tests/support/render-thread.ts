// The server bundle's render thread (dist/server/render-thread.mjs), which the system project's global
// setup (bundle-entries.ts) brings up to date before any test runs. Stacks a test starts from the
// sources pass it as their render threads' entry: it starts on plain Node for about a third of the CPU
// of the tsx entry generator/render-pool.ts falls back to.
import path from 'node:path';
import { ROOT } from './processes';

export const BUNDLED_RENDER_THREAD = path.join(ROOT, 'dist', 'server', 'render-thread.mjs');
