// Astro builds the templates once per deploy; per-company rendering happens in the worker, not here.
// Company pages are server routes rendered in-process through our adapter's createApp() (see
// templates/README.md); pages that never change, like the product's 404, are prerendered to files.
import react from '@astrojs/react';
import { defineConfig, passthroughImageService } from 'astro/config';
import { siteRendererAdapter } from './templates/adapter/index.mjs';
import { escapeAttributes } from './templates/build/escape-attributes.mjs';

export default defineConfig({
  srcDir: './templates',
  publicDir: './templates/public',
  outDir: './dist/site',
  output: 'server',
  adapter: siteRendererAdapter(),
  integrations: [react()],
  build: { inlineStylesheets: 'always' },
  // Owners' images are served as uploaded; nothing is resized at build or render time.
  image: { service: passthroughImageService() },
  vite: {
    // Stricter attribute escaping than Astro 5.18 ships: see the file for why.
    plugins: [escapeAttributes()],
    // The server bundle carries its packages (astro's runtime, react-dom/server, zod, marked) instead
    // of importing them from node_modules file by file: every render thread loads it as it starts
    // (each server start, each rebuild thread). Loading entry.mjs and createApp(): 210-250 → 104-111
    // ms, 274-330 → 106-114 ms of CPU; the build takes some 5.5 s more CPU (13.7 → 19.4 s).
    ssr: { noExternal: true },
  },
});
