// What reaches an owner's browser: the admin is built with its own Vite config (in memory), every
// module of every chunk is listed, and none may be server-only code or the common-password list
// (issue 17: "a test builds the admin and fails if a server-only module or the password list is in
// any chunk"). The admin may import contracts/ (the request and response schemas it shares with the
// API) and rules/; nothing of api/, db/ or the other server folders.
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Repository folders whose code runs only on the server. */
const SERVER_ONLY = ['db', 'server', 'worker', 'generator', 'scripts', 'storage', 'api'];

async function adminModules(): Promise<string[]> {
  const ids = new Set<string>();
  const collect: Plugin = {
    name: 'collect-module-ids',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') for (const id of Object.keys(output.modules)) ids.add(id);
      }
    },
  };
  await build({
    configFile: path.join(ROOT, 'admin', 'vite.config.ts'),
    plugins: [collect],
    logLevel: 'silent',
    build: { write: false, manifest: false },
  });
  return [...ids];
}

describe('admin bundle', () => {
  it('holds no server-only module, no Node built-in and not the common-password list', async () => {
    const modules = await adminModules();
    // The build really happened and saw the admin's own code.
    expect(modules.some((id) => id.includes(`${path.sep}admin${path.sep}src${path.sep}`))).toBe(true);
    const offending = modules.filter((id) => {
      if (id.startsWith('node:') || id.startsWith('\0node:')) return true;
      const relative = path.relative(ROOT, id.replace(/^\0/, '')).split(path.sep).join('/');
      if (relative.startsWith('..') || relative.startsWith('node_modules/')) return false;
      if (relative === 'api/auth/common-passwords.ts') return true;
      const top = relative.split('/')[0] ?? '';
      return SERVER_ONLY.includes(top);
    });
    expect(offending).toEqual([]);
  }, 120_000);
});
