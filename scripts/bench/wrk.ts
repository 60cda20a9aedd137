// Runs wrk (Debian's) against a URL and returns requests per second.
import { execFile } from 'node:child_process';
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
