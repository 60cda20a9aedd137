// Writes every default scene (each trade in each theme) into the built marketing folder
// `dist/site/client/_astro/`, where every host serves it. Run by `npm run build:site` after
// `astro build`; needs nothing but this repository (no network, no image tools).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { THEME_IDS } from '../../rules/themes';
import { sceneFile } from '../site/lib/default-image';
import { SCENE_TRADES } from '../site/lib/trade-slug';

const OUT_DIR = path.resolve(import.meta.dirname, '..', '..', 'dist', 'site', 'client', '_astro');

mkdirSync(OUT_DIR, { recursive: true });
let bytes = 0;
for (const trade of SCENE_TRADES) {
  for (const theme of THEME_IDS) {
    const file = sceneFile(trade, theme);
    writeFileSync(path.join(OUT_DIR, file.name), file.svg);
    bytes += file.svg.length;
  }
}
console.log(`scenes: ${SCENE_TRADES.length * THEME_IDS.length} files, ${Math.round(bytes / 1024)} KB`);
