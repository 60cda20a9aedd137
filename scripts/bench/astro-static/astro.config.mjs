// The benchmark's reference: a plain static `astro build` of the same company pages our generator
// renders, through the same SitePage component and the same build plugins. Data comes from
// .data/sites.json, which scripts/bench/rebuild.ts writes before it runs
// `astro build --root scripts/bench/astro-static` (a `root` here would be ignored).
import { defineConfig, passthroughImageService } from 'astro/config';
import { escapeAttributes } from '../../../templates/build/escape-attributes.mjs';

export default defineConfig({
  srcDir: './src',
  // scripts/bench/rebuild.ts gives each round its own output folder (deleting one between rounds
  // would slow the next round down on this machine's file system).
  outDir: process.env.BENCH_ASTRO_OUT_DIR ?? './.data/dist',
  output: 'static',
  build: { inlineStylesheets: 'always' },
  image: { service: passthroughImageService() },
  vite: { plugins: [escapeAttributes()] },
});
