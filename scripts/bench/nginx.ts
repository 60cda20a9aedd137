// Starts nginx (Debian's) on loopback with a throw-away config serving one site folder the way a
// production nginx would: sendfile, keep-alive, no access log; `/x` → `x.html`.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningNginx {
  port: number;
  stop: () => Promise<void>;
}

export interface NginxOptions {
  port: number;
  workers: number;
  /** Directives inside `http { }` after the shared ones (maps, caches, the `server` block). */
  http: (dir: string) => string;
  /** Absolute paths of dynamic modules to load. */
  modules?: string[];
}

/** nginx (Debian's) on loopback with a throw-away config: the shared production-like `http`
 *  settings (sendfile, keep-alive, no access log) and what `options.http` adds. */
export async function runNginx(options: NginxOptions): Promise<RunningNginx & { pid: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  // nginx's workers run as an unprivileged user: they must be able to read what the caller writes here.
  chmodSync(dir, 0o755);
  const config = `
${(options.modules ?? []).map((module) => `load_module ${module};`).join('\n')}
worker_processes ${options.workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${options.http(dir)}
}`;
  writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'ignore',
  });
  await waitForNginx(child, options.port, path.join(dir, 'error.log'));
  return {
    port: options.port,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGQUIT');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One site folder served the way a production nginx would: `/x` → `x.html`. */
export function startNginx(root: string, port: number, workers: number): Promise<RunningNginx> {
  return runNginx({
    port,
    workers,
    http: () => `  server {
    listen 127.0.0.1:${port};
    root ${root};
    etag on;
    location / { try_files $uri $uri.html =404; }
  }`,
  });
}

/** Debian's brotli module, which the scale bench's nginx configurations load. */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** What the serving benches need from this machine and lack, as one line saying how to get it; null
 *  when nothing is missing. */
export function missingForNginxBench(): string | null {
  if (!existsSync(BROTLI_MODULE))
    return `nginx's brotli module is missing (${BROTLI_MODULE}): apt-get install -y libnginx-mod-http-brotli-static`;
  return null;
}

/** Waits until nginx answers on `port`; if it exits first, says why in its own words. */
export async function waitForNginx(child: ChildProcess, port: number, errorLog?: string): Promise<void> {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const gaveUp = waitForPort(port).then(
    () => null,
    (error: Error) => error,
  );
  for (;;) {
    const done = await Promise.race([gaveUp, new Promise((resolve) => setTimeout(resolve, 100, 'tick'))]);
    if (done === null) return;
    if (exited || done instanceof Error) {
      const said =
        errorLog && existsSync(errorLog)
          ? readFileSync(errorLog, 'utf8').trim().split('\n').slice(-3).join('\n')
          : '';
      const missing = missingForNginxBench();
      throw new Error(
        [
          `nginx did not start on 127.0.0.1:${port}${exited ? ` (it exited with ${child.exitCode})` : ''}`,
          said,
          missing,
        ]
          .filter(Boolean)
          .join('\n'),
      );
    }
  }
}

export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 60_000): Promise<void> {
  // Generous: two cluster workers loading tsx on a loaded shared machine took over 10 s.
  for (let waited = 0; waited < timeoutMs; waited += 50) {
    try {
      await fetch(`http://${host}:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nothing answered on ${host}:${port}`);
}
