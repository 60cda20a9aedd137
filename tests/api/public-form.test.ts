// A new public form gets everything by declaring its fields and its handler (issue 50): this file
// declares a throwaway one, "ring mig op" (a customer asks the company to call back about a job they
// got a signed link for), mounts it in the real app and checks what a visitor and an attacker notice:
// the branded no-JavaScript page of every outcome, the Danish refusal beside its field with what was
// typed kept (escaped), JSON for a script, the honeypot, the signed per-document link (one company,
// one document, one purpose, single use), the per-client and per-site limits, the body cap, the
// OpenAPI document and the isolation probe.
import { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../api/env';
import { RateLimiter } from '../../api/middleware/rate-limit';
import { routeGroup } from '../../api/openapi';
import { type FieldErrors, linkRefusal, publicForm, signedDocumentLink } from '../../api/public-form';
import { brandedPage, fieldError, messagePage } from '../../api/public-form/branded-page';
import { siteOfRequest } from '../../api/services/site-of-request';
import { documentLinkToken } from '../../db';
import { escapeHtml } from '../../rules/escape-html';
import { probeForeignCvr, publicFormEndpoints } from '../support/public-form-probe';
import { type ApiHarness, createApiHarness, type Owner } from './api-harness';

const A = '11111111';
const B = '22222222';
const HOSTILE = `<script>alert("x")</script>'&`;
const PHONE_REFUSED = 'Skriv et telefonnummer på 8 cifre';

/** The jobs a link can be for, as a document table would hold them (the test's own store). */
const jobs = new Map<string, { cvr: string; used: boolean }>();
/** What the handler received, in order. */
const calls: { cvr: string; job: string; name: string; phone: string }[] = [];

const perClient = new RateLimiter({ name: 'test-callback-client', limit: 3, windowMs: 60_000 });
const perSite = new RateLimiter({ name: 'test-callback-site', limit: 5, windowMs: 60_000 });

function callbackForm() {
  const routes = routeGroup<AppEnv>();
  publicForm(routes, {
    path: '/{cvr}/ring-op/{token}',
    summary: 'A throwaway form: ask the company to call back about a job',
    params: z.object({ cvr: z.string().regex(/^[0-9]{8}$/), token: z.string().max(200) }),
    fields: z.object({
      name: z.string().default(''),
      phone: z.string().default(''),
      website: z.string().default('').describe('honeypot: empty from people'),
    }),
    maxBodyBytes: 2048,
    limits: { perClient, perSite: { limiter: perSite, key: ({ cvr }) => cvr } },
    honeypot: 'website',
    messages: { tooMany: 'For mange på kort tid', tooLarge: 'For meget tekst' },
    site: async (c, { cvr }) => {
      const site = await siteOfRequest(c, cvr);
      return site
        ? { ...site, home: `${site.base}/` }
        : linkRefusal(404, 'Siden findes ikke', 'Ukendt firma');
    },
    documentLink: signedDocumentLink({
      purpose: 'callback',
      param: 'token',
      invalid: { heading: 'Linket kan ikke bruges', message: 'Linket er ikke gyldigt' },
      find: async (_c, id, cvr) => {
        const job = jobs.get(id);
        if (!job || job.cvr !== cvr) return linkRefusal(404, 'Linket kan ikke bruges', 'Ukendt opgave');
        if (job.used) return linkRefusal(410, 'Linket kan ikke bruges', 'Linket er brugt');
        return { id, ...job };
      },
    }),
    blank: () => ({ name: '', phone: '', website: '' }),
    check: (_c, values): FieldErrors =>
      /^[0-9]{8}$/.test(values.phone.replace(/\s/g, '')) ? {} : { phone: PHONE_REFUSED },
    page: (c, outcome) => {
      if (outcome.kind === 'link') {
        const site = outcome.site;
        if (!site) return c.text(outcome.refusal.message, outcome.refusal.status);
        const { heading, message, status } = outcome.refusal;
        return c.html(messagePage(site.company, site.home, heading, message), status);
      }
      const { context, values, errors, status } = outcome;
      const main = `<h1>Ring mig op</h1>${fieldError('form', errors.form)}
<form method="post"><input name="name" value="${escapeHtml(values.name)}">
<input name="phone" value="${escapeHtml(values.phone)}">${fieldError('phone', errors.phone)}
<input name="website" class="hp"><button>Send</button></form>`;
      const page = brandedPage({
        company: context.site.company,
        home: context.site.home,
        title: 'Ring mig op',
        main,
      });
      return c.html(page, status);
    },
    received: (c, { site }) => c.redirect(`${site.base}/tak`, 303),
    handle: async (c, { params, document, values }) => {
      const job = jobs.get(document.id);
      if (job) job.used = true;
      calls.push({ cvr: params.cvr, job: document.id, name: values.name, phone: values.phone });
      return c.redirect(`/api/sites/${params.cvr}/ring-op/tak`, 303);
    },
  });
  return routes;
}

let h: ApiHarness;
let a: Owner;
let b: Owner;
let client = 0;

beforeAll(async () => {
  h = await createApiHarness({}, { publicForms: [callbackForm()] });
  a = await h.createOwner(A, HOSTILE, 'ejer@a.dk');
  b = await h.createOwner(B, 'Anden Tømrer ApS', 'ejer@b.dk');
});

afterAll(async () => {
  await h?.close();
});

beforeEach(() => {
  calls.length = 0;
  client += 1;
});

/** A fresh job of `cvr` and its link's path. */
async function link(cvr = A, purpose = 'callback'): Promise<string> {
  const id = `job${Math.random().toString(36).slice(2, 10)}`;
  jobs.set(id, { cvr, used: false });
  return `/api/sites/${cvr}/ring-op/${await documentLinkToken(h.db, purpose, cvr, id)}`;
}

/** Posts the form from this test's own client address (each test is a new client). */
function post(path: string, values: Record<string, string>, headers: Record<string, string> = {}) {
  return h.send('POST', path, {
    body: new URLSearchParams(values).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    env: { incoming: { socket: { remoteAddress: `198.51.100.${client}` } } },
  });
}

describe('a public form declared in one file', () => {
  it('shows the form as a page of the company: its header, its theme, no script', async () => {
    const response = await h.send('GET', await link());
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<h1>Ring mig op</h1>');
    expect(page).toContain(`<span>${escapeHtml(HOSTILE)}</span>`);
    expect(page).toMatch(/:root\{--p:#[0-9a-f]{6}/);
    expect(page).not.toContain('<script>');
  });

  it('takes a sent form once; the link then says it is used', async () => {
    const path = await link();
    const sent = await post(path, { name: 'Mette', phone: '20 30 40 50', website: '' });
    expect(sent.status).toBe(303);
    expect(calls).toEqual([{ cvr: A, job: expect.any(String), name: 'Mette', phone: '20 30 40 50' }]);
    const again = await post(path, { name: 'Mette', phone: '20 30 40 50', website: '' });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('Linket er brugt');
    expect(calls).toHaveLength(1);
  });

  it('refuses beside the field, keeping what was typed (escaped), and answers a script in JSON', async () => {
    const path = await link();
    const refused = await post(path, { name: HOSTILE, phone: '12', website: '' });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(`<p class="error" id="phone-fejl">${PHONE_REFUSED}</p>`);
    expect(page).toContain(`value="${escapeHtml(HOSTILE)}"`);
    expect(page).not.toContain(HOSTILE);
    const json = await post(
      path,
      { name: 'Mette', phone: '12', website: '' },
      { Accept: 'application/json' },
    );
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({
      error: { code: 'invalid_input', message: PHONE_REFUSED },
      fields: { phone: PHONE_REFUSED },
    });
    expect(calls).toEqual([]);
  });

  it('answers a filled honeypot as received and stores nothing', async () => {
    const path = await link();
    const bot = await post(path, { name: 'Bot', phone: '20304050', website: 'https://spam.example' });
    expect(bot.status).toBe(303);
    expect(bot.headers.get('location')).toBe(`/${A}/tak`);
    expect(calls).toEqual([]);
    // The link is still the customer's.
    expect((await post(path, { name: 'Mette', phone: '20304050', website: '' })).status).toBe(303);
  });

  it("opens only from a link signed for this company's document and this purpose", async () => {
    const forged = `/api/sites/${A}/ring-op/job1.${'A'.repeat(43)}`;
    const ofB = (await link(B)).replace(`/${B}/`, `/${A}/`);
    const otherPurpose = await link(A, 'booking');
    for (const path of [forged, ofB, otherPurpose]) {
      const page = await h.send('GET', path);
      expect(page.status, path).toBe(404);
      expect(await page.text()).toContain('Linket er ikke gyldigt');
      expect((await post(path, { name: 'x', phone: '20304050', website: '' })).status).toBe(404);
    }
    expect(calls).toEqual([]);
  });

  it('limits one client, then the site, and refuses a body over the cap unread', async () => {
    // Company B's site: nothing was sent to it before.
    const send = async (name: string) =>
      (await post(await link(B), { name, phone: '20304050', website: '' })).status;
    for (let n = 0; n < 3; n++) expect(await send('Mette')).toBe(303);
    const over = await post(await link(B), { name: 'Mette', phone: '20304050', website: '' });
    expect(over.status).toBe(429);
    expect(await over.text()).toContain('For mange på kort tid');
    // Another client may still send, until the site's own limit (5) is spent.
    client += 1;
    expect([await send('Ole'), await send('Ole'), await send('Ole')]).toEqual([303, 303, 429]);
    expect(calls).toHaveLength(5);

    client += 1;
    const large = await post(await link(), { name: 'x'.repeat(4000), phone: '20304050', website: '' });
    expect(large.status).toBe(413);
    expect(await large.text()).toContain('For meget tekst');
    expect(calls).toHaveLength(5);
  });

  it('is in the OpenAPI document, its body generated from its fields', async () => {
    const document = (await (await h.send('GET', '/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const operations = document.paths['/api/sites/{cvr}/ring-op/{token}'];
    expect(Object.keys(operations ?? {}).sort()).toEqual(['get', 'post']);
    expect(operations?.post?.requestBody?.content['application/x-www-form-urlencoded']?.schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        phone: { type: 'string' },
        website: { type: 'string', description: 'honeypot: empty from people' },
      },
    });
    expect(publicFormEndpoints(document)).toContainEqual({
      method: 'POST',
      path: '/api/sites/{cvr}/ring-op/{token}',
    });
  });

  it("is probed for isolation: on A's host, B's CVR is no site", async () => {
    const document = await (await h.send('GET', '/api/openapi.json')).json();
    const endpoints = publicFormEndpoints(document).filter((endpoint) => endpoint.path.includes('ring-op'));
    expect(endpoints).toHaveLength(2);
    for (const endpoint of endpoints) {
      await probeForeignCvr(h, endpoint, a.company.subdomain, B, [b.company.name, b.email]);
    }
  });
});
