// What reaches an owner's browser, as an allow-list: every module of every chunk of the admin's real
// build (dist/admin, listed by its Vite config's list-modules plugin) must be the admin's own code
// (admin/src, its index.html), a shared contract (contracts/), a shared rule (rules/), one of the
// named packages, or one of Vite's own helpers. Anything else fails, whatever it is: server code
// (api/, db/, lib/ with pino …), the common-password list (issue 17), and the empty stubs Vite puts in
// place of Node built-ins (`__vite-browser-external`), which mean server code got in. A new package
// in the admin is a line in ADMIN_PACKAGES, reviewed like code.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkModules, MODULE_LIST } from '../admin/vite.config';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Packages the admin may ship (react-dom brings scheduler). */
const ADMIN_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'zod',
  // The page text editor (issue 40), in a chunk of its own that only the page editor loads
  // (tests/admin-budget.test.ts): ProseMirror and what it brings (orderedmap, rope-sequence,
  // w3c-keyname), the site's own Markdown reader (marked), and entities to decode the character
  // references it passes through; prosemirror-markdown's serializer writes it back (its markdown-it
  // parser is aliased out in admin/vite.config.ts, so markdown-it never ships).
  'prosemirror-markdown',
  'prosemirror-model',
  'prosemirror-state',
  'prosemirror-view',
  'prosemirror-transform',
  'prosemirror-commands',
  'prosemirror-keymap',
  'prosemirror-history',
  'prosemirror-inputrules',
  'prosemirror-schema-list',
  'orderedmap',
  'rope-sequence',
  'w3c-keyname',
  'marked',
  'entities',
];

/** Vite's and Rollup's own helper modules. */
const BUNDLER_HELPERS = [
  '\0commonjsHelpers.js',
  '\0vite/modulepreload-polyfill.js',
  '\0vite/preload-helper.js',
];

/** The repository's folders the admin may ship, and its page. */
const ALLOWED_PATHS = [/^admin\/src\//, /^admin\/index\.html$/, /^contracts\/[^/]+\.ts$/, /^rules\/.+\.ts$/];

/** Every module of the bundle that is not on the allow-list, as a readable path. */
function notAllowed(ids: readonly string[]): string[] {
  return ids.flatMap((id) => {
    if (BUNDLER_HELPERS.includes(id)) return [];
    const file = id.replace(/^\0/, '').replace(/\?.*$/, '');
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    // node_modules may be a link to another checkout: the package is what follows its last segment.
    const inPackage = file
      .split(path.sep)
      .join('/')
      .match(/.*\/node_modules\/(((?:@[^/]+\/)?[^/]+)\/.*)$/);
    if (inPackage)
      return ADMIN_PACKAGES.includes(inPackage[2] as string) ? [] : [`node_modules/${inPackage[1]}`];
    if (
      !id.startsWith('\0') &&
      !relative.startsWith('..') &&
      ALLOWED_PATHS.some((allowed) => allowed.test(relative))
    ) {
      return [];
    }
    return [id.startsWith('\0') || relative.startsWith('..') ? id.replace(/^\0/, '') : relative];
  });
}

/** The modules of the admin's build in dist/admin, which the run's global setup brought up to date. */
function builtModules(): string[] {
  return JSON.parse(readFileSync(path.join(ROOT, 'dist', 'admin', MODULE_LIST), 'utf8')) as string[];
}

/** The modules of an in-memory build with the admin's Vite config and `entry` (a planted import). */
async function bundleModules(entry: string): Promise<string[]> {
  let modules: string[] = [];
  const collect: Plugin = {
    name: 'collect-module-ids',
    generateBundle(_options, bundle) {
      modules = chunkModules(Object.values(bundle));
    },
  };
  await build({
    configFile: path.join(ROOT, 'admin', 'vite.config.ts'),
    plugins: [collect],
    logLevel: 'silent',
    build: { write: false, manifest: false, rollupOptions: { input: entry } },
  });
  return modules;
}

describe('admin bundle', () => {
  it('ships only admin/src, contracts/, rules/, the named packages and bundler helpers', async () => {
    const modules = builtModules();
    // The build really happened and saw the admin's own code and its packages.
    expect(modules.some((id) => id.includes(`${path.sep}admin${path.sep}src${path.sep}`))).toBe(true);
    expect(modules.some((id) => id.includes(`${path.sep}node_modules${path.sep}react-dom${path.sep}`))).toBe(
      true,
    );
    expect(notAllowed(modules)).toEqual([]);
  });

  it('refuses a planted import of lib/ (pino, Node built-ins) in a real build', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'admin-planted-'));
    try {
      const entry = path.join(dir, 'planted.ts');
      const lib = (name: string) => path.join(ROOT, 'lib', name).split(path.sep).join('/');
      writeFileSync(
        entry,
        `import { createLogger } from '${lib('logger.ts')}';\nimport os from 'node:os';\n` +
          'console.log(createLogger, os);\n',
      );
      const refused = notAllowed(await bundleModules(entry));
      expect(refused).toContain('lib/logger.ts');
      expect(refused.some((id) => id.startsWith('node_modules/pino/'))).toBe(true);
      // Vite stubs a Node built-in with an empty module in a browser build; the stub is refused.
      expect(refused.some((id) => id.startsWith('__vite-browser-external'))).toBe(true);
      // The planted entry itself is outside the allowed folders too.
      expect(refused).toContain(entry);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses server folders, the password list, browser-external stubs and unnamed packages', () => {
    const at = (relative: string) => path.join(ROOT, relative);
    expect(
      notAllowed([
        at('admin/src/main.tsx'),
        at('rules/cvr.ts'),
        at('contracts/pages.ts'),
        at('node_modules/react/index.js'),
        '\0vite/preload-helper.js',
        at('api/auth/common-passwords.ts'),
        at('db/index.ts'),
        at('lib/config.ts'),
        at('node_modules/pino/browser.js'),
        '\0__vite-browser-external:node:os',
        'node:fs',
        at('admin/vite.config.ts'),
      ]),
    ).toEqual([
      'api/auth/common-passwords.ts',
      'db/index.ts',
      'lib/config.ts',
      'node_modules/pino/browser.js',
      '__vite-browser-external:node:os',
      'node:fs',
      'admin/vite.config.ts',
    ]);
  });
});
