// Behind the engine the app still sees each visitor (TRUST_PROXY): nginx appends the address it
// saw to X-Forwarded-For and sets X-Real-IP, Caddy replaces a visitor's X-Forwarded-For with the
// address it saw; both keep the Host header, which the app's addressing reads. The app here is a
// stub that echoes what reached it.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/site-folders';
import { engineMissing, type RunningEngine, startCaddy, startNginx } from './engines';

let dir: string;
let app: Server;
const engines = new Map<string, RunningEngine>();

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesterside-forwarded-'));
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, 'storage', 'routes', 'hosts'), { recursive: true });
  app = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.headers));
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const settings = {
    publicHost: 'mesterside.test',
    storageDir: path.join(dir, 'storage'),
    app: `127.0.0.1:${(app.address() as AddressInfo).port}`,
  };
  if (engineMissing('nginx') === null) engines.set('nginx', await startNginx(dir, settings));
  if (engineMissing('caddy') === null) engines.set('caddy', await startCaddy(dir, settings));
}, 60_000);

afterAll(async () => {
  for (const engine of engines.values()) await engine.stop();
  await new Promise((resolve) => app?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

for (const name of ['nginx', 'caddy'] as const) {
  describe.skipIf(engineMissing(name) !== null && !process.env.CI)(`${name} tells the app who asked`, () => {
    it("forwards the visitor's address and the Host header", async () => {
      const engine = engines.get(name) as RunningEngine;
      const response = await rawRequest(engine.port, {
        host: 'hansen.mesterside.test',
        path: '/api/auth/login',
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      const seen = JSON.parse(response.body.toString()) as Record<string, string>;
      expect(seen.host).toBe('hansen.mesterside.test');
      expect(seen['x-real-ip']).toBe('127.0.0.1');
      // The app reads the rightmost address that is not a trusted proxy: the engine's own entry.
      expect(seen['x-forwarded-for']?.split(/,\s*/).at(-1)).toBe('127.0.0.1');
    });
  });
}
