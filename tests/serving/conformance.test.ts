// One behaviour on three servers (issue 29): every row of tests/serving/cases.ts is asked of the
// Node front server, of Debian's nginx and of Debian's Caddy running the configurations
// `npm run proxy-config` generates, over one small seeded storage. On every server a row must meet
// its expectation, and what the suite compares (status, the caching, content and security headers,
// Location, the decoded body) must equal the Node server's answer. Two differences are allowed and
// named: a redirect's body (an engine writes a few lines of HTML where Node writes none; no client
// shows it), and a probe nginx refuses with 400 before any configuration runs (an encoded dot
// segment or NUL), where Node redirects to /404. Neither ever shows a byte from outside a site.
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRICT_TRANSPORT_SECURITY } from '../../rules/content-security-policy';
import { type RawResponse, rawRequest } from '../support/site-folders';
import { CASES, type ConformanceCase } from './cases';
import { engineMissing, type RunningEngine, startCaddy, startNginx } from './engines';
import { createServingFixture, HANSEN, LARSEN, PAGES, SECRET, type ServingFixture } from './fixture';

const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'content-security-policy',
  'referrer-policy',
  'x-frame-options',
  'x-content-type-options',
  'content-encoding',
  'vary',
  'location',
  'allow',
  'strict-transport-security',
] as const;

let fixture: ServingFixture;
const engines = new Map<string, RunningEngine>();
const nodeAnswers = new Map<string, Answer>();

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
  etag: string | null;
}

function decoded(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (response.body.length === 0) return '';
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  return response.body.toString();
}

function header(response: RawResponse, name: string): string | null {
  const value = response.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

async function ask(port: number, row: ConformanceCase): Promise<Answer> {
  const response = await rawRequest(port, {
    path: row.path,
    host: row.host,
    method: row.method ?? 'GET',
    headers: row.headers ?? {},
  });
  const headers: Record<string, string | null> = {};
  for (const name of COMPARED_HEADERS) headers[name] = header(response, name);
  return { status: response.status, headers, body: decoded(response), etag: header(response, 'etag') };
}

/** What is compared with the Node server's answer. */
function comparable(answer: Answer): Omit<Answer, 'etag'> {
  if (answer.status < 300 || answer.status >= 400)
    return { status: answer.status, headers: answer.headers, body: answer.body };
  return { status: answer.status, headers: { ...answer.headers, 'content-type': null }, body: '' };
}

/** nginx answers 400 to an encoded dot segment or NUL before it reads its configuration. */
function refusedEarly(answer: Answer, row: ConformanceCase): boolean {
  return row.probe === true && answer.status === 400;
}

function meets(answer: Answer, row: ConformanceCase): void {
  const expected = row.expect;
  expect(answer.body).not.toContain(SECRET);
  if (refusedEarly(answer, row)) return;
  expect(answer.status, 'status').toBe(expected.status);
  for (const [name, value] of Object.entries(expected.headers ?? {})) {
    const actual = name === 'etag' ? answer.etag : answer.headers[name];
    if (value === null) expect(actual, name).toBeNull();
    else if (typeof value === 'string') expect(actual, name).toBe(value);
    else expect(actual, name).toMatch(value);
  }
  if (typeof expected.body === 'string') expect(answer.body, 'body').toBe(expected.body);
  else if (expected.body) expect(answer.body, 'body').toMatch(expected.body);
}

async function revalidates(port: number, row: ConformanceCase, etag: string | null): Promise<void> {
  expect(etag, 'a strong ETag').toMatch(/^"[^"]+"$/);
  const again = await rawRequest(port, {
    path: row.path,
    host: row.host,
    headers: { ...row.headers, 'if-none-match': etag as string },
  });
  expect(again.status, '304 on If-None-Match').toBe(304);
  expect(again.body.length).toBe(0);
  expect(header(again, 'etag')).toBe(etag);
  expect(header(again, 'cache-control')).toBe(row.expect.headers?.['cache-control'] ?? 'no-cache');
}

beforeAll(async () => {
  fixture = await createServingFixture();
  const settings = {
    publicHost: fixture.config.publicHost,
    storageDir: fixture.config.storageDir,
    app: `127.0.0.1:${fixture.node.port}`,
  };
  // nginx serves the marketing build's /_astro/ files itself (Caddy hands them to the app).
  const assetsDir = path.join(fixture.dir, 'marketing');
  if (engineMissing('nginx') === null)
    engines.set('nginx', await startNginx(fixture.dir, { ...settings, assetsDir }));
  if (engineMissing('caddy') === null) engines.set('caddy', await startCaddy(fixture.dir, settings));
  for (const row of CASES) nodeAnswers.set(row.name, await ask(fixture.node.port, row));
}, 60_000);

afterAll(async () => {
  for (const engine of engines.values()) await engine.stop();
  await fixture?.close();
});

describe('node front server', () => {
  it.each(CASES.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const answer = nodeAnswers.get(row.name) as Answer;
    meets(answer, row);
    if (row.expect.revalidates) await revalidates(fixture.node.port, row, answer.etag);
  });
});

for (const name of ['nginx', 'caddy'] as const) {
  const missing = engineMissing(name);
  // Under CI the engines are installed (.ci/run); elsewhere a missing one says so in the suite's name.
  describe.skipIf(missing !== null && !process.env.CI)(
    `${name}${missing ? ` (skipped: ${missing})` : ''}`,
    () => {
      for (const row of CASES) {
        it(row.name, async () => {
          const engine = engines.get(name) as RunningEngine;
          const answer = await ask(engine.port, row);
          meets(answer, row);
          if (refusedEarly(answer, row)) return;
          expect(comparable(answer)).toEqual(comparable(nodeAnswers.get(row.name) as Answer));
          if (row.expect.revalidates) await revalidates(engine.port, row, answer.etag);
        });
      }
    },
  );
}

/** One https request with SNI `host`; the certificate is Caddy's internal CA's, so it is read, not verified. */
function httpsGet(port: number, host: string, urlPath: string) {
  return new Promise<{
    status: number;
    body: string;
    issuer: string;
    names: string;
    hsts: string | undefined;
  }>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        servername: host,
        headers: { host },
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        const certificate = (res.socket as TLSSocket).getPeerCertificate();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            issuer: String(certificate.issuer?.CN ?? ''),
            names: certificate.subjectaltname ?? '',
            hsts: res.headers['strict-transport-security'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(engineMissing('caddy') !== null && !process.env.CI)(
  'caddy: on-demand TLS asks /_tls/ask',
  () => {
    it('gives a verified domain a certificate and serves its site over https', async () => {
      const caddy = engines.get('caddy') as RunningEngine;
      const answer = await httpsGet(caddy.tlsPort as number, HANSEN.domain, '/om-os');
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(PAGES.about);
      expect(answer.names).toContain(`DNS:${HANSEN.domain}`);
      expect(answer.issuer).toMatch(/Caddy Local Authority/);
      // Served over TLS by Caddy itself: HSTS, as on /api.
      expect(answer.hsts).toBe(STRICT_TRANSPORT_SECURITY);
    });

    it('refuses a certificate to a pending domain', async () => {
      const caddy = engines.get('caddy') as RunningEngine;
      await expect(httpsGet(caddy.tlsPort as number, LARSEN.domain, '/')).rejects.toThrow();
    });
  },
);
