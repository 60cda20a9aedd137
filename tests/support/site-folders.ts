// Shared by the server tests: site folders laid out as the generator lays them out (a symlink
// `sites/<name>` to `sites/.builds/<name>-<n>/`, swapped with rename), and raw HTTP requests that
// send the path exactly as written (fetch would normalise `..` away before it leaves).
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** Writes build `n` of site `name` with `.br`/`.gz` siblings and makes it the live one. */
export function writeFakeSite(sitesDir: string, name: string, files: Record<string, string>, n = 1): string {
  const build = path.join('.builds', `${name}-${n}`);
  const buildDir = path.join(sitesDir, build);
  mkdirSync(buildDir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(buildDir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    writeFileSync(`${full}.br`, brotliCompressSync(text));
    writeFileSync(`${full}.gz`, gzipSync(text));
  }
  const temporary = path.join(sitesDir, `.${name}-${n}.link`);
  symlinkSync(build, temporary);
  renameSync(temporary, path.join(sitesDir, name));
  return buildDir;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RawRequest {
  path: string;
  host?: string;
  method?: string;
  headers?: Record<string, string>;
  /** Sent as the request body, with its Content-Length (unless `transfer-encoding` is given). */
  body?: Buffer;
}

/** One request on its own connection, the path sent byte for byte. */
export function rawRequest(port: number, options: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        headers: {
          host: options.host ?? 'localhost',
          ...(options.body && !options.headers?.['transfer-encoding']
            ? { 'content-length': String(options.body.length) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
