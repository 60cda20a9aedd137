// Starts nginx (Debian's) on loopback with a throw-away config serving one site folder the way a
// production nginx would: sendfile, keep-alive, no access log; `/x` → `x.html`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningNginx {
  port: number;
  stop: () => Promise<void>;
}

export async function startNginx(root: string, port: number, workers: number): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  const config = `
worker_processes ${workers};
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
  server {
    listen 127.0.0.1:${port};
    root ${root};
    etag on;
    location / { try_files $uri $uri.html =404; }
  }
}`;
  writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'ignore',
  });
  await waitForPort(port);
  return {
    port,
    stop: async () => {
      child.kill('SIGQUIT');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function waitForPort(port: number, host = '127.0.0.1'): Promise<void> {
  // Generous: two cluster workers loading tsx on a loaded shared machine took over 10 s.
  for (let waited = 0; waited < 60_000; waited += 50) {
    try {
      await fetch(`http://${host}:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nothing answered on ${host}:${port}`);
}
