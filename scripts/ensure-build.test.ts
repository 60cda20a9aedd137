import { describe, expect, it } from 'vitest';
import { isBuildInput } from './ensure-build';

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
