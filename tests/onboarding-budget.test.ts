// The onboarding island's weight: what a visitor's phone must fetch and run before the CVR form on
// /onboarding answers (the island's chunk and its static imports; React's renderer is shared by
// every island and not counted) is at most 20 KB gzipped. The contract's checks pull in zod (about
// 25 KB gzipped), so they come in a chunk of their own, fetched after the island starts. Weighed
// from the real build (npm test builds first).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve(import.meta.dirname, '..', 'dist', 'site', 'client');
const BUDGET_BYTES = 20 * 1024;

const read = (url: string) => readFileSync(path.join(CLIENT, url), 'utf8');

/** The files a script needs before it runs: itself and its static imports, transitively. */
function staticClosure(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const source = read(url);
  for (const [, imported] of source.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g)) {
    staticClosure(path.posix.join(path.posix.dirname(url), imported as string), seen);
  }
  return seen;
}

/** Scripts a file loads on demand with import(). */
function dynamicImports(url: string): string[] {
  return [...read(url).matchAll(/\bimport\("(\.\/[^"]+\.js)"\)/g)].map(([, imported]) =>
    path.posix.join(path.posix.dirname(url), imported as string),
  );
}

const page = read('onboarding/index.html');
const island = page.match(/component-url="([^"]+)"/)?.[1] ?? '';
const isZod = (url: string) => read(url).includes('"$ZodError"');

describe('onboarding island weight', () => {
  it('is on the page as one island', () => {
    expect(island).toMatch(/^\/_astro\/OnboardingFlow\.[\w-]+\.js$/);
  });

  it('needs at most 20 KB of gzipped JavaScript before the form answers, zod not among it', () => {
    const files = [...staticClosure(island)];
    const bytes = files.reduce((sum, url) => sum + gzipSync(read(url), { level: 9 }).length, 0);
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(files.filter(isZod)).toEqual([]);
  });

  it('fetches the contract checks (zod) on their own, after the island starts', () => {
    const later = [...staticClosure(island)].flatMap(dynamicImports);
    expect(later.some(isZod)).toBe(true);
  });
});
