// Module state under `isolate: false` (issue 50 item 6): a fork keeps its modules from one test file
// to the next, so every module-level variable of the product that can change is listed in
// tests/README.md ("Files are not isolated") with why it is safe, or removed. Here the source is
// scanned for them (a top-level `let`, or an object made at load under a lower-case name: upper-case
// names are constant tables) and compared with the README's table both ways; a planted one is found.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The product's folders; scripts/ and templates/build/ are command entry points, a process each. */
const PRODUCT_FOLDERS = [
  'admin',
  'api',
  'contracts',
  'db',
  'generator',
  'lib',
  'rules',
  'server',
  'templates',
  'worker',
];

/** `name` of every module-level variable of `text` that holds state. */
function moduleState(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:export )?let (\w+)/gm)) found.push(match[1] as string);
  for (const match of text.matchAll(/^(?:export )?const ([a-z]\w*)(?:: [^=\n]+)? = new \w+/gm)) {
    found.push(match[1] as string);
  }
  return found;
}

function productSources(): { path: string; text: string }[] {
  return PRODUCT_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !/[/\\](node_modules|dist|build)[/\\]/.test(path.relative(ROOT, file)))
      .map((file) => ({
        path: path.relative(ROOT, file).split(path.sep).join('/'),
        text: readFileSync(file, 'utf8'),
      })),
  );
}

/** `file: name` of every row of the README's module-state table. */
function listed(readme: string): string[] {
  return [...readme.matchAll(/^\| `([^`]+)` +\| ([^|]+)\|/gm)].flatMap((row) =>
    [...(row[2] as string).matchAll(/`(\w+)`/g)].map((name) => `${row[1]}: ${name[1]}`),
  );
}

describe('module state', () => {
  it('finds a planted top-level let and a lower-case Map, not a constant table', () => {
    const planted =
      "let counter = 0;\nconst cache = new Map<string, number>();\nconst WORDS = new Set(['a']);\n";
    expect(moduleState(planted)).toEqual(['counter', 'cache']);
  });

  it('is each listed in tests/README.md with why it is safe, and nothing listed is gone', () => {
    const found = productSources().flatMap((source) =>
      moduleState(source.text).map((name) => `${source.path}: ${name}`),
    );
    const readme = listed(readFileSync(path.join(ROOT, 'tests', 'README.md'), 'utf8'));
    expect(readme.length).toBeGreaterThan(10);
    expect(found.filter((entry) => !readme.includes(entry))).toEqual([]);
    expect(readme.filter((entry) => !found.includes(entry))).toEqual([]);
  });
});
