// The engine configurations byte for byte (issue 50 item 6: nginxConfig and caddyConfig split into
// one writer per block, the output unchanged). Each shape the settings allow is kept as a file: a
// change to what the engines are told shows in review as a diff of the configuration itself
// (`npx vitest run server/engine-config.test.ts -u` writes them again). What the configurations do is
// tests/serving/'s, on the running engines.
import { describe, expect, it } from 'vitest';
import { caddyConfig, type EngineSettings, nginxConfig } from './engine-config';

const PLAIN: EngineSettings = {
  publicHost: 'mesterside.dk',
  storageDir: '/srv/mesterside/storage',
  app: '127.0.0.1:3000',
  listen: 8080,
};

const FULL: EngineSettings = {
  ...PLAIN,
  publicHost: 'mesterside.test:8443',
  accessLog: '/var/log/mesterside/views.log',
  assetsDir: '/srv/mesterside/dist/site/client',
  brotliModule: '/opt/nginx/modules/ngx_http_brotli_static_module.so',
  tlsInternalPort: 8444,
};

const SHAPES: Record<string, EngineSettings> = {
  plain: PLAIN,
  full: FULL,
  tls: { ...PLAIN, listen: 443 },
  'tls-full': { ...FULL, listen: 443 },
};

describe('engine configurations', () => {
  for (const [shape, settings] of Object.entries(SHAPES)) {
    it(`writes nginx's for ${shape} settings as before`, async () => {
      await expect(nginxConfig(settings)).toMatchFileSnapshot(
        `./__snapshots__/engine-config/nginx-${shape}.conf`,
      );
    });
    it(`writes Caddy's for ${shape} settings as before`, async () => {
      await expect(caddyConfig(settings)).toMatchFileSnapshot(
        `./__snapshots__/engine-config/Caddyfile-${shape}`,
      );
    });
  }
});
