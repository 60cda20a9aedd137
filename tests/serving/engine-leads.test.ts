// The quote form (issue 25) when nginx or Caddy serves the sites (issue 29's engine shape, the
// configurations `npm run proxy-config` generates): the form's POST to /api/sites/<cvr>/leads reaches
// the app on each of a site's three addresses (path, subdomain, verified custom domain), the answer a
// browser without JavaScript gets is the 303 to that address's own thank-you page, and the engine
// then serves that page from the site folder. The script's way (a fresh token, a JSON answer), the
// refusal page and photos larger together than the engine's general upload limit reach the app too;
// an unverified domain never takes a request. Asked of the Node front server as well, as the baseline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../api/middleware/rate-limit';
import { listLeads, pageToken } from '../../db';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { solidImage } from '../fixtures/images/make-images';
import { rawRequest } from '../support/site-folders';
import { engineMissing, type RunningEngine, startCaddy, startNginx } from './engines';
import { createServingFixture, HANSEN, LARSEN, PAGES, PUBLIC_HOST, type ServingFixture } from './fixture';

const ADDRESSES = [
  { name: 'path', host: PUBLIC_HOST, thanks: `/${HANSEN.cvr}/tak` },
  { name: 'subdomain', host: `${HANSEN.subdomain}.${PUBLIC_HOST}`, thanks: '/tak' },
  { name: 'verified custom domain', host: HANSEN.domain, thanks: '/tak' },
] as const;
const ACTION = `/api/sites/${HANSEN.cvr}/leads`;
/** Each row sends its own words: the same words twice within a day are one request. */
let sent = 0;

let fixture: ServingFixture;
let photo: Buffer;
let tokens: string[] = [];
const servers = new Map<string, number>();
const engines: RunningEngine[] = [];

beforeAll(async () => {
  // Every post here comes from this one test client (Caddy forwards no client address it was not
  // told to trust): the limits per client and per company are the rate-limit tests' business.
  const generous = { limit: 10_000, windowMs: 60_000 };
  fixture = await createServingFixture({
    leads: {
      limits: {
        perClient: new RateLimiter({ name: 'engine-leads-client', ...generous }),
        allowance: new RateLimiter({ name: 'engine-leads-company', ...generous }),
        pageTokenAllowance: new RateLimiter({ name: 'engine-leads-company-page', ...generous }),
      },
    },
  });
  photo = await solidImage(800, 600, 'jpeg', '#6b8e23');
  // Tokens such as the site's pages carry: published a minute ago, so older than a person's typing.
  // One per post: a page token posted more than a few times a day is refused as a bot (issue 48), and
  // each of these stands for another day's page.
  tokens = await Promise.all(
    Array.from({ length: 60 }, (_, index) =>
      pageToken(fixture.db, HANSEN.cvr, new Date(Date.now() - 60_000 - index * 1000)),
    ),
  );
  const settings = {
    publicHost: fixture.config.publicHost,
    storageDir: fixture.config.storageDir,
    app: `127.0.0.1:${fixture.node.port}`,
  };
  servers.set('node', fixture.node.port);
  if (engineMissing('nginx') === null) engines.push(await startNginx(fixture.dir, settings));
  if (engineMissing('caddy') === null) engines.push(await startCaddy(fixture.dir, settings));
  for (const engine of engines) servers.set(engine.name, engine.port);
}, 60_000);

afterAll(async () => {
  for (const engine of engines) await engine.stop();
  await fixture?.close();
});

/** A multipart body as a browser's form post sends it. */
async function multipart(fields: Record<string, string>, photos: Buffer[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [index, bytes] of photos.entries()) {
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `foto-${index}.jpg`);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') as string,
  };
}

function visitor(message: string): Record<string, string> {
  const token = tokens.pop();
  if (token === undefined) throw new Error('engine-leads: out of page tokens');
  return {
    token,
    website: '',
    name: 'Sofie Lund',
    phone: '20 30 40 50',
    email: 'sofie@example.dk',
    postcode: '8000',
    message,
  };
}

async function post(
  port: number,
  host: string,
  fields: Record<string, string>,
  {
    photos = [photo],
    json = false,
    chunked = false,
  }: { photos?: Buffer[]; json?: boolean; chunked?: boolean } = {},
) {
  const { body, type } = await multipart(fields, photos);
  return rawRequest(port, {
    method: 'POST',
    host,
    path: ACTION,
    body,
    // A browser's form post names the page's origin; the API refuses any other (origin-check.ts).
    headers: {
      'content-type': type,
      origin: `https://${host}`,
      ...(json ? { accept: 'application/json' } : {}),
      ...(chunked ? { 'transfer-encoding': 'chunked' } : {}),
    },
  });
}

async function stored(message: string): Promise<number> {
  return (await listLeads(fixture.db, HANSEN.cvr)).filter((lead) => lead.message === message).length;
}

for (const name of ['node', 'nginx', 'caddy'] as const) {
  const missing = name === 'node' ? null : engineMissing(name);
  describe.skipIf(missing !== null && !process.env.CI)(
    `the quote form through ${name}${missing ? ` (skipped: ${missing})` : ''}`,
    () => {
      for (const address of ADDRESSES) {
        it(`${address.name}: a post without JavaScript is stored and lands on ${address.thanks}`, async () => {
          const port = servers.get(name) as number;
          const message = `Tagrenden er faldet ned (${name}, ${address.name}, ${++sent}).`;
          const answer = await post(port, address.host, visitor(message));
          expect(answer.status).toBe(303);
          expect(answer.headers.location).toBe(address.thanks);
          expect(await stored(message)).toBe(1);
          const [lead] = (await listLeads(fixture.db, HANSEN.cvr)).filter((row) => row.message === message);
          expect(lead?.photos).toHaveLength(1);

          const thanks = await rawRequest(port, { host: address.host, path: address.thanks });
          expect(thanks.status).toBe(200);
          expect(thanks.body.toString()).toBe(PAGES.thanks);
        });

        it(`${address.name}: the script's token and JSON answer, and the refusal page`, async () => {
          const port = servers.get(name) as number;
          const fresh = await rawRequest(port, {
            host: address.host,
            path: `/api/sites/${HANSEN.cvr}/lead-token`,
          });
          expect(fresh.status).toBe(200);
          expect(fresh.headers['cache-control']).toBe('no-store');
          expect(JSON.parse(fresh.body.toString()).token).toMatch(/^[0-9]{13}\./);

          const message = `Nye vinduer (${name}, ${address.name}, ${++sent}).`;
          const answer = await post(port, address.host, visitor(message), { json: true });
          expect(answer.status).toBe(200);
          expect(JSON.parse(answer.body.toString())).toEqual({ ok: true, message: LEAD_MESSAGES.nextSteps });
          expect(await stored(message)).toBe(1);

          const refusedText = `Uden postnummer (${name}, ${address.name}, ${++sent}).`;
          const refused = await post(port, address.host, { ...visitor(refusedText), postcode: '' });
          expect(refused.status).toBe(400);
          expect(refused.headers['content-type']).toMatch(/^text\/html/);
          const page = refused.body.toString();
          expect(page).toContain(LEAD_MESSAGES.postcodeInvalid);
          expect(page).toContain(refusedText);
          expect(page).toContain(`action="${ACTION}"`);
          expect(await stored(refusedText)).toBe(0);
        });
      }

      it('photos larger together than the old 12 MB limit reach the app, sent with a length or in chunks', async () => {
        const port = servers.get(name) as number;
        // Two photos of 6.5 MB: each under the app's 10 MB, together over the 12 MB nginx allowed before. They
        // are not images, so the app refuses them in Danish: what matters is that it is the app.
        const big = Buffer.alloc(6.5 * 1024 * 1024, 0x41);
        const answer = await post(port, `${HANSEN.subdomain}.${PUBLIC_HOST}`, visitor(`Store (${++sent})`), {
          photos: [big, big],
        });
        expect(answer.status).toBe(400);
        expect(answer.body.toString()).toContain(LEAD_MESSAGES.photoRefused);
        // The same body sent in chunks (no length up front), as a client may.
        const chunked = await post(port, `${HANSEN.subdomain}.${PUBLIC_HOST}`, visitor(`Store (${++sent})`), {
          photos: [big, big],
          chunked: true,
        });
        expect(chunked.status).toBe(400);
        expect(chunked.body.toString()).toContain(LEAD_MESSAGES.photoRefused);
      });

      it('an unverified custom domain takes no request', async () => {
        const port = servers.get(name) as number;
        const { body, type } = await multipart(visitor(`Forkert domæne (${name}, ${++sent}).`));
        const answer = await rawRequest(port, {
          method: 'POST',
          host: LARSEN.domain,
          path: `/api/sites/${LARSEN.cvr}/leads`,
          body,
          headers: { 'content-type': type, origin: `https://${LARSEN.domain}` },
        });
        expect(answer.status).toBe(404);
        expect((await listLeads(fixture.db, LARSEN.cvr)).length).toBe(0);
      });
    },
  );
}
