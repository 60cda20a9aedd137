// What makes a build stale: for the templates and the admin, the files in their source folders that a
// build reads; for the server bundle, exactly the files esbuild's metafile lists.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildInput } from './ensure-build';
import { buildBundle, staleReason } from './server-bundle.mjs';

describe('what makes a build stale', () => {
  it.each([
    'Hero.astro',
    'site-info.ts',
    'editor.tsx',
    'server-entry.mjs',
    'theme.css',
    'index.html',
    'bliv-fundet-paa-google.md',
    'logo.webp',
    'tomrer.jpg',
  ])('%s is read by the build', (name) => {
    expect(isBuildInput(name)).toBe(true);
  });

  it.each(['slug.test.ts', 'editor.test.tsx', 'README.md', 'notes.txt~', '.DS_Store'])(
    '%s is not',
    (name) => {
      expect(isBuildInput(name)).toBe(false);
    },
  );
});

// The server bundle (scripts/server-bundle.mjs) is stale by the files esbuild's metafile lists, not by
// folders: a real build of a small project in a temporary folder, then edits beside and inside it.
describe('when the server bundle is stale', () => {
  let root: string;
  const outdir = () => path.join(root, 'out');
  const entries = { entry: 'src/entry.ts' };
  const stale = () => staleReason({ root, outdir: outdir(), entries });

  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'server-bundle-'));
    mkdirSync(path.join(root, 'src'));
    const files: Record<string, string> = {
      'src/entry.ts': "import { greet } from './greet';\nconsole.log(greet('mester'));\n",
      'src/greet.ts': "export const greet = (name: string): string => 'Hej ' + name;\n",
      'src/greet.test.ts': "import { greet } from './greet';\nconsole.log(greet('test'));\n",
      'src/README.md': '# src\n',
      'src/unused.ts': 'export const unused = 1;\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
    const meta = await buildBundle({ root, outdir: outdir(), entries, settings: [] });
    expect(Object.keys(meta.inputs).sort()).toEqual(['src/entry.ts', 'src/greet.ts']);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is current right after the build', () => {
    expect(stale()).toBeNull();
  });

  it('stays current when a test, a README or a file nothing imports changes', () => {
    for (const name of ['src/greet.test.ts', 'src/README.md', 'src/unused.ts']) {
      writeFileSync(path.join(root, name), '// changed\n');
    }
    writeFileSync(path.join(root, 'src', 'new.ts'), 'export {};\n');
    expect(stale()).toBeNull();
  });

  it('stays current when a source is touched but holds the same bytes', () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src', 'greet.ts'), later, later);
    expect(stale()).toBeNull();
  });

  it('is stale when a source the entry imports changes', () => {
    writeFileSync(
      path.join(root, 'src', 'greet.ts'),
      "export const greet = (name: string): string => 'Goddag ' + name;\n",
    );
    expect(stale()).toBe('src/greet.ts changed');
  });

  it('is stale when a source is gone, or the bundle is', () => {
    rmSync(path.join(root, 'src', 'greet.ts'));
    expect(stale()).toBe('src/greet.ts is gone');
    rmSync(outdir(), { recursive: true });
    expect(stale()).toBe('missing');
  });
});
