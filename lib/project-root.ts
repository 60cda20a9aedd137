// The repository's root folder: the nearest folder at or above `from` with a package.json. Modules
// that find built files by their own location use it, because they also run bundled from dist/
// (dist/server/), where a fixed `..` would point into dist/.
import { existsSync } from 'node:fs';
import path from 'node:path';

export function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
