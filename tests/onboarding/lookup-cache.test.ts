// The one-day CVR cache in front of the cvrapi.dk client, on SQLite and PostgreSQL: a second look-up
// within a day reaches no server, one after a day asks again, and failures are never cached.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createCachedRegistry } from '../../api/onboarding/cached-registry';
import { createCvrRegistry } from '../../api/onboarding/cvr-registry';
import { createCvrApiClient } from '../../api/onboarding/cvrapi-client';
import { DEMO_REGISTRY_COMPANIES } from '../../api/onboarding/demo-registry';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { describeEachDialect } from '../support/databases';
import { type FakeCvrApi, startFakeCvrApi } from '../support/fake-cvrapi';

const DAY = 86_400_000;
let fake: FakeCvrApi;
beforeAll(async () => {
  fake = await startFakeCvrApi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.behaviour = 'found';
  fake.requests.length = 0;
});

describeEachDialect('cached CVR registry', (use) => {
  function registryAt(clock: { now: Date }) {
    return createCachedRegistry(use().db, createCvrApiClient(fake.baseUrl, { timeoutMs: 2000 }), {
      now: () => clock.now,
    });
  }

  it('serves a second look-up within a day from the database, and asks again after a day', async () => {
    const clock = { now: new Date('2026-03-01T10:00:00Z') };
    const registry = registryAt(clock);
    const first = await registry.lookup('29876543');
    expect(fake.requests).toHaveLength(1);

    clock.now = new Date(clock.now.getTime() + DAY - 1000);
    expect(await registry.lookup('29876543')).toEqual(first);
    expect(fake.requests).toHaveLength(1);

    clock.now = new Date(clock.now.getTime() + 2000);
    fake.company = { ...fake.company, phone: '87654300' };
    try {
      expect((await registry.lookup('29876543')).phone).toBe('87654300');
    } finally {
      fake.company = { ...fake.company, phone: '12345600' };
    }
    expect(fake.requests).toHaveLength(2);
    // The refreshed answer is cached in turn.
    expect((await registry.lookup('29876543')).phone).toBe('87654300');
    expect(fake.requests).toHaveLength(2);
  });

  it('does not cache failures: not found and a down service ask again next time', async () => {
    const registry = registryAt({ now: new Date('2026-03-01T10:00:00Z') });
    fake.behaviour = 'not-found';
    for (let n = 0; n < 2; n++) {
      const error = await registry.lookup('29876543').catch((caught: unknown) => caught);
      expect((error as AppError).message).toBe(MESSAGES.cvrNotFound);
    }
    fake.behaviour = 'quota-exceeded';
    const down = await registry.lookup('29876543').catch((caught: unknown) => caught);
    expect(down).toBeInstanceOf(AppError);
    expect((down as AppError).code).toBe('unavailable');
    expect(fake.requests).toHaveLength(3);

    fake.behaviour = 'found';
    expect((await registry.lookup('29876543')).name).toBe('Testfirmaet Tømrer ApS');
    expect(fake.requests).toHaveLength(4);
  });

  it('createCvrRegistry: a URL gives the cached client, demo the demo registry', async () => {
    const { db } = use();
    const real = createCvrRegistry({ cvrApiUrl: fake.baseUrl }, db);
    await real.lookup('29876543');
    await real.lookup('29876543');
    expect(fake.requests).toHaveLength(1);

    const demo = createCvrRegistry({ cvrApiUrl: 'demo' }, db);
    const sample = DEMO_REGISTRY_COMPANIES[1]?.company;
    expect(await demo.lookup(sample?.cvr ?? '')).toEqual(sample);
    expect(fake.requests).toHaveLength(1);
  });
});
