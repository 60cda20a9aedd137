// Astro builds the templates once per deploy; per-company rendering happens in the worker, not here.
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  srcDir: './templates',
  publicDir: './templates/public',
  outDir: './dist/site',
  integrations: [react()],
  build: { inlineStylesheets: 'always' },
});
