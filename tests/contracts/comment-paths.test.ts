// No comment points at a file that does not exist (issue 50 item 7): every path a comment or a
// README names (`api/routes/pages.ts`, `support/stack.ts`) is found from the repository's root, from
// the commenting file's folder or one above it, from its top folder, or from the folders the READMEs
// write paths from (tests/, admin/src/, admin/src/screens/, templates/site/). Build outputs (dist/)
// and generated folders are named before they exist and are not checked, nor the CHANGELOG, which
// names files as they were.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  '.git',
  'dist',
  'test-artifacts',
  'storage',
  '.astro',
  'coverage',
]);
const PATH = /(?<![\w@/.:-])((?:\.{1,2}\/)?(?:[\w-]+\/)+[\w.-]+\.(?:ts|tsx|mjs|astro|md|css|json|sh))\b/g;
const README_BASES = ['tests', 'admin/src', 'admin/src/screens', 'templates/site'].map((base) =>
  path.join(ROOT, base),
);
const NOT_CHECKED = /^(dist|node_modules|test-artifacts|storage)\//;

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder)) {
    if (SKIPPED_FOLDERS.has(entry) || entry === 'CHANGELOG.md') continue;
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mjs|astro|css|md)$/.test(entry)) yield full;
  }
}

/** The commented part of a line (all of it in Markdown). */
function commentOf(line: string, markdown: boolean): string | null {
  if (markdown) return line;
  const match = line.match(/(?:^|\s)(?:\/\/|\/\*\*?|\*)\s(.*)$/) ?? line.match(/^\s*\*(.*)$/);
  return match?.[1] ?? null;
}

function resolves(file: string, reference: string): boolean {
  const dir = path.dirname(file);
  const top = path.join(ROOT, path.relative(ROOT, file).split(path.sep)[0] ?? '');
  return [ROOT, dir, path.dirname(dir), top, ...README_BASES].some((base) =>
    existsSync(path.join(base, reference)),
  );
}

/** `file:line: path` for every path a comment names that is found nowhere. */
function danglingReferences(files: Iterable<string>): string[] {
  const found: string[] = [];
  for (const file of files) {
    const markdown = file.endsWith('.md');
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const comment = commentOf(line, markdown);
        if (!comment) return;
        for (const [, reference = ''] of comment.matchAll(PATH)) {
          if (NOT_CHECKED.test(reference) || /NAME|NNNN/.test(reference)) continue;
          if (!resolves(file, reference))
            found.push(`${path.relative(ROOT, file)}:${index + 1}: ${reference}`);
        }
      });
  }
  return found;
}

describe('paths named in comments', () => {
  it('every one exists', () => {
    expect(danglingReferences(sourceFiles(ROOT))).toEqual([]);
  });

  it('a planted comment naming a missing file is found', () => {
    const planted = path.join(ROOT, 'tests/contracts/comment-paths.test.ts');
    const references = danglingReferences([planted]);
    // This file's own header names only files that exist; its pattern is tested on a string instead.
    expect(references).toEqual([]);
    expect([...'// see generator/trust-model.ts for it'.matchAll(PATH)].map((m) => m[1])).toEqual([
      'generator/trust-model.ts',
    ]);
    expect(resolves(planted, 'generator/trust-model.ts')).toBe(false);
    expect(resolves(planted, 'support/stack.ts')).toBe(true);
  });
});
