// knip (npm test) fails on an unused export, except one it always ignores: an export whose JSDoc
// carries `@public`, `@beta` or `@alias` (knip's util/tag.js, not configurable). So a dead export could
// hide behind a tag. Here the tags are read from the source, and each one is allowed only with its
// reason in ALLOWED (none today): a new one is reviewed like code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The tags knip ignores whatever its configuration says. */
const ALWAYS_IGNORED = /@(public|beta|alias)\b/g;

/** `file: tag` → why that export is kept though nothing imports it. */
const ALLOWED: Readonly<Record<string, string>> = {};

/** Every knip-silencing tag inside a JSDoc block of `text`, as `file: @tag`. */
function silencingTags(file: string, text: string): string[] {
  const found: string[] = [];
  for (const block of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    for (const tag of block[0].matchAll(ALWAYS_IGNORED)) found.push(`${file}: ${tag[0]}`);
  }
  return found;
}

function sources(): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  // Walked by hand so the folders nobody writes (node_modules above all) are never listed: a
  // recursive readdir of the root listed node_modules' ~40,000 entries first (5 s of the quick lane).
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!/^(node_modules|dist|storage|\.astro|\.git|test-artifacts)$/.test(entry.name)) walk(relative);
      } else if (entry.isFile() && /\.(ts|tsx|mts|mjs|astro)$/.test(entry.name)) {
        found.push({ path: relative, text: readFileSync(path.join(ROOT, relative), 'utf8') });
      }
    }
  };
  walk('');
  return found;
}

describe('no export hides from knip behind a tag', () => {
  it('finds @public, @beta and @alias only where ALLOWED gives a reason', () => {
    const files = sources();
    // The walk saw the tree (a wrong root would pass vacuously).
    expect(files.some((file) => file.path === 'api/app.ts')).toBe(true);
    const tags = files.flatMap((file) => silencingTags(file.path, file.text));
    expect(tags.filter((tag) => !(tag in ALLOWED))).toEqual([]);
  });

  it('catches a planted tag, and leaves the word in code and line comments alone', () => {
    const planted = [
      // Split, so this file's own text holds no tag for the scan above.
      '/** Kept for old branches.\n * @' + 'public */',
      'export const unused = 1;',
      "// @public in a line comment is not a JSDoc tag; nor is the string '@public'.",
      '/** A normal doc comment. */',
    ].join('\n');
    expect(silencingTags('tests/planted.ts', planted)).toEqual(['tests/planted.ts: @public']);
  });
});
