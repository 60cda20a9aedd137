// The admin's weight budget (admin SPA issue): the JavaScript an owner's browser loads to show any
// one screen — the entry, the screen's lazy chunk and everything they import — is at most 150 KB
// gzipped. Weighed from the real build's manifest (npm test builds first). The page text editor
// (issue 40: ProseMirror and the Markdown reader) is a chunk of its own that only the page editor
// loads, after its screen: no screen's first load carries it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(import.meta.dirname, '..', 'dist', 'admin');
const BUDGET_BYTES = 150 * 1024;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

function gzippedBytes(files: Iterable<string>): number {
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
  return total;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const screens = entryKey ? (manifest[entryKey]?.dynamicImports ?? []) : [];

describe('admin JavaScript budget', () => {
  it('has one entry whose screens are split off', () => {
    expect(entryKey).toBe('index.html');
    expect(screens.length).toBeGreaterThanOrEqual(6);
  });

  it('loads the page text editor on its own, from the pages screen only, within 120 KB gzipped', () => {
    const editor = Object.keys(manifest).find((key) => key.endsWith('rich-text/rich-text-editor.tsx'));
    expect(editor).toBeDefined();
    const file = manifest[editor as string]?.file as string;
    const importers = Object.entries(manifest).filter(([, chunk]) =>
      chunk.dynamicImports?.includes(editor as string),
    );
    expect(importers.map(([key]) => key)).toEqual([expect.stringMatching(/pages-screen/)]);
    // Nothing imports it statically, so neither the entry nor any screen loads it up front.
    for (const key of [entryKey as string, ...screens]) expect(closure(key)).not.toContain(file);
    expect(gzippedBytes([file])).toBeLessThanOrEqual(120 * 1024);
  });

  it.each(screens)('%s loads at most 150 KB of gzipped JavaScript', (screen) => {
    const files = closure(screen, closure(entryKey as string));
    const bytes = gzippedBytes([...files].filter((file) => file.endsWith('.js')));
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
