// npm run proxy-config -- nginx|caddy [--listen PORT] [--app HOST:PORT] [--access-log FILE]
// Prints the engine's whole configuration for the current settings (PUBLIC_HOST, STORAGE_DIR, PORT
// for the app's address) to stdout: server/engine-config.ts writes it, docs/deploy.md shape 4 says
// where it goes. Nothing is read from the database; the routes come from storage/routes.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../lib/project-root';
import { caddyConfig, nginxConfig } from '../server/engine-config';
import { configOrExit, fail } from './cli';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    listen: { type: 'string' },
    app: { type: 'string' },
    'access-log': { type: 'string' },
  },
});
const engine = positionals[0];
if (engine !== 'nginx' && engine !== 'caddy') {
  fail('Usage: npm run proxy-config -- nginx|caddy [--listen PORT] [--app HOST:PORT] [--access-log FILE]');
}
const listen = Number(values.listen ?? (engine === 'nginx' ? 80 : 443));
if (!Number.isInteger(listen) || listen < 1 || listen > 65535)
  fail('--listen must be a port from 1 to 65535');
const config = configOrExit();
const settings = {
  publicHost: config.publicHost,
  storageDir: config.storageDir,
  app: values.app ?? `127.0.0.1:${config.port}`,
  listen,
  // The marketing build `npm run build` writes, whose /_astro/ files nginx serves itself.
  assetsDir: path.join(projectRoot(import.meta.dirname), 'dist', 'site', 'client'),
  // The page-view log the app reads (server/engine-visits.ts): ENGINE_ACCESS_LOG unless given.
  ...((values['access-log'] ?? config.engineAccessLog)
    ? { accessLog: values['access-log'] ?? (config.engineAccessLog as string) }
    : {}),
};
process.stdout.write(engine === 'nginx' ? nginxConfig(settings) : caddyConfig(settings));
