// What the quote form checks before it reads a body, and how it reads one (issue 39): an inactive
// site's form answers what the site shows; a declared length over the cap, a client over its body
// budget or its stored-request limit are refused from the headers, their bodies never pulled; a body
// without a length is cut off at the cap as it streams; a client that goes away mid-body leaves
// nothing stored and its place free. The bodies here are web streams that count what was pulled.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_FORM_MAX_BODY_BYTES } from '../../api/images/upload-rules';
import { LEAD_LIMITS } from '../../api/leads/lead-limits';
import { freshToken, listLeads, pageToken } from '../../db';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { MESSAGES } from '../../rules/messages';
import { GRACE_DAYS } from '../../rules/trial';
import { inactiveSitePage } from '../../server/fallback-pages';
import { type ApiHarness, createApiHarness } from '../api/api-harness';

let h: ApiHarness;
const CVR = '31313131';
const PROXY = '10.0.0.5';
const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  h = await createApiHarness({ TRUST_PROXY: '10.0.0.0/8' });
  await h.createOwner(CVR, 'Tagdækker Hansen ApS', 'ejer@hansen-tag.dk');
});
afterEach(async () => {
  await h.close();
});

const visitor = {
  name: 'Mette Ørsted',
  phone: '20 30 40 50',
  email: 'mette@example.dk',
  postcode: '4600',
  message: 'Taget drypper over køkkenet.',
};

/** A multipart body as the form sends it: its fields, then `photoBytes` of photo. */
async function formBody(fields: Record<string, string>, photoBytes = 0) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (photoBytes > 0)
    form.append('photos', new Blob([new Uint8Array(photoBytes)], { type: 'image/jpeg' }), 'tag.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    bytes: new Uint8Array(await request.arrayBuffer()),
    type: request.headers.get('content-type') as string,
  };
}

/** A body that hands out `bytes` in 64 KB chunks (then ends, or errors), counting what was pulled. */
function countingStream(bytes: Uint8Array, end: 'close' | 'error' = 'close') {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= bytes.length) {
          if (end === 'error') controller.error(new Error('the client went away'));
          else controller.close();
          return;
        }
        const chunk = bytes.subarray(counter.pulled, counter.pulled + 64 * 1024);
        counter.pulled += chunk.length;
        controller.enqueue(chunk);
      },
      // Nothing is pulled before someone reads.
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

function send(
  body: ReadableStream<Uint8Array> | Uint8Array,
  type: string,
  options: { from?: string; length?: number | null; json?: boolean } = {},
) {
  const headers: Record<string, string> = {
    'Content-Type': type,
    Host: 'localhost:3000',
    Origin: 'http://localhost:3000',
    'X-Forwarded-For': options.from ?? '198.51.100.7',
  };
  if (options.json !== false) headers.Accept = 'application/json';
  if (options.length !== null && options.length !== undefined)
    headers['Content-Length'] = String(options.length);
  const init = { method: 'POST', headers, body, duplex: 'half' } as RequestInit;
  return h.app.request(`http://localhost:3000/api/sites/${CVR}/leads`, init, {
    incoming: { socket: { remoteAddress: PROXY } },
  });
}

async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

describe('before the body', () => {
  it("refuses a request to an inactive site with the site's own words, and stores nothing", async () => {
    await h.db
      .updateTable('companies')
      .set({ trialEndDate: new Date(h.now().getTime() - (GRACE_DAYS + 1) * DAY_MS).toISOString() })
      .where('cvr', '=', CVR)
      .execute();
    const token = await pageToken(h.db, CVR, new Date(h.now().getTime() - 60_000));
    const { bytes, type } = await formBody({ ...visitor, token });
    const { stream, counter } = countingStream(bytes);
    const answer = await send(stream, type, { length: bytes.length });
    expect(answer.status).toBe(503);
    expect(await errorOf(answer)).toBe(MESSAGES.siteInactive);
    // The page the site shows says the same.
    expect(inactiveSitePage('/').body.toString()).toContain(MESSAGES.siteInactive);
    expect(counter.pulled).toBe(0);

    // Without the script: to the site, which shows that page.
    const plain = await send(bytes, type, { json: false });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe(`/${CVR}/`);
    const tokenAnswer = await h.send('GET', `/api/sites/${CVR}/lead-token`);
    expect(tokenAnswer.status).toBe(503);
    expect(await listLeads(h.db, CVR)).toEqual([]);
  });

  it('refuses a declared length over the cap without reading a byte', async () => {
    const { bytes, type } = await formBody({ ...visitor, token: 'x' });
    const { stream, counter } = countingStream(bytes);
    const answer = await send(stream, type, { length: LEAD_FORM_MAX_BODY_BYTES + 1 });
    expect(answer.status).toBe(413);
    expect(await errorOf(answer)).toBe(LEAD_MESSAGES.photoRefused);
    expect(answer.headers.get('connection')).toBe('close');
    expect(counter.pulled).toBe(0);
  });

  it('counts every body a client makes us read, large ones more, and refuses past its budget unread', async () => {
    // Bad tokens: each body is read and refused, which used to count against nothing.
    const { bytes, type } = await formBody({ ...visitor, token: 'forfalsket' }, 8 * MB);
    const cost = 1 + Math.ceil(bytes.length / MB);
    const allowed = Math.floor(LEAD_LIMITS.bodiesPerClient.limit / cost);
    for (let n = 0; n < allowed; n++) {
      const answer = await send(bytes, type, { length: bytes.length });
      expect(answer.status).toBe(400);
      expect(await errorOf(answer)).toBe(LEAD_MESSAGES.tokenRefused);
    }
    const { stream, counter } = countingStream(bytes);
    const refused = await send(stream, type, { length: bytes.length });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(LEAD_MESSAGES.tooMany);
    expect(counter.pulled).toBe(0);
    // Another client's visitor is not affected.
    const token = await freshToken(h.db, CVR, new Date(h.now().getTime() - 10_000));
    const other = await formBody({ ...visitor, token });
    expect(
      (await send(other.bytes, other.type, { from: '198.51.100.8', length: other.bytes.length })).status,
    ).toBe(200);
  });

  it('refuses a client over its stored requests from the headers', async () => {
    for (let n = 0; n < LEAD_LIMITS.perClient.limit; n++) {
      const token = await freshToken(h.db, CVR, new Date(h.now().getTime() - 10_000));
      const { bytes, type } = await formBody({ ...visitor, message: `Opgave ${n}`, token });
      expect((await send(bytes, type, { length: bytes.length })).status).toBe(200);
    }
    const { bytes, type } = await formBody({ ...visitor, message: 'Opgave 6', token: 'x' }, 5 * MB);
    const { stream, counter } = countingStream(bytes);
    const answer = await send(stream, type, { length: bytes.length });
    expect(answer.status).toBe(429);
    expect(counter.pulled).toBe(0);
  });
});

describe('the body', () => {
  it('is not read past a bad token when it is large: the answer comes at once and the connection closes', async () => {
    const { bytes, type } = await formBody({ ...visitor, token: 'forfalsket' }, 20 * MB);
    const { stream, counter } = countingStream(bytes);
    const answer = await send(stream, type, { length: bytes.length });
    expect(answer.status).toBe(400);
    expect(await errorOf(answer)).toBe(LEAD_MESSAGES.tokenRefused);
    expect(answer.headers.get('connection')).toBe('close');
    expect(counter.pulled).toBeLessThan(MB);
    // A small one is read to its end, and the connection stays.
    const small = await formBody({ ...visitor, token: 'forfalsket' }, 100 * 1024);
    const smallAnswer = await send(small.bytes, small.type, { length: small.bytes.length });
    expect(smallAnswer.status).toBe(400);
    expect(smallAnswer.headers.get('connection')).toBeNull();
  });

  it('is cut off at the cap as it streams when it declares no length', async () => {
    // A valid token: its photos are wanted, so the body is read until the cap stops it.
    const token = await freshToken(h.db, CVR, new Date(h.now().getTime() - 10_000));
    const { bytes, type } = await formBody({ ...visitor, token }, LEAD_FORM_MAX_BODY_BYTES + 4 * MB);
    const { stream, counter } = countingStream(bytes);
    const answer = await send(stream, type, { length: null });
    expect(answer.status).toBe(413);
    expect(await errorOf(answer)).toBe(LEAD_MESSAGES.photoRefused);
    // Reading stopped within a chunk or two of the cap (the stream's own read-ahead aside).
    expect(counter.pulled).toBeLessThan(LEAD_FORM_MAX_BODY_BYTES + MB);
  });

  it('stores nothing from a client that goes away mid-body, and lets it send again', async () => {
    const token = await freshToken(h.db, CVR, new Date(h.now().getTime() - 10_000));
    const { bytes, type } = await formBody({ ...visitor, token }, 6 * MB);
    for (let n = 0; n < 3; n++) {
      const { stream } = countingStream(bytes.subarray(0, 3 * MB), 'error');
      const answer = await send(stream, type, { length: bytes.length });
      expect(answer.status).toBe(400);
    }
    expect(await listLeads(h.db, CVR)).toEqual([]);
    // Its large-body places were given back: a whole body now goes through.
    const whole = await send(bytes, type, { length: bytes.length });
    expect(whole.status).toBe(400);
    expect(await errorOf(whole)).toBe(LEAD_MESSAGES.photoRefused);
  });
});
