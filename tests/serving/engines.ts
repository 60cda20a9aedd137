// Starts Debian's nginx and Caddy unprivileged on loopback, each with the configuration
// `npm run proxy-config` generates (server/engine-config.ts), in a temporary folder and a process
// group of its own, and stops the whole group after. Waits until the port answers.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { caddyConfig, type EngineSettings, nginxConfig } from '../../server/engine-config';

export interface RunningEngine {
  name: 'nginx' | 'caddy';
  port: number;
  /** Caddy: the https port with `tls internal`. */
  tlsPort?: number;
  stop(): Promise<void>;
}

/** Why an engine cannot run here (not installed), or null. */
export function engineMissing(name: 'nginx' | 'caddy'): string | null {
  const probe = spawnSync(name, name === 'nginx' ? ['-v'] : ['version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0)
    return `${name} is not installed (apt-get install -y ${name === 'nginx' ? 'nginx libnginx-mod-http-brotli-static' : 'caddy'})`;
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something accepts a connection on 127.0.0.1:port. */
export function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output()}`);
    if (await answers(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing answered on 127.0.0.1:${port}: ${output()}`);
}

function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, 3000).unref();
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  // A test process that ends without its afterAll (a timeout, a crash) takes its engine with it.
  const reap = () => {
    try {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  process.once('exit', reap);
  child.once('exit', () => process.removeListener('exit', reap));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output.slice(-4000) };
}

export async function startNginx(
  dir: string,
  settings: Omit<EngineSettings, 'listen'>,
): Promise<RunningEngine> {
  const prefix = path.join(dir, 'nginx');
  mkdirSync(prefix, { recursive: true });
  const port = await freePort();
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, nginxConfig({ ...settings, listen: port }));
  const { child, output } = run('nginx', ['-p', prefix, '-c', file, '-g', 'daemon off;']);
  await waitForPort(port, child, output).catch(async (error: Error) => {
    await stopGroup(child);
    throw new Error(`nginx: ${error.message}`);
  });
  return { name: 'nginx', port, stop: () => stopGroup(child) };
}

export async function startCaddy(
  dir: string,
  settings: Omit<EngineSettings, 'listen'>,
): Promise<RunningEngine> {
  const home = path.join(dir, 'caddy');
  mkdirSync(home, { recursive: true });
  const port = await freePort();
  const tlsPort = await freePort();
  const file = path.join(home, 'Caddyfile');
  writeFileSync(file, caddyConfig({ ...settings, listen: port, tlsInternalPort: tlsPort }));
  // Caddy keeps its certificates and its CA under XDG_DATA_HOME: a folder of this run's own.
  const env = {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
  };
  const { child, output } = run('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], env);
  await waitForPort(port, child, output).catch(async (error: Error) => {
    await stopGroup(child);
    throw new Error(`caddy: ${error.message}`);
  });
  return { name: 'caddy', port, tlsPort, stop: () => stopGroup(child) };
}
