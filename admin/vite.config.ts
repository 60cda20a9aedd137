// Builds the admin SPA into dist/admin, served by the front server at /admin on every host
// (server/front-handler.ts): index.html for every /admin path, hashed files under /admin/assets/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/** Where the build lists every module of every chunk (never served, like the manifest beside it). */
export const MODULE_LIST = path.join('.vite', 'modules.json');

/** Every module of every chunk among a build's outputs, sorted. */
export function chunkModules(outputs: Iterable<Rollup.OutputChunk | Rollup.OutputAsset>): string[] {
  const ids = new Set<string>();
  for (const output of outputs) {
    if (output.type === 'chunk') for (const id of Object.keys(output.modules)) ids.add(id);
  }
  return [...ids].sort();
}

/**
 * Writes MODULE_LIST once the bundle is on disk: tests/admin-bundle.test.ts checks the real
 * build's modules against what may reach an owner's browser, without building the admin a second time.
 */
const listModules: Plugin = {
  name: 'list-modules',
  writeBundle(options, bundle) {
    const file = path.join(options.dir ?? '', MODULE_LIST);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(chunkModules(Object.values(bundle)), null, 1)}\n`);
  },
};

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react(), listModules],
  // prosemirror-markdown's parser half, unused (the editor reads with marked): see no-markdown-it.ts.
  resolve: {
    alias: {
      'markdown-it': path.resolve(import.meta.dirname, 'src/screens/pages/rich-text/no-markdown-it.ts'),
    },
  },
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
