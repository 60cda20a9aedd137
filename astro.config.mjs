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
  // Stricter attribute escaping than Astro 5.18 ships: see the file for why.
  vite: { plugins: [escapeAttributes()] },
});
