// The one way the server and the operator commands run: `node scripts/run.mjs NAME [args…]` runs
// dist/server/NAME.mjs (scripts/server-bundle.mjs) in this very process on plain Node, after building
// the bundle when it is missing or older than its sources. `npm start`, `npm run worker`, `npm run
// rebuild`, migrate, seed, backup, restore and proxy-config all come through here.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// First: it reads this process's launchers (npm, sh) now, before a build that may take a while.
import './launcher.mjs';
import { ensureServerBundle, SERVER_COMMANDS, SERVER_DIR } from './server-bundle.mjs';

const name = process.argv[2] ?? '';
if (!Object.hasOwn(SERVER_COMMANDS, name)) {
  process.stderr.write(
    `Usage: node scripts/run.mjs <${Object.keys(SERVER_COMMANDS).join('|')}> [arguments]\n`,
  );
  process.exit(2);
}
try {
  await ensureServerBundle();
} catch (error) {
  process.stderr.write(`Building the server failed: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
const bundle = path.join(SERVER_DIR, `${name}.mjs`);
// The command sees its own arguments, as if it were run directly: node dist/server/NAME.mjs [args…].
process.argv.splice(1, 2, bundle);
await import(pathToFileURL(bundle).href);
