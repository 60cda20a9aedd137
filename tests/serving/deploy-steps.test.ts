// docs/deploy.md's "From a fresh Debian server to serving", followed as an operator would (issue 29
// item 6): the test reads the section's `sh` blocks and runs them line by line, so the doc and the
// test cannot drift. On loopback, unprivileged, in a temporary folder: /srv/mesterside, /etc and
// /var/log are moved into it, the app is this checkout (its build is the test run's), and the ports
// 3000, 80 and 443 become free ones (so Caddy serves plain HTTP, as it does on any port but 443).
// Lines only root can run on a real server (packages, users, systemd's own bookkeeping) are named
// below and not repeated; a line the test does not know fails it. Then a company is onboarded through
// each engine (its /api proxied to the app) and its site is fetched through the engine by path and by
// subdomain, brotli-compressed (the copies a publish writes) and revalidated with a 304.
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Run, runProcess, spawnProcess, spawnProduct, waitFor } from '../support/processes';
import { rawRequest } from '../support/site-folders';
import { answers, engineMissing, freePort } from './engines';

const SECTION = '### From a fresh Debian server to serving';
const PUBLIC_HOST = 'mesterside.dk';
/** What Debian's caddy.service starts (`systemctl reload caddy` in the doc reloads it). */
const DEBIAN_CADDY = '/usr/bin/caddy run --environ --config /etc/caddy/Caddyfile';
/** Lines a real server needs and a test on this checkout cannot or need not repeat. */
const ROOT_ONLY = [
  /^apt-get install -y /, // the test machine has the packages (.ci/run installs them)
  /^systemctl disable --now nginx$/, // Debian's own nginx unit: not started here
  /^useradd /, // the test runs as its own user
  /^sudo -u mesterside git clone /, // the app is this checkout
  /^cd \/srv\/mesterside\/app && sudo -u mesterside sh -c 'npm install && npm run build'$/, // the run's build
];

const missing = { nginx: engineMissing('nginx'), caddy: engineMissing('caddy') };

/** The section's `sh` blocks, each as its logical lines (heredocs and quoted line breaks kept whole). */
function docBlocks(): string[][] {
  const doc = readFileSync(path.join(ROOT, 'docs', 'deploy.md'), 'utf8');
  const start = doc.indexOf(SECTION);
  expect(start, `docs/deploy.md has "${SECTION}"`).toBeGreaterThan(-1);
  const rest = doc.slice(start + SECTION.length);
  const section = rest.slice(0, rest.search(/\n#{2,3} /) >>> 0);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => logicalLines(block[1] as string));
}

function logicalLines(block: string): string[] {
  const lines: string[] = [];
  const raw = block.split('\n');
  for (let index = 0; index < raw.length; index++) {
    let line = raw[index] as string;
    const heredoc = /<<'(\w+)'$/.exec(line);
    if (heredoc) {
      while (index + 1 < raw.length && raw[index] !== heredoc[1]) line += `\n${raw[++index]}`;
    } else {
      // A single-quoted string may go on to the next line; a comment ends a line outside quotes.
      let [code, open] = withoutComment(line, false);
      while (open && index + 1 < raw.length) {
        const [next, stillOpen] = withoutComment(raw[++index] as string, true);
        code += `\n${next}`;
        open = stillOpen;
      }
      line = code;
    }
    if (line.trim()) lines.push(line.trim());
  }
  return lines;
}

/** The line up to a comment outside single quotes, and whether a quote is still open at its end. */
function withoutComment(line: string, quoted: boolean): [string, boolean] {
  let open = quoted;
  for (let at = 0; at < line.length; at++) {
    if (line[at] === "'") open = !open;
    else if (!open && line[at] === '#' && (at === 0 || /\s/.test(line[at - 1] as string)))
      return [line.slice(0, at).trimEnd(), open];
  }
  return [line, open];
}

/** Shell words, single quotes only (all the doc's unit lines use). */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? (match[2] as string));
}

interface Machine {
  dir: string;
  appPort: number;
  env: Record<string, string>;
  units: Map<string, string>;
  product?: Run;
  engines: Map<'nginx' | 'caddy', number>;
}

/** A path or port of the doc, on this machine. */
function here(machine: Machine, text: string, listen?: number): string {
  const moved = text
    .replaceAll('/srv/mesterside/app', ROOT)
    .replaceAll('/srv/mesterside', machine.dir)
    .replaceAll('/var/log/mesterside', path.join(machine.dir, 'log'))
    .replaceAll('/etc/', `${path.join(machine.dir, 'etc')}/`);
  return listen === undefined ? moved : moved.replace(/--listen \d+/, `--listen ${listen}`);
}

function unitValue(unit: string, key: string): string {
  const value = new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];
  expect(value, `the unit's ${key}`).toBeDefined();
  return value as string;
}

async function startEngine(machine: Machine, name: 'nginx' | 'caddy', command: string, port: number) {
  const [program, ...args] = words(here(machine, command));
  // Caddy keeps its certificates and CA under its home (Debian's unit: /var/lib/caddy).
  const home = path.join(machine.dir, 'caddy-home');
  const env: Record<string, string> =
    name === 'caddy' ? { HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home } : {};
  const run = spawnProcess(program as string, args, { env });
  await waitFor(`${name} on port ${port}`, () => answers(port), 30_000, 50, [run]);
  machine.engines.set(name, port);
}

/** Runs one line of the doc. */
async function step(machine: Machine, line: string, listen: number): Promise<void> {
  // Debian's caddy package makes /etc/caddy, where the generated Caddyfile goes.
  if (line === 'apt-get install -y caddy') mkdirSync(here(machine, '/etc/caddy'), { recursive: true });
  if (ROOT_ONLY.some((pattern) => pattern.test(line))) return;
  const file = /^cat > (\S+) <<'(\w+)'\n([\s\S]*)\n\2$/.exec(line);
  if (file) {
    const [, target, , body] = file as unknown as [string, string, string, string];
    if (target === '/etc/mesterside.env') {
      // The doc's settings, with the app on a free port and the paths moved.
      const text = here(machine, body).replace(/^PORT=\d+$/m, `PORT=${machine.appPort}`);
      for (const [, key, value] of text.matchAll(/^(\w+)=(.*)$/gm))
        machine.env[key as string] = value as string;
      mkdirSync(path.join(machine.dir, 'etc'), { recursive: true });
      writeFileSync(here(machine, target), `${text}\n`);
    } else {
      const unit = /^\/etc\/systemd\/system\/([\w-]+)\.service$/.exec(target);
      expect(unit, `a file the test knows: ${target}`).not.toBeNull();
      machine.units.set(unit?.[1] as string, body);
    }
    return;
  }
  // chown: the test's user is the app's user.
  const mkdir = /^mkdir -p (\S+)(?: && chown mesterside \1)?$/.exec(line);
  if (mkdir) {
    mkdirSync(here(machine, mkdir[1] as string), { recursive: true });
    return;
  }
  // nginx started by root serves as `nobody`, which must read storage/ (a temporary folder is 0700).
  const chmod = /^chmod 755 (\S+)$/.exec(line);
  if (chmod) {
    chmodSync(here(machine, chmod[1] as string), 0o755);
    return;
  }
  const asApp = /^sudo -u mesterside sh -c '([^']*)'(?: > (\S+))?$/.exec(line);
  if (asApp) {
    const done = await runProcess('sh', ['-c', here(machine, asApp[1] as string, listen)]);
    expect(done.code, `${line}\n${done.stderr}`).toBe(0);
    if (asApp[2]) writeFileSync(here(machine, asApp[2]), done.stdout);
    return;
  }
  const enable = /^systemctl enable --now ([\w-]+)$/.exec(line);
  if (enable?.[1] === 'mesterside') {
    const unit = machine.units.get('mesterside') as string;
    // The unit runs `npm start` in the app with the env file: the test's way to start it.
    expect(unitValue(unit, 'ExecStart')).toBe('/usr/bin/npm start');
    expect(unitValue(unit, 'WorkingDirectory')).toBe('/srv/mesterside/app');
    expect(unitValue(unit, 'EnvironmentFile')).toBe('/etc/mesterside.env');
    machine.product = spawnProduct(machine.env);
    // It prints the public address (https://mesterside.dk), not its port, once it listens.
    const started = () => machine.product?.output().includes('Mesterside is running on') === true;
    await waitFor('npm start', started, 120_000, 100, [machine.product]);
    return;
  }
  if (enable?.[1] === 'mesterside-nginx') {
    if (missing.nginx === null) {
      const unit = machine.units.get('mesterside-nginx') as string;
      await startEngine(machine, 'nginx', unitValue(unit, 'ExecStart'), listen);
    }
    return;
  }
  if (line === 'systemctl reload caddy') {
    if (missing.caddy === null) await startEngine(machine, 'caddy', DEBIAN_CADDY, listen);
    return;
  }
  const curl = /^curl -sI -H 'Host: <subdomain>\.([\w.]+)' http:\/\/127\.0\.0\.1\/$/.exec(line);
  if (curl) {
    expect(curl[1]).toBe(PUBLIC_HOST);
    if (!machine.engines.has('nginx')) return;
    const host = demoHost(machine);
    const answer = await rawRequest(listen, { method: 'HEAD', host, path: '/' });
    expect(answer.status, `${line} with ${host}: ${answer.headers.location ?? ''}`).toBe(200);
    return;
  }
  expect.fail(`docs/deploy.md has a step this test does not know: ${line}`);
}

/** A subdomain the routing tree serves (one of the demo companies the first start seeds). */
function demoHost(machine: Machine): string {
  const hosts = readdirSync(path.join(machine.env.STORAGE_DIR as string, 'routes', 'hosts'));
  const host = hosts.find((name) => name.endsWith(`.${PUBLIC_HOST}`));
  expect(host, 'a subdomain in storage/routes/hosts').toBeDefined();
  return host as string;
}

let machine: Machine;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'mesterside-deploy-'));
  machine = { dir, appPort: await freePort(), env: {}, units: new Map(), engines: new Map() };
  const blocks = docBlocks();
  expect(blocks.length, 'two sh blocks: nginx, then Caddy').toBe(2);
  const [nginxPort, caddyPort] = [await freePort(), await freePort()];
  for (const line of blocks[0] as string[]) await step(machine, line, nginxPort);
  for (const line of blocks[1] as string[]) await step(machine, line, caddyPort);
}, 240_000);

afterAll(async () => {
  // Every process above is a tests/support/processes.ts run: stopped after the file as well.
  await machine?.product?.stop(30_000);
  if (machine) await rm(machine.dir, { recursive: true, force: true });
});

const COMPANIES = { nginx: '99000101', caddy: '99000202' } as const;

for (const name of ['nginx', 'caddy'] as const) {
  describe.skipIf(missing[name] !== null && !process.env.CI)(
    `the fresh-server steps with ${name}${missing[name] ? ` (skipped: ${missing[name]})` : ''}`,
    () => {
      it('onboards a company through the engine and serves its site by path and subdomain, br and 304', async () => {
        const port = machine.engines.get(name) as number;
        const cvr = COMPANIES[name];
        const health = await rawRequest(port, { host: PUBLIC_HOST, path: '/api/health' });
        expect(health.status).toBe(200);
        expect(JSON.parse(health.body.toString())).toMatchObject({ database: { status: 'ok' } });

        const password = 'Tagrende-kode-42';
        const created = await rawRequest(port, {
          method: 'POST',
          host: PUBLIC_HOST,
          path: '/api/onboarding/create',
          headers: { 'content-type': 'application/json', origin: `https://${PUBLIC_HOST}` },
          body: Buffer.from(
            JSON.stringify({
              cvr,
              email: `ejer-${name}@eksempel.dk`,
              password,
              passwordRepeat: password,
              acceptPrivacy: true,
            }),
          ),
        });
        expect(created.status, created.body.toString()).toBe(201);
        const { subdomain } = JSON.parse(created.body.toString()) as { subdomain: string };

        const brotli = { 'accept-encoding': 'gzip, deflate, br' };
        const addresses = [
          { host: PUBLIC_HOST, path: `/${cvr}/` },
          { host: `${subdomain}.${PUBLIC_HOST}`, path: '/' },
        ];
        // The publish runs after the answer. It swaps the site in first and writes the routes
        // after (server/product-stack.ts), so for a moment the path is served (the engine hands a
        // missing route to the app, which finds the site) while the subdomain still gets the
        // engine's 404 page for a subdomain it does not know yet: wait for both.
        await waitFor(
          `${name} to serve the new site on its path and subdomain`,
          async () => {
            for (const address of addresses)
              if ((await rawRequest(port, address)).status !== 200) return false;
            return true;
          },
          60_000,
          100,
          machine.product ? [machine.product] : [],
        );
        for (const address of addresses) {
          const page = await rawRequest(port, { ...address, headers: brotli });
          expect(page.status, address.host).toBe(200);
          expect(page.headers['content-encoding'], address.host).toBe('br');
          const etag = page.headers.etag as string;
          expect(etag).toMatch(/^"[^"]+"$/);
          const again = await rawRequest(port, { ...address, headers: { ...brotli, 'if-none-match': etag } });
          expect(again.status, address.host).toBe(304);
        }
      });
    },
  );
}
