// Builds the admin SPA into dist/admin, served by the front server at /admin on every host
// (server/front-handler.ts): index.html for every /admin path, hashed files under /admin/assets/.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/admin'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Read by tests/admin-budget.test.ts to weigh what each screen loads; never served.
    manifest: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 300,
  },
  logLevel: 'warn',
});
