// POST /api/ai/generate and GET /api/ai/usage on a real SQLite database: five generations a day per
// company, the sixth refused in Danish, a fresh allowance after Copenhagen midnight, input checks,
// company data taken from the tenant only, and a use given back when the writer breaks.
import { afterEach, describe, expect, it } from 'vitest';
import { createAiRoutes, secondsUntilCopenhagenMidnight } from '../../api/routes/ai';
import { acceptedValue, getAiUsage, insertCompany, takeAiUse } from '../../db';
import { copenhagenDay } from '../../rules/ai-limit';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { createOwnerHarness, type OwnerHarness } from '../support/owner-harness';

const LIMIT_MESSAGE = 'Du har nået grænsen for AI-genereret indhold i dag. Prøv igen i morgen.';
// 23:59 in Copenhagen on the last day of winter time (UTC+1); midnight is 23:00 UTC.
const BEFORE_MIDNIGHT = new Date('2026-03-28T22:59:00Z');
const AFTER_MIDNIGHT = new Date('2026-03-28T23:00:01Z');

interface Generated {
  title: string;
  subtitle?: string;
  content: string;
  usedToday: number;
  limit: number;
}

let harness: OwnerHarness | undefined;
let fake: FakeOpenAi | undefined;

afterEach(async () => {
  await harness?.close();
  await fake?.close();
  harness = undefined;
  fake = undefined;
});

async function start(options: Parameters<typeof createOwnerHarness>[1] = {}, routes = createAiRoutes()) {
  harness = await createOwnerHarness((owner) => owner.route('/ai', routes), {
    now: BEFORE_MIDNIGHT,
    ...options,
  });
  return harness;
}

function generate(app: OwnerHarness['app'], body: unknown) {
  return app.request('/api/ai/generate', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('POST /api/ai/generate', () => {
  it('allows five a day, refuses the sixth in Danish, and allows again after Copenhagen midnight', async () => {
    const { app, db, company, setNow } = await start();

    for (let i = 1; i <= 5; i++) {
      const res = await generate(app, { keywords: 'tagrenovering, nyt køkken', pageType: 'page' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Generated;
      expect(body.usedToday).toBe(i);
      expect(body.limit).toBe(5);
      expect(body.title.length).toBeGreaterThan(0);
      // Running text keeps the keyword lowercase; a list item starts with a capital.
      expect(body.content).toContain('tagrenovering');
      expect(body.content.toLocaleLowerCase('da')).toContain('nyt køkken');
    }

    const refused = await generate(app, { keywords: 'tagrenovering', pageType: 'page' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: LIMIT_MESSAGE } });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await getAiUsage(db, company.cvr, '2026-03-28')).toBe(5);

    setNow(AFTER_MIDNIGHT);
    const next = await generate(app, { keywords: 'tagrenovering', pageType: 'page' });
    expect(next.status).toBe(200);
    expect(((await next.json()) as Generated).usedToday).toBe(1);
    expect(await getAiUsage(db, company.cvr, '2026-03-29')).toBe(1);
  });

  it('writes varied Danish text: a subtitle on the homepage, none on a page', async () => {
    const { app } = await start();

    const home = (await (
      await generate(app, { keywords: ['badeværelse'], pageType: 'homepage' })
    ).json()) as Generated;
    const again = (await (
      await generate(app, { keywords: ['badeværelse'], pageType: 'homepage' })
    ).json()) as Generated;
    const page = (await (
      await generate(app, { keywords: ['badeværelse'], pageType: 'page' })
    ).json()) as Generated;

    expect(home.subtitle?.length).toBeGreaterThan(0);
    expect(home.subtitle?.length).toBeLessThanOrEqual(120);
    expect(home.title.length).toBeLessThanOrEqual(60);
    expect(again.content).not.toBe(home.content);
    expect(page).not.toHaveProperty('subtitle');
    // Running text uses the short name, without the legal form.
    expect(home.content).toContain('Firma 12345678');
    expect(home.content).not.toContain('ApS');
    expect(home.content).toContain('Køge');
  });

  it.each([
    ['an empty string', { keywords: '', pageType: 'page' }, 'Skriv mindst ét nøgleord'],
    ['only commas and spaces', { keywords: ' ,  , ', pageType: 'page' }, 'Skriv mindst ét nøgleord'],
    ['an empty list', { keywords: [], pageType: 'homepage' }, 'Skriv mindst ét nøgleord'],
    ['a list of blanks', { keywords: ['  '], pageType: 'homepage' }, 'Skriv mindst ét nøgleord'],
    ['no keywords at all', { pageType: 'page' }, 'Skriv mindst ét nøgleord'],
    [
      'an unknown page type',
      { keywords: 'tag', pageType: 'blog' },
      'Vælg om teksten er til forsiden eller en underside',
    ],
    [
      'too many keywords',
      { keywords: Array.from({ length: 21 }, (_, i) => `ord ${i}`), pageType: 'page' },
      'Nøgleordene er for lange. Brug højst 20 nøgleord på hver højst 80 tegn.',
    ],
  ])('answers 400 in Danish for %s, without spending a use', async (_name, body, message) => {
    const { app, db, company } = await start();
    const res = await generate(app, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'invalid_input', message } });
    expect(await getAiUsage(db, company.cvr, copenhagenDay(BEFORE_MIDNIGHT))).toBe(0);
  });

  it('accepts JSON bodies only', async () => {
    const { app, db, company } = await start();
    const res = await app.request('/api/ai/generate', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'keywords=tag&pageType=page',
    });
    expect(res.status).toBe(415);
    expect(await getAiUsage(db, company.cvr, copenhagenDay(BEFORE_MIDNIGHT))).toBe(0);
  });

  it('refuses a company without a name before spending a use', async () => {
    const { app, db, company } = await start();
    await db.updateTable('companies').set({ name: ' ' }).where('cvr', '=', company.cvr).execute();

    const res = await generate(app, { keywords: 'tag', pageType: 'page' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_input', message: 'Company name is required' },
    });
    expect(await getAiUsage(db, company.cvr, copenhagenDay(BEFORE_MIDNIGHT))).toBe(0);
  });

  it('leaves another company’s allowance untouched', async () => {
    const { app, db } = await start();
    const other = acceptedValue(
      await insertCompany(db, { cvr: '87654321', name: 'Andet Firma ApS', city: 'Roskilde' }),
    );

    for (let i = 0; i < 6; i++) await generate(app, { keywords: 'tag', pageType: 'page' });

    const day = copenhagenDay(BEFORE_MIDNIGHT);
    expect(await getAiUsage(db, '12345678', day)).toBe(5);
    expect(await getAiUsage(db, other.cvr, day)).toBe(0);
    expect(await takeAiUse(db, other.cvr, day, 5)).toBe(1);
  });

  it('gives the use back and answers 500 in Danish when the writer itself breaks', async () => {
    const broken = createAiRoutes(() => ({
      write: async () => {
        throw new Error('writer bug');
      },
    }));
    const { app, db, company } = await start({}, broken);

    const res = await generate(app, { keywords: 'tag', pageType: 'page' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: { code: 'internal', message: 'Kunne ikke generere indhold' },
    });
    expect(await getAiUsage(db, company.cvr, copenhagenDay(BEFORE_MIDNIGHT))).toBe(0);
  });

  it('asks the configured provider with the tenant’s data, never the request’s', async () => {
    fake = await startFakeOpenAi();
    const { app } = await start({ env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl } });

    const res = await generate(app, {
      keywords: 'badeværelse, VVS',
      pageType: 'homepage',
      companyName: 'Andet Firma',
      city: 'Aarhus',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Generated;
    expect(body.title).toBe('VVS service og nye badeværelser i Køge');
    expect(body.usedToday).toBe(1);

    const prompt = fake.requests[0]?.body.messages?.[1]?.content ?? '';
    expect(prompt).toContain('- Firmanavn: Firma 12345678 ApS');
    expect(prompt).toContain('- By: Køge');
    expect(prompt).toContain('- Nøgleord: badeværelse og VVS');
    expect(prompt).not.toContain('Andet Firma');
    expect(prompt).not.toContain('Aarhus');
  });

  it('answers with the built-in writer’s text when the provider fails, and counts the use', async () => {
    fake = await startFakeOpenAi();
    fake.behaviour = 'error-500';
    const { app } = await start({ env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl } });

    const res = await generate(app, { keywords: 'tag', pageType: 'page' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Generated;
    expect(body).toMatchObject({ title: 'Tag i Køge', usedToday: 1, limit: 5 });
    expect(body.content).toMatch(/(hjælp til|hjælper med) tag[?.]/);
    expect(body.content).toContain('](/kontakt)');
  });
});

describe('GET /api/ai/usage', () => {
  it('reports today’s count, which starts again at Copenhagen midnight', async () => {
    const { app, setNow } = await start();
    const usage = async () => (await app.request('/api/ai/usage')).json();

    expect(await usage()).toEqual({ usedToday: 0, limit: 5 });
    await generate(app, { keywords: 'tag', pageType: 'page' });
    await generate(app, { keywords: 'tag', pageType: 'homepage' });
    expect(await usage()).toEqual({ usedToday: 2, limit: 5 });

    setNow(AFTER_MIDNIGHT);
    expect(await usage()).toEqual({ usedToday: 0, limit: 5 });
  });
});

describe('secondsUntilCopenhagenMidnight', () => {
  it.each([
    ['2026-03-28T22:59:00Z', 60],
    ['2026-03-28T23:00:01Z', 86_399 - 3600], // the night clocks go forward: a 23-hour day
    ['2026-10-24T21:00:00Z', 3600], // summer time: midnight is 22:00 UTC
    ['2026-10-24T22:00:00Z', 25 * 3600], // the day clocks go back lasts 25 hours
    ['2026-10-25T12:00:00Z', 11 * 3600], // and ends at 23:00 UTC
  ])('%s → %i s', (now, seconds) => {
    expect(secondsUntilCopenhagenMidnight(new Date(now))).toBe(seconds);
  });
});
