// The shared queue semantics on BullMQ, plus what only a shared Redis can show: several consumers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, getPublishState, insertCompany, listUnpublished } from '../../db';
import { createTestDatabase } from '../support/databases';
import { setUpQueueHarness } from './queue-harness';
import { runQueueSuite } from './queue-suite';
import { redisSkipReason } from './redis-support';

describe.skipIf(redisSkipReason !== '')(`BullMQ${redisSkipReason}`, () => {
  runQueueSuite('bullmq');

  describe('two consumers of one queue', () => {
    let db: Db;
    let drop: () => Promise<void>;
    beforeEach(async () => {
      ({ db, drop } = await createTestDatabase('sqlite'));
    });
    afterEach(async () => {
      await drop();
    });
    const harness = setUpQueueHarness('bullmq', () => db);

    it('never render one company twice at once', async () => {
      const companies = ['11111111', '22222222', '33333333', '44444444'];
      for (const cvr of companies) await insertCompany(db, { cvr, name: `Firma ${cvr}` });
      const fake = harness.fake();
      fake.delayMs(15);
      const first = harness.open(fake, { concurrency: 3 });
      const second = harness.open(fake, { concurrency: 3 });

      // A held render with requests through both consumers: one follow-up, on whichever consumer.
      fake.hold(companies[0] as string);
      await first.requestPublish(companies[0] as string);
      await fake.waitForCalls(companies[0] as string, 1);
      for (let i = 0; i < 10; i += 1) await (i % 2 ? first : second).requestPublish(companies[0] as string);
      fake.release(companies[0] as string);

      // Then interleaved bursts for every company through both consumers.
      for (let round = 0; round < 6; round += 1) {
        await Promise.all(
          companies.flatMap((cvr, index) => [
            (index % 2 ? first : second).requestPublish(cvr),
            (index % 2 ? second : first).requestPublish(cvr),
          ]),
        );
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await first.idle();
      await second.idle();

      for (const cvr of companies) {
        expect(fake.maxOverlap(cvr), cvr).toBe(1);
        const state = await getPublishState(db, cvr);
        expect(state?.publishedVersion, cvr).toBe(state?.wantedVersion);
      }
      expect(fake.calls(companies[0] as string)).toBeGreaterThanOrEqual(2);
      expect(await listUnpublished(db)).toEqual([]);
    });
  });
});
