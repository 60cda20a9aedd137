// The quick lane starts no Chromium and no process (issue 43: `npm run test:quick` in under a minute,
// no build, no browser, no product process). vitest.config.ts's QUICK folders are read from the file,
// and every source file in them (tests and their helpers) is scanned for what starts a browser or a
// process; such a test belongs in the system project. A planted import shows the check catches one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** What starts a browser or a process, as an import names it. */
const STARTS_SOMETHING: readonly [pattern: RegExp, what: string][] = [
  [/support\/processes['"]/, 'a process (support/processes.ts)'],
  [/support\/(browser|shared-browser|admin-stack)['"]/, 'Chromium'],
  [/['"]playwright-core['"]/, 'Chromium'],
  [/['"](node:)?child_process['"]/, 'a process (child_process)'],
  [/support\/(limit-process|front-workers|bundle-entries)['"]/, 'a process or the build'],
];

/** The folders of vitest.config.ts's QUICK list (`tests/api/**\/*.test.ts` → `tests/api/`). */
function quickFolders(config: string): string[] {
  const list = /const QUICK = \[([\s\S]*?)\];/.exec(config)?.[1] ?? '';
  return [...list.matchAll(/'([^'*]+)\/\*\*\/\*\.test\.ts'/g)].map((match) => `${match[1]}/`);
}

/** Each import in `text` that starts a browser or a process, as `file: what`. */
function starters(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\w])\/\/[^\n]*/g, '$1');
  const imports = code.match(/\b(?:from|import)\s*\(?\s*['"][^'"]+['"]/g) ?? [];
  return STARTS_SOMETHING.filter(([pattern]) => imports.some((line) => pattern.test(line))).map(
    ([, what]) => `${file}: ${what}`,
  );
}

function sourcesUnder(folder: string): { path: string; text: string }[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      return {
        path: path.relative(ROOT, absolute).split(path.sep).join('/'),
        text: readFileSync(absolute, 'utf8'),
      };
    });
}

describe('the quick lane', () => {
  const folders = quickFolders(readFileSync(path.join(ROOT, 'vitest.config.ts'), 'utf8'));

  it('reads the QUICK folders from vitest.config.ts (a check that finds none would pass anything)', () => {
    expect(folders).toContain('tests/api/');
    expect(folders).toContain('db/');
  });

  it('starts no Chromium and no process: such a test belongs outside the QUICK folders', () => {
    // This file's planted imports are strings of its own test, not imports.
    const files = folders
      .flatMap(sourcesUnder)
      .filter((file) => file.path !== 'tests/contracts/quick-lane.test.ts');
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => starters(file.path, file.text))).toEqual([]);
  });

  it('catches a planted browser and a planted process', () => {
    const planted = [
      "import { launchChromium } from '../support/browser';",
      "import { spawnProduct } from '../support/processes';",
      "// import { spawn } from 'node:child_process'; in a comment is no import",
    ].join('\n');
    expect(starters('tests/api/planted.test.ts', planted)).toEqual([
      'tests/api/planted.test.ts: a process (support/processes.ts)',
      'tests/api/planted.test.ts: Chromium',
    ]);
  });
});
