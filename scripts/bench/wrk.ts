// Runs wrk (Debian's): GETs of a URL for requests per second, and the page saves' load (wrkSaves).
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadOptions {
  url: string;
  host?: string;
  seconds?: number;
  connections?: number;
  threads?: number;
}

export async function wrkRequestsPerSecond(options: LoadOptions): Promise<number> {
  const args = [
    `-t${options.threads ?? 1}`,
    `-c${options.connections ?? 50}`,
    `-d${options.seconds ?? 5}s`,
    ...(options.host ? ['-H', `Host: ${options.host}`] : []),
    options.url,
  ];
  const { stdout } = await run('wrk', args, { timeout: ((options.seconds ?? 5) + 30) * 1000 });
  const match = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout);
  if (!match?.[1]) throw new Error(`wrk gave no figure:\n${stdout}`);
  if (non2xx) throw new Error(`wrk saw ${non2xx[1]} error responses from ${options.url}`);
  return Number(match[1]);
}

export async function haveCommand(name: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${name}`]);
    return true;
  } catch {
    return false;
  }
}

export interface WrkSaves {
  requests: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  p50: number;
  p95: number;
}

/** A Lua string literal of `text` (wrk's scripts are Lua). */
function lua(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/**
 * PUTs of JSON to `url` from `connections` keep-alive connections for `seconds`, each body `body(n)`
 * with a different n (so every save changes the page), and the latency percentiles wrk measured.
 * `body` is given as text around one `%d`, which wrk's Lua fills with the request's number.
 */
export async function wrkSaves(options: {
  url: string;
  headers: Record<string, string>;
  body: string;
  seconds: number;
  connections: number;
  scriptDir: string;
}): Promise<WrkSaves> {
  const { pathname, origin } = new URL(options.url);
  const headers = Object.entries(options.headers)
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(', ');
  const script = path.join(options.scriptDir, 'saves.lua');
  writeFileSync(
    script,
    `local n = 0
local headers = { ${headers} }
request = function()
  n = n + 1
  return wrk.format("PUT", ${lua(pathname)}, headers, string.format(${lua(options.body)}, n))
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("SAVES %d %d %d %d\\n", summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(95)))
end
`,
  );
  const { stdout } = await run(
    'wrk',
    ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '-s', script, origin],
    { timeout: (options.seconds + 30) * 1000 },
  );
  const match = /SAVES (\d+) (\d+) (\d+) (\d+)/.exec(stdout);
  if (!match) throw new Error(`wrk gave no figures:\n${stdout}`);
  const [requests, errors, p50Us, p95Us] = match.slice(1).map(Number) as [number, number, number, number];
  return { requests, errors, p50: p50Us / 1000, p95: p95Us / 1000 };
}
