// POST /api/onboarding/create with OPENAI_API_KEY and OPENAI_BASE_URL set: the real app and the real
// OpenAI writer on SQLite, talking to the fake OpenAI server on loopback (tests/support/fake-openai.ts).
// The pages get the provider's text, re-cased per the writer's rule; when the provider fails the
// company is still created, with the spec's fallback text (the spec's Calls, Error catalogue).
import { afterEach, describe, expect, it } from 'vitest';
import type { CvrCompany } from '../../api/onboarding/contracts';
import { type Db, findCompanyByCvr, listPages } from '../../db';
import { DEFAULT_FAKE_ANSWER, type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { startTestStack } from '../support/stack';

const CVR = '12345678';
const NAME = 'Køge VVS & Blik ApS';

const REGISTERED: CvrCompany = {
  cvr: CVR,
  name: NAME,
  address: 'Rørledningen 9',
  zipcode: '4600',
  city: 'Køge',
  phone: '56 00 03 03',
  email: 'info@koegevvs.dk',
  industrydesc: 'VVS- og blikkenslagerforretninger',
  companydesc: 'Anpartsselskab',
  startdate: '01/01 - 2015',
  employees: 12,
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Harness {
  request: (body: unknown) => Promise<Response>;
  db: Db;
  fake: FakeOpenAi;
  published: string[];
  logs: Record<string, unknown>[];
}

async function harness(): Promise<Harness> {
  const fake = await startFakeOpenAi();
  cleanups.push(() => fake.close());
  const published: string[] = [];
  const stack = await startTestStack({
    env: { LOG_LEVEL: 'info', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl },
    app: {
      enqueuePublish: async (cvr) => {
        published.push(cvr);
      },
      // The text writer is NOT overridden: createTextWriter picks the OpenAI writer from the config.
      onboarding: {
        registry: () => ({ lookup: async (cvr) => ({ ...REGISTERED, cvr }) }),
        scrape: () => async () => null,
      },
    },
  });
  cleanups.push(stack.close);
  const { app, db, logs } = stack;
  const request = async (body: unknown) =>
    app.request('http://localhost/api/onboarding/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify(body),
    });
  return { request, db, fake, published, logs };
}

const form = {
  cvr: CVR,
  email: 'ejer@koegevvs.dk',
  password: 'tagrende-42',
  passwordRepeat: 'tagrende-42',
  acceptPrivacy: true,
};

function completions(fake: FakeOpenAi) {
  return fake.requests.filter(
    (request) => request.method === 'POST' && request.path === '/v1/chat/completions',
  );
}

describe('POST /api/onboarding/create with an OpenAI-compatible provider', () => {
  it("writes the homepage, Om os and Ydelser with the provider's text", async () => {
    const h = await harness();
    const response = await h.request(form);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ cvr: CVR, url: `/${CVR}/?newsite=true` });

    // The fake answers 'VVS Service Og Nye Badeværelser I Køge'; the writer keeps only the first
    // capital and the spellings from the input ('VVS' from the company name, the city 'Køge').
    const title = 'VVS service og nye badeværelser i Køge';
    const pages = await listPages(h.db, CVR);
    expect(pages.map((page) => [page.pageName, page.title, page.subtitle, page.content])).toEqual([
      ['Forside', title, DEFAULT_FAKE_ANSWER.subtitle, DEFAULT_FAKE_ANSWER.content],
      ['Om os', title, '', DEFAULT_FAKE_ANSWER.content],
      ['Ydelser', title, '', DEFAULT_FAKE_ANSWER.content],
    ]);
    expect((await findCompanyByCvr(h.db, CVR))?.websiteContent).toMatchObject({
      title,
      subtitle: DEFAULT_FAKE_ANSWER.subtitle,
      content: DEFAULT_FAKE_ANSWER.content,
    });
    expect(h.published).toEqual([CVR]);

    // Three chat completions, one per page, each about this company and its trade, in Danish.
    const requests = completions(h.fake);
    expect(requests).toHaveLength(3);
    const prompts = requests.map((request) => {
      expect(request.headers.authorization).toBe('Bearer test');
      expect(request.body).toMatchObject({ model: 'gpt-4o-mini', response_format: { type: 'json_object' } });
      const messages = request.body.messages ?? [];
      const system = messages.find((message) => message.role === 'system')?.content ?? '';
      const user = messages.find((message) => message.role === 'user')?.content ?? '';
      expect(system).toContain('dansk tekstforfatter');
      expect(user).toContain(`- Firmanavn: ${NAME}`);
      expect(user).toContain('- By: Køge');
      expect(user).toContain('- Fag: VVS-installatør');
      expect(user).toContain('- Typiske ydelser: Nyt badeværelse;');
      return user;
    });
    expect(
      prompts.filter((user) => user.includes(`Skriv teksten til forsiden af hjemmesiden for ${NAME}.`)),
    ).toHaveLength(1);
    expect(
      prompts.filter((user) => user.includes(`Skriv teksten til siden "Om os" på hjemmesiden for ${NAME}.`)),
    ).toHaveLength(1);
    expect(
      prompts.filter((user) =>
        user.includes(`Skriv teksten til siden "Ydelser" på hjemmesiden for ${NAME}.`),
      ),
    ).toHaveLength(1);
  });

  it("still creates the company with the built-in writer's text when the provider answers 500", async () => {
    const h = await harness();
    h.fake.behaviour = 'error-500';
    const response = await h.request(form);
    expect(response.status).toBe(201);

    const company = await findCompanyByCvr(h.db, CVR);
    expect(company).toMatchObject({ name: NAME, companyEmail: 'ejer@koegevvs.dk', status: 'active' });
    const pages = await listPages(h.db, CVR);
    expect(pages.map((page) => page.pageName)).toEqual(['Forside', 'Om os', 'Ydelser']);
    // The built-in writer's pages: the VVS profile's services, a link to the contact section.
    expect(pages[0]?.content).toContain('- Nyt badeværelse');
    expect(pages[2]?.content).toContain('- **Nyt badeværelse**');
    for (const page of pages) expect(page.content).toContain('](/kontakt)');
    expect(pages[0]?.subtitle).not.toBe('');
    expect(company?.websiteContent).toMatchObject({ title: pages[0]?.title, content: pages[0]?.content });
    expect(h.published).toEqual([CVR]);

    // Both pages asked the provider (the client retries a 500 once), and the failure was logged.
    expect(completions(h.fake).length).toBeGreaterThanOrEqual(2);
    expect(
      h.logs.filter((line) => line.msg === 'AI provider failed; using the built-in writer'),
    ).toHaveLength(3);
  });
});
