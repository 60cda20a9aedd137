// The admin's weight budget (admin SPA issue): the JavaScript an owner's browser loads to show any
// one screen — the entry, the screen's lazy chunk and everything they import — is at most 150 KB
// gzipped. Weighed from the real build's manifest (npm test builds first). The page text editor
// (issue 40: ProseMirror and the Markdown reader) is a chunk of its own that only the page editor
// loads, after its screen: no screen's first load carries it. The entry itself does not grow (issue
// 40): it is pinned near its size before the editor's work, and carries no area's messages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, LEAD_RECIPIENT_MESSAGES } from '../rules/lead-messages';
import { MESSAGES } from '../rules/messages';
import { AI_MESSAGES, PAGE_MESSAGES } from '../rules/page-messages';
import { COMPANY_MESSAGES, DOMAIN_MESSAGES } from '../rules/settings-messages';
import { TRUST_MESSAGES } from '../rules/trust-messages';
import { UPLOAD_MESSAGES } from '../rules/upload-messages';

const DIST = path.resolve(import.meta.dirname, '..', 'dist', 'admin');
const BUDGET_BYTES = 150 * 1024;
// The entry chunk's closure was 108.6 KB gzipped at c2f5a36, before issue 40's editor and issue 39's
// recipient work; it grew to 110.3 KB when every screen's messages sat in rules/messages.ts. Pinned
// at that size plus half a kilobyte: what only a lazily loaded screen, the site or the server shows
// belongs in that area's file beside rules/messages.ts, imported from there.
const ENTRY_BYTES = 109 * 1024;

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

/** The plain texts of message groups (functions build theirs from arguments and are left out). */
function texts(group: object): string[] {
  return Object.values(group).flatMap((value) =>
    typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? texts(value) : [],
  );
}

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

  it('keeps the entry, which every screen loads first, at most 109 KB gzipped', () => {
    const files = [...closure(entryKey as string)].filter((file) => file.endsWith('.js'));
    expect(gzippedBytes(files)).toBeLessThanOrEqual(ENTRY_BYTES);
  });

  it("leaves the areas' messages out of the entry", () => {
    const code = [...closure(entryKey as string)]
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(DIST, file), 'utf8'))
      .join('\n');
    const areas = [
      LEAD_MESSAGES,
      LEAD_RECIPIENT_MESSAGES,
      PAGE_MESSAGES,
      AI_MESSAGES,
      COMPANY_MESSAGES,
      DOMAIN_MESSAGES,
      UPLOAD_MESSAGES,
      TRUST_MESSAGES,
    ];
    // As a whole literal: "Maksimum 60 tegn" is also the start of the catalogue's title hint.
    const quoted = (text: string) =>
      ['"', "'", '`'].some((quote) => code.includes(`${quote}${text}${quote}`));
    const carried = areas.flatMap(texts).filter(quoted);
    expect(carried).toEqual([]);
    // The check sees a literal where the entry does carry one.
    expect(quoted(MESSAGES.leadsLoadFailed)).toBe(true);
  });

  it.each(screens)('%s loads at most 150 KB of gzipped JavaScript', (screen) => {
    const files = closure(screen, closure(entryKey as string));
    const bytes = gzippedBytes([...files].filter((file) => file.endsWith('.js')));
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
