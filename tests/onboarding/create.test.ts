// POST /api/onboarding/create end to end on SQLite: the real app, a fixed CVR registry and scraper,
// the template writer, and mail through a real SMTP server on loopback or into the .eml outbox.
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { createApp } from '../../api/app';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { RateLimiter } from '../../api/middleware/rate-limit';
import type { CvrCompany, CvrRegistry, ScrapeResult } from '../../api/onboarding/contracts';
import { newSiteUrl } from '../../api/onboarding/create-company';
import { createDemoRegistry, DEMO_REGISTRY_COMPANIES } from '../../api/onboarding/demo-registry';
import type { OnboardingCreateOverrides } from '../../api/routes/onboarding-create';
import {
  acceptedValue,
  type Db,
  dueJobs,
  findCompanyByCvr,
  findUserByEmail,
  getPublishState,
  insertUser,
  listPages,
} from '../../db';
import { type Config, loadConfig } from '../../lib/config';
import { AppError } from '../../lib/errors';
import { createLogger } from '../../lib/logger';
import { outboxDir } from '../../lib/mailer';
import { DEFAULT_HOURS } from '../../rules/hours';
import { MESSAGES } from '../../rules/messages';
import { findTrade, writingProfile } from '../../rules/trades';
import { TRIAL_MS } from '../../rules/trial';
import { sceneTrade } from '../../templates/site/lib/trade-slug';
import { DISAGREEING, foreignWords, serviceItems, wholeWord } from '../fixtures/disagreeing-trades';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startTestStack } from '../support/stack';

const CVR = '12345678';
const UNKNOWN_CVR = '99999999';
const NOW = new Date('2026-03-02T09:00:00.000Z');

const REGISTERED: CvrCompany = {
  cvr: CVR,
  name: 'Hansens Tømrer & Snedker ApS',
  address: 'Byvej 1',
  zipcode: '4600',
  city: 'Køge',
  phone: '11223344',
  email: 'info@hansen.dk',
  industrydesc: 'Tømrerarbejde',
  companydesc: 'Anpartsselskab',
  startdate: '01/01/2010',
  employees: 5,
};

/** Knows every CVR except UNKNOWN_CVR, each as the fixed company under that number. */
function fixedRegistry(overrides: Partial<CvrCompany> = {}): CvrRegistry & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async lookup(cvr) {
      asked.push(cvr);
      if (cvr === UNKNOWN_CVR) throw new AppError('not_found', MESSAGES.cvrNotFound);
      return { ...REGISTERED, ...overrides, cvr };
    },
  };
}

interface Harness {
  request: (body: unknown) => Response | Promise<Response>;
  app: ReturnType<typeof createApp>;
  /** Sends the welcome e-mails onboarding queued; nudged by every sign-up, swept by the tests. */
  outbox: MailOutbox;
  config: Config;
  db: Db;
  storageDir: string;
  published: string[];
  logs: Record<string, unknown>[];
  scraped: string[];
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function harness(
  options: {
    env?: Record<string, string>;
    registry?: CvrRegistry;
    scrapeResult?: ScrapeResult | null;
    overrides?: OnboardingCreateOverrides;
  } = {},
): Promise<Harness> {
  const published: string[] = [];
  const scraped: string[] = [];
  const registry = options.registry ?? fixedRegistry();
  let outbox: MailOutbox | undefined;
  const stack = await startTestStack({
    env: { LOG_LEVEL: 'info', ...options.env },
    app: ({ db, config, logger }) => {
      outbox = createMailOutbox({ db, config, logger, everyMs: 0 });
      return {
        now: () => NOW,
        enqueuePublish: async (cvr) => {
          published.push(cvr);
        },
        onboarding: {
          registry: () => registry,
          scrape: () => async (url) => {
            scraped.push(url);
            return options.scrapeResult ?? null;
          },
          outbox,
          ...options.overrides,
        },
      };
    },
  });
  if (!outbox) throw new Error('no outbox');
  const mails = outbox;
  cleanups.push(stack.close);
  cleanups.push(() => mails.close());
  const { app, config, db, storageDir, logs } = stack;
  const request = (body: unknown) =>
    app.request('http://localhost/api/onboarding/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify(body),
    });
  return { request, app, outbox: mails, config, db, storageDir, published, logs, scraped };
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    cvr: CVR,
    email: 'Ejer@Hansen.dk',
    password: 'tagrende-42',
    passwordRepeat: 'tagrende-42',
    acceptPrivacy: true,
    existingWebsiteUrl: null,
    ...overrides,
  };
}

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { error: { message: string } };
  return { status: response.status, message: body.error.message };
}

function outboxFiles(storageDir: string): string[] {
  try {
    return readdirSync(outboxDir({ storageDir }));
  } catch {
    return [];
  }
}

describe('POST /api/onboarding/create', () => {
  it('creates the company, its owner, both pages and signs the owner in', async () => {
    const h = await harness();
    const response = await h.request(form());
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ url: `/${CVR}/?newsite=true`, cvr: CVR, subdomain: 'hansenstoemrersnedkeraps' });

    const company = await findCompanyByCvr(h.db, CVR);
    expect(company).toMatchObject({
      name: REGISTERED.name,
      address: 'Byvej 1',
      zipcode: '4600',
      city: 'Køge',
      phone: '11223344',
      email: 'info@hansen.dk',
      companyEmail: 'ejer@hansen.dk',
      industryDesc: 'Tømrerarbejde',
      employees: 5,
      status: 'active',
      theme: 'amber',
      subdomain: 'hansenstoemrersnedkeraps',
      logo: null,
      existingWebsite: null,
      hours: DEFAULT_HOURS,
      showHours: true,
      plan: { type: 'Free', status: 'active', trialStartDate: NOW.toISOString() },
    });
    const plan = company?.plan;
    expect(new Date(plan?.trialEndDate ?? 0).getTime() - new Date(plan?.trialStartDate ?? 0).getTime()).toBe(
      TRIAL_MS,
    );

    const pages = await listPages(h.db, CVR);
    expect(pages.map((page) => [page.pageName, page.slug, page.type, page.layout])).toEqual([
      ['Forside', 'forside', 'homepage', 'hero'],
      ['Om os', 'om-os', 'page', 'text-image'],
      ['Ydelser', 'ydelser', 'page', 'text'],
    ]);
    for (const page of pages) {
      expect(page.title).not.toBe('');
      expect(page.content.length).toBeGreaterThan(200);
      // The registry's industry text picks the trade; it is never written as if it were a service.
      expect(page.content.toLowerCase()).not.toContain(REGISTERED.industrydesc.toLowerCase());
    }
    // The carpenter's profile: its services and its noun, in Danish.
    expect(pages[2]?.content).toContain('- **Nye vinduer og døre**');
    expect(pages[0]?.content).toMatch(/tømrer/);
    expect(pages[0]?.subtitle).not.toBe('');
    expect(company?.websiteContent?.title).toBe(pages[0]?.title);

    expect(h.published).toEqual([CVR]);
    expect((await getPublishState(h.db, CVR))?.wantedVersion).toBeGreaterThanOrEqual(1);

    // The returned cookie is a working session.
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/mesterside_session=[a-z2-7]{32}/);
    const session = await h.app.request('http://localhost/api/auth/session', {
      headers: { cookie: cookie.split(';')[0] ?? '' },
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ email: 'ejer@hansen.dk', companyName: REGISTERED.name });

    // And the password logs in, in any case of e-mail.
    const login = await h.app.request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ email: 'EJER@hansen.dk', password: 'tagrende-42' }),
    });
    expect(login.status).toBe(200);

    // Without SMTP_URL the welcome e-mail is an .eml file in the outbox.
    await h.outbox.sweep();
    expect(outboxFiles(h.storageDir)).toHaveLength(1);
  });

  // Issue 23: a glazier under the code it shares with painters, and a kloakmester under a catch-all
  // building code, each get the trade their name names, not the painter's or the entreprenør's.
  // Issue 42: a chimney sweep under a cleaning code, and an upholsterer (no profile: neutral services
  // under its own noun) under the furniture makers' code, never the cleaner's or the joiner's.
  it.each([
    ['glarmester', 'glarmester', 'Udskiftning af termoruder', /maler/i, 'glas'],
    [
      'kloakmester',
      'kloakmester',
      'TV-inspektion af kloakrør',
      /entreprenør|jordarbejde|fundament/i,
      'kloak',
    ],
    ['skorstensfejer', 'skorstensfejer', 'Fejning af skorsten', /rengøring|trappevask/i, 'tag'],
    ['møbelpolstrer', 'møbelpolstrer', 'Et klart tilbud', /snedker|køkkener efter mål|skabe/i, 'generel'],
  ])(
    'gives the demo registry’s %s its own trade on the homepage',
    async (trade, noun, service, foreign, scene) => {
      const registered = DEMO_REGISTRY_COMPANIES.find((entry) => entry.trade === trade)?.company;
      if (!registered) throw new Error(`no demo ${trade}`);
      const h = await harness({ registry: createDemoRegistry() });
      const response = await h.request(form({ cvr: registered.cvr, email: `ejer@${trade}.example` }));
      expect(response.status).toBe(201);
      const [home, about, services] = await listPages(h.db, registered.cvr);
      expect(home?.title.toLowerCase()).toContain(noun);
      expect(home?.content.toLowerCase()).toContain(noun);
      expect(home?.content).toContain(service);
      expect(services?.content).toContain(service);
      for (const page of [home, about, services]) {
        expect(`${page?.title}\n${page?.subtitle}\n${page?.content}`).not.toMatch(foreign);
      }
      const company = await findCompanyByCvr(h.db, registered.cvr);
      expect(
        sceneTrade({
          industryCode: company?.industryCode,
          industryDesc: company?.industryDesc ?? '',
          name: company?.name ?? '',
        }),
      ).toBe(scene);
    },
  );

  // Issue 42's quality suite, onboarded: every company whose name and registry code disagree goes
  // through the create route with the built-in writer, and none of its three pages carries a service
  // or the noun of the trade its code alone would give; the homepage's title names its own trade.
  it.each(DISAGREEING.filter((entry) => entry.codeTrade !== null))(
    'writes $name ($code $desc) as its own trade when onboarded',
    async (entry) => {
      const h = await harness({
        registry: fixedRegistry({ name: entry.name, industrycode: entry.code, industrydesc: entry.desc }),
      });
      const response = await h.request(form({ email: 'ejer@uenig.example' }));
      expect(response.status).toBe(201);
      const pages = await listPages(h.db, CVR);
      expect(pages).toHaveLength(3);
      const found = findTrade({
        industryCode: entry.code,
        industryDesc: entry.desc,
        companyName: entry.name,
      });
      const own = writingProfile(found);
      const { services, nouns } = foreignWords(entry.codeTrade, own);
      const short = entry.name.replace(/ ApS$/, '');
      for (const page of pages) {
        const text = `${page.title}\n${page.subtitle ?? ''}\n${page.content}`.replaceAll(short, '');
        for (const item of serviceItems(page.content)) expect(own.services, item).toContain(item);
        for (const service of services) expect(text.toLowerCase()).not.toContain(service.toLowerCase());
        for (const noun of nouns) expect(text).not.toMatch(wholeWord(noun));
      }
      expect(pages[0]?.title.toLowerCase()).toContain(own.noun.singular.toLowerCase());
    },
  );

  it('answers the subdomain address on a production host', async () => {
    const h = await harness({ env: { PUBLIC_HOST: 'mesterside.dk', DNS_A_RECORD: '203.0.113.10' } });
    const response = await h.request(form());
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      url: 'https://hansenstoemrersnedkeraps.mesterside.dk/?newsite=true',
    });
    expect(response.headers.get('set-cookie')).toContain('Secure');
  });

  it('builds the redirect URL per the spec', () => {
    expect(newSiteUrl(CVR, 'hansen', 'localhost:3000')).toBe(`/${CVR}/?newsite=true`);
    expect(newSiteUrl(CVR, 'hansen', 'mesterside.dk')).toBe('https://hansen.mesterside.dk/?newsite=true');
  });

  it('scrapes the existing website and falls back to its phone, e-mail and https logo', async () => {
    const h = await harness({
      registry: fixedRegistry({ phone: '', email: '' }),
      scrapeResult: {
        mainContent: 'Vi har bygget tage i Køge siden 2010.',
        logo: 'https://hansen.dk/logo.png',
        phone: '+45 99 88 77 66',
        email: 'kontakt@hansen.dk',
      },
    });
    const response = await h.request(form({ cvr: '1234 5678', existingWebsiteUrl: 'hansen.dk' }));
    expect(response.status).toBe(201);
    expect(h.scraped).toEqual(['https://hansen.dk/']);
    expect(await findCompanyByCvr(h.db, CVR)).toMatchObject({
      phone: '+45 99 88 77 66',
      email: 'kontakt@hansen.dk',
      logo: 'https://hansen.dk/logo.png',
      existingWebsite: { url: 'https://hansen.dk/', title: '', description: '' },
    });
  });

  it('refuses a CVR that is already registered', async () => {
    const h = await harness();
    expect((await h.request(form())).status).toBe(201);
    const again = await h.request(form({ email: 'en.anden@hansen.dk' }));
    expect(await errorOf(again)).toEqual({
      status: 409,
      message: 'Dette CVR nummer er allerede registreret',
    });
  });

  it('refuses an e-mail that is already registered, in any case', async () => {
    const h = await harness();
    expect((await h.request(form())).status).toBe(201);
    const again = await h.request(form({ cvr: '87654321', email: 'EJER@HANSEN.DK' }));
    expect(await errorOf(again)).toEqual({
      status: 409,
      message: 'Denne email er allerede registreret. Brug venligst en anden email.',
    });
    expect(await findCompanyByCvr(h.db, '87654321')).toBeUndefined();
  });

  it('says nothing about an e-mail until the CVR is a real, unclaimed company (no account oracle)', async () => {
    const h = await harness();
    expect((await h.request(form())).status).toBe(201);
    // A made-up CVR with a registered e-mail: the CVR's answer, not the e-mail's.
    const madeUp = await h.request(form({ cvr: UNKNOWN_CVR, email: 'ejer@hansen.dk' }));
    expect(await errorOf(madeUp)).toEqual({ status: 404, message: MESSAGES.cvrNotFound });
    const claimed = await h.request(form({ email: 'ejer@hansen.dk' }));
    expect(await errorOf(claimed)).toEqual({ status: 409, message: MESSAGES.cvrTaken });
  });

  it('answers an unknown CVR with the spec message', async () => {
    const h = await harness();
    const response = await h.request(form({ cvr: UNKNOWN_CVR }));
    expect(await errorOf(response)).toEqual({
      status: 404,
      message: 'Kunne ikke finde firma med dette CVR nummer',
    });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    [
      'e-mail and password missing',
      { email: '', password: '', passwordRepeat: '' },
      'Email og password er påkrævet',
    ],
    ['e-mail missing', { email: undefined }, 'Email er påkrævet'],
    ['a short password', { password: 'abc', passwordRepeat: 'abc' }, 'Password skal være mindst 6 tegn'],
    ['mismatched passwords', { passwordRepeat: 'tagrende-43' }, 'Passwords matcher ikke'],
    [
      'privacy not accepted',
      { acceptPrivacy: false },
      'Du skal acceptere privatlivspolitikken for at fortsætte',
    ],
    [
      'privacy missing',
      { acceptPrivacy: undefined },
      'Du skal acceptere privatlivspolitikken for at fortsætte',
    ],
    [
      'an invalid website URL',
      { existingWebsiteUrl: 'ikke en adresse' },
      'Indtast venligst en gyldig webadresse (f.eks. www.ditfirma.dk)',
    ],
    [
      'a common password',
      { password: 'password', passwordRepeat: 'password' },
      'Vælg en adgangskode, der er sværere at gætte',
    ],
    ['an invalid CVR', { cvr: '1234' }, 'CVR nummeret skal være 8 cifre'],
  ];
  it.each(invalid)('refuses %s with the spec message', async (_name, overrides, message) => {
    const h = await harness();
    const response = await h.request(form(overrides));
    expect(await errorOf(response)).toEqual({ status: 400, message });
    expect(await findCompanyByCvr(h.db, CVR)).toBeUndefined();
    expect(h.published).toEqual([]);
  });

  it('leaves nothing half-made when a step inside the transaction fails', async () => {
    // Another sign-up takes the e-mail between the early check and the transaction: createOwnerAccount
    // fails after insertCompany, and the company must go with it.
    let db: Db | undefined;
    const registry: CvrRegistry = {
      async lookup(cvr) {
        if (db) acceptedValue(await insertUser(db, 'ejer@hansen.dk', 'someone-elses-hash'));
        return { ...REGISTERED, cvr };
      },
    };
    const h = await harness({ registry });
    db = h.db;
    const response = await h.request(form());
    expect(await errorOf(response)).toEqual({
      status: 409,
      message: 'Denne email er allerede registreret. Brug venligst en anden email.',
    });
    expect(await findCompanyByCvr(h.db, CVR)).toBeUndefined();
    expect(await listPages(h.db, CVR)).toEqual([]);
    expect(await getPublishState(h.db, CVR)).toBeUndefined();
    expect((await findUserByEmail(h.db, 'ejer@hansen.dk'))?.passwordHash).toBe('someone-elses-hash');
    expect(h.published).toEqual([]);
    expect(outboxFiles(h.storageDir)).toEqual([]);
  });

  it('answers an unexpected failure with the creation default and keeps nothing', async () => {
    const h = await harness({
      overrides: {
        writer: () => ({
          write: async () => {
            throw new Error('boom');
          },
        }),
      },
    });
    const response = await h.request(form());
    expect(await errorOf(response)).toEqual({ status: 500, message: 'Der opstod en fejl. Prøv igen.' });
    expect(await findCompanyByCvr(h.db, CVR)).toBeUndefined();
  });
});

describe('the creation rate limit', () => {
  it('refuses more creations from one IP than the limit, counting only well-formed requests', async () => {
    const h = await harness({
      overrides: { limiter: new RateLimiter({ name: 'test-create', limit: 1, windowMs: 60_000 }) },
    });
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const post = (body: unknown) =>
      fetch(`http://127.0.0.1:${port}/api/onboarding/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify(body),
      });
    // Garbage is refused before it counts: it cannot use up the limit.
    for (let i = 0; i < 3; i++) expect((await post(form({ passwordRepeat: 'forkert' }))).status).toBe(400);
    expect((await post(form())).status).toBe(201);
    const refused = await post(form());
    expect(await errorOf(refused)).toEqual({ status: 429, message: MESSAGES.tooManyRequests });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('the welcome e-mail over SMTP', () => {
  let sink: SmtpSink | undefined;
  afterEach(async () => {
    await sink?.close();
    sink = undefined;
  });

  it('arrives at the SMTP server with the site address and the CVR', async () => {
    sink = await startSmtpSink();
    const h = await harness({ env: { SMTP_URL: sink.url } });
    expect((await h.request(form())).status).toBe(201);
    const [received] = await sink.waitFor(1);
    expect(received?.to).toEqual(['ejer@hansen.dk']);
    const mail = readMessage(received?.raw ?? '');
    expect(mail.subject).toBe(`Velkommen til Mesterside, ${REGISTERED.name}`);
    expect(mail.body).toContain(`http://localhost:3000/${CVR}/`);
    expect(mail.body).toContain('http://localhost:3000/admin');
    expect(mail.body).toContain(`CVR ${CVR}`);
    expect(outboxFiles(h.storageDir)).toEqual([]);
  });

  it('links to the subdomain on a production host, and replies go to CONTACT_TO', async () => {
    sink = await startSmtpSink();
    const h = await harness({
      env: {
        SMTP_URL: sink.url,
        PUBLIC_HOST: 'mesterside.dk',
        DNS_A_RECORD: '203.0.113.10',
        CONTACT_TO: 'hjaelp@mesterside.dk',
      },
    });
    expect((await h.request(form())).status).toBe(201);
    const [received] = await sink.waitFor(1);
    const raw = (received?.raw ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^Reply-To: hjaelp@mesterside\.dk\r?$/im);
    const mail = readMessage(received?.raw ?? '');
    expect(mail.body).toContain('https://hansenstoemrersnedkeraps.mesterside.dk/');
    expect(mail.body).not.toContain(`/${CVR}/`);
    expect(mail.body).toContain('hjaelp@mesterside.dk');
  });

  it('keeps the welcome e-mail while the SMTP server is down, and sends it once it is back', async () => {
    sink = await startSmtpSink();
    const url = sink.url;
    await sink.close();
    const h = await harness({ env: { SMTP_URL: url } });
    // The answer does not wait for the mail server: the company is created and its site published.
    const response = await h.request(form());
    expect(response.status).toBe(201);
    expect(await findCompanyByCvr(h.db, CVR)).toBeDefined();
    expect(h.published).toEqual([CVR]);
    expect(await h.outbox.sweep()).toBe(0);
    expect(h.logs.some((line) => line.msg === 'welcome mail failed; will retry')).toBe(true);
    const [waiting] = await dueWelcomeMails(h.db, new Date(Date.now() + 60_000));
    expect(waiting).toMatchObject({ payload: { cvr: CVR }, attempts: 1, lastError: expect.any(String) });
    await h.outbox.close();

    // The process restarts with the mail server back (on a new port), after the retry pause.
    sink = await startSmtpSink();
    const later = new Date(Date.now() + 31_000);
    const outbox = createMailOutbox({
      db: h.db,
      config: { ...h.config, smtpUrl: sink.url },
      logger: createLogger(loadConfig({ LOG_LEVEL: 'silent' })),
      now: () => later,
      everyMs: 0,
    });
    cleanups.push(() => outbox.close());
    expect(await outbox.sweep()).toBe(1);
    const [received] = await sink.waitFor(1);
    expect(received?.to).toEqual(['ejer@hansen.dk']);
    expect(readMessage(received?.raw ?? '').subject).toBe(`Velkommen til Mesterside, ${REGISTERED.name}`);
    // Sent once: nothing is left to send.
    expect(await dueWelcomeMails(h.db, new Date(Date.now() + 3_600_000))).toEqual([]);
  });
});

/** The welcome mails due at `at` (jobs of kind 'welcome-mail'). */
async function dueWelcomeMails(db: Db, at: Date) {
  return (await dueJobs(db, at, 1000)).filter((job) => job.kind === 'welcome-mail');
}
