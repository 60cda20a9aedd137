// contracts/ is imported by the admin and the onboarding island: everything it reaches, import by
// import, must be browser code. No db/, api/, server code or node:* module, and never the
// common-password list (api/auth/common-passwords.ts), which the server alone checks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_SAFE_DIRS = ['contracts', 'rules'];
const PACKAGES = new Set(['zod', 'marked']);
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function resolve(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // Try the next form.
    }
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${specifier}`);
}

/** Every file and package the entry reaches through its imports (type-only imports included). */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2]) as string;
      if (specifier.startsWith('.')) queue.push(resolve(file, specifier));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

const entries = readdirSync(path.join(ROOT, 'contracts'))
  .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
  .map((name) => path.join(ROOT, 'contracts', name));

describe('contracts/ is client-safe', () => {
  it('has modules to check', () => {
    expect(entries.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['api-client.ts', 'onboarding.ts']),
    );
  });

  it.each(entries.map((file) => [path.relative(ROOT, file), file]))(
    '%s reaches only contracts/, rules/ and browser packages',
    (_name, entry) => {
      const { files, packages } = reach(entry);
      for (const file of files) {
        const folder = path.relative(ROOT, file).split(path.sep)[0];
        expect(CLIENT_SAFE_DIRS, path.relative(ROOT, file)).toContain(folder);
        expect(path.basename(file)).not.toBe('common-passwords.ts');
      }
      for (const name of packages) expect(PACKAGES, name).toContain(name);
    },
  );
});
