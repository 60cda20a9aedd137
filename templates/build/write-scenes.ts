// Writes every default scene (each trade in each theme) into the built marketing folder
// `dist/site/client/_astro/`, where every host serves it. Run by `npm run build:site` after
// `astro build`; needs nothing but this repository (no network, no image tools). Each scene gets
// `.br`/`.gz` copies beside it, as a publish writes for site files: nginx serves them as they
// are (docs/deploy.md shape 4), and the Node server reads them instead of compressing on first use.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES } from '../../generator/site-model';
import { THEME_IDS } from '../../rules/themes';
import { sceneFile } from '../site/lib/default-image';
import { SCENE_TRADES } from '../site/lib/trade-slug';

const OUT_DIR = path.resolve(import.meta.dirname, '..', '..', 'dist', 'site', 'client', '_astro');

mkdirSync(OUT_DIR, { recursive: true });
let bytes = 0;
for (const trade of SCENE_TRADES) {
  for (const theme of THEME_IDS) {
    const file = sceneFile(trade, theme);
    const target = path.join(OUT_DIR, file.name);
    writeFileSync(target, file.svg);
    bytes += file.svg.length;
    const body = Buffer.from(file.svg);
    if (body.length < COMPRESS_MIN_BYTES) continue;
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    };
    writeFileSync(`${target}.br`, brotliCompressSync(body, { params }));
    writeFileSync(`${target}.gz`, gzipSync(body, { level: 9 }));
  }
}
console.log(`scenes: ${SCENE_TRADES.length * THEME_IDS.length} files, ${Math.round(bytes / 1024)} KB`);
