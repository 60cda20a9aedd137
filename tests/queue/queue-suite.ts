// The publish queue's semantics, one suite for both implementations: what holds for the in-process
// queue must hold for BullMQ and the other way round.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, getPublishState, insertCompany, listUnpublished, markPublishWanted } from '../../db';
import type { PublishQueue } from '../../worker';
import { createTestDatabase, describeEachDialect } from '../support/databases';
import { type QueueKind, setUpQueueHarness } from './queue-harness';

const A = '11111111';
const B = '22222222';
const C = '33333333';

async function addCompanies(db: Db, ...cvrs: string[]): Promise<void> {
  for (const cvr of cvrs) await insertCompany(db, { cvr, name: `Firma ${cvr}` });
}

async function versions(db: Db, cvr: string) {
  const state = await getPublishState(db, cvr);
  return { wanted: state?.wantedVersion, published: state?.publishedVersion, lastError: state?.lastError };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function runQueueSuite(kind: QueueKind): void {
  describeEachDialect(`publish queue (${kind})`, (use) => {
    const harness = setUpQueueHarness(kind, () => use().db);

    it('renders a single request once and marks it published', async () => {
      const { db } = use();
      await addCompanies(db, A);
      const fake = harness.fake();
      const queue = harness.open(fake);

      await queue.requestPublish(A);
      await queue.idle();

      expect(fake.calls(A)).toBe(1);
      expect(await versions(db, A)).toEqual({ wanted: 1, published: 1, lastError: null });
    });

    it('coalesces a burst during a render into one follow-up render, never overlapping', async () => {
      const { db } = use();
      await addCompanies(db, A);
      const fake = harness.fake();
      const queue = harness.open(fake);

      fake.hold(A);
      await queue.requestPublish(A);
      await fake.waitForCalls(A, 1);
      await Promise.all(Array.from({ length: 20 }, () => queue.requestPublish(A)));
      fake.release(A);
      await queue.idle();

      expect(fake.calls(A)).toBe(2);
      expect(fake.maxOverlap(A)).toBe(1);
      expect(await versions(db, A)).toEqual({ wanted: 21, published: 21, lastError: null });
    });
  });

  describe(`publish queue (${kind}) [sqlite]`, () => {
    let db: Db;
    let drop: () => Promise<void>;
    beforeEach(async () => {
      ({ db, drop } = await createTestDatabase('sqlite'));
      await addCompanies(db, A, B, C);
    });
    afterEach(async () => {
      await drop();
    });
    // Registered after the database hooks, so its afterEach (queues closed) runs before the drop.
    const harness = setUpQueueHarness(kind, () => db);

    it('renders different companies in parallel', async () => {
      const fake = harness.fake();
      const queue = harness.open(fake, { concurrency: 2 });

      fake.hold(A);
      fake.hold(B);
      await queue.requestPublish(A);
      await queue.requestPublish(B);
      // Both renders start while both are held: they run at the same time.
      await fake.waitForCalls(A, 1);
      await fake.waitForCalls(B, 1);
      expect(fake.maxParallel()).toBe(2);
      fake.releaseAll();
      await queue.idle();

      expect(await versions(db, A)).toMatchObject({ wanted: 1, published: 1 });
      expect(await versions(db, B)).toMatchObject({ wanted: 1, published: 1 });
    });

    it('retries a failing render with exponential backoff and clears the recorded failure', async () => {
      const fake = harness.fake();
      const errorsSeen: Array<string | null | undefined> = [];
      fake.onStart(async (cvr) => {
        errorsSeen.push((await versions(db, cvr)).lastError);
      });
      fake.failTimes(A, 2, 'render failed: disk full');
      const queue = harness.open(fake, { backoffMs: 40, attempts: 5 });

      await queue.requestPublish(A);
      await fake.waitForCalls(A, 3);
      await queue.idle();

      expect(fake.calls(A)).toBe(3);
      // The failure was on record while the retries waited, and is gone after the success.
      expect(errorsSeen).toEqual([null, 'render failed: disk full', 'render failed: disk full']);
      expect(await versions(db, A)).toEqual({ wanted: 1, published: 1, lastError: null });
      const [first = 0, second = 0, third = 0] = fake.startTimes(A);
      expect(second - first).toBeGreaterThanOrEqual(35);
      expect(third - second).toBeGreaterThanOrEqual(75);
    });

    it('gives up after `attempts` and leaves the company for a later recovery', async () => {
      const fake = harness.fake();
      fake.failAlways(A, 'template exploded');
      const queue = harness.open(fake, { attempts: 3 });

      await queue.requestPublish(A);
      await fake.waitForCalls(A, 3);
      await queue.idle();
      await sleep(150);

      expect(fake.calls(A)).toBe(3);
      expect(await versions(db, A)).toEqual({ wanted: 1, published: 0, lastError: 'template exploded' });
      expect((await listUnpublished(db)).map((state) => state.companyCvr)).toEqual([A]);

      fake.stopFailing(A);
      expect(await queue.recover()).toBe(1);
      await queue.idle();
      expect(fake.calls(A)).toBe(4);
      expect(await versions(db, A)).toEqual({ wanted: 1, published: 1, lastError: null });
    });

    it('does not retry a company that is gone', async () => {
      const fake = harness.fake();
      fake.gone(A);
      const queue = harness.open(fake);

      await queue.requestPublish(A);
      await queue.idle();
      await sleep(150);

      expect(fake.calls(A)).toBe(1);
      expect((await versions(db, A)).lastError).toBeNull();
    });

    it('close() waits for a running render to finish', async () => {
      const fake = harness.fake();
      const queue = harness.open(fake);

      fake.hold(A);
      await queue.requestPublish(A);
      await fake.waitForCalls(A, 1);
      let closed = false;
      const closing = queue.close().then(() => {
        closed = true;
      });
      await sleep(200);
      expect(closed).toBe(false);

      fake.release(A);
      await closing;
      expect(await versions(db, A)).toMatchObject({ wanted: 1, published: 1 });
    });

    it('recover() enqueues every company whose wanted version is not live', async () => {
      const fake = harness.fake();
      for (const cvr of [A, B, C]) fake.hold(cvr);
      const queue = harness.open(fake, { concurrency: 3 });
      // Recorded without the queue, as when a save landed while it was down.
      await markPublishWanted(db, A);
      await markPublishWanted(db, B);
      await markPublishWanted(db, B);

      expect(await queue.recover()).toBe(2);
      fake.releaseAll();
      await queue.idle();

      expect(fake.calls(A)).toBe(1);
      expect(fake.calls(B)).toBe(1);
      expect(fake.calls(C)).toBe(0);
      expect(await versions(db, A)).toMatchObject({ wanted: 1, published: 1 });
      expect(await versions(db, B)).toMatchObject({ wanted: 2, published: 2 });
      expect(await listUnpublished(db)).toEqual([]);
    });
  });

  describe(`publish queue (${kind}): owners first`, () => {
    // One render at a time, so the order in which jobs start is the queue's order. X is rendering
    // (held) while the others are requested; then everything runs, and the starts are compared.
    const X = '44444444';
    let db: Db;
    let drop: () => Promise<void>;
    beforeEach(async () => {
      ({ db, drop } = await createTestDatabase('sqlite'));
      await addCompanies(db, A, B, C, X);
    });
    afterEach(async () => {
      await drop();
    });
    const harness = setUpQueueHarness(kind, () => db);

    async function withXRendering(work: (queue: PublishQueue) => Promise<void>): Promise<string[]> {
      const fake = harness.fake();
      const order: string[] = [];
      fake.onStart((cvr) => {
        order.push(cvr);
      });
      const queue = harness.open(fake, { concurrency: 1 });
      fake.hold(X);
      await queue.requestPublish(X, 'bulk');
      await fake.waitForCalls(X, 1);
      await work(queue);
      fake.release(X);
      await queue.idle();
      expect(await listUnpublished(db)).toEqual([]);
      return order;
    }

    it("starts an owner's job before bulk jobs requested earlier", async () => {
      const order = await withXRendering(async (queue) => {
        await queue.requestPublish(A, 'bulk');
        await queue.requestPublish(B, 'bulk');
        await queue.requestPublish(C);
      });
      expect(order).toEqual([X, C, A, B]);
    });

    it('moves a waiting bulk job to the owner lane when the owner saves, as one job', async () => {
      const order = await withXRendering(async (queue) => {
        await queue.requestPublish(A, 'bulk');
        await queue.requestPublish(B, 'bulk');
        await queue.requestPublish(C, 'bulk');
        await queue.requestPublish(C, 'owner');
        // A bulk request afterwards does not move it back.
        await queue.requestPublish(C, 'bulk');
      });
      expect(order).toEqual([X, C, A, B]);
    });

    it("gives a running bulk job's follow-up the owner lane when the owner saved during it", async () => {
      const order = await withXRendering(async (queue) => {
        await queue.requestPublish(A, 'bulk');
        await queue.requestPublish(B, 'bulk');
        await queue.requestPublish(X, 'owner');
      });
      expect(order).toEqual([X, X, A, B]);
    });

    it("keeps an owner's follow-up in the owner lane through a recovery sweep", async () => {
      const order = await withXRendering(async (queue) => {
        await queue.requestPublish(X, 'owner');
        await queue.requestPublish(A, 'bulk');
        await queue.requestPublish(B, 'bulk');
        // X, A and B are all unpublished: the sweep requests each in the bulk lane.
        await queue.recover();
        await queue.enqueue(X, 'bulk');
      });
      expect(order).toEqual([X, X, A, B]);
    });

    it('moves a bulk job waiting for its retry to the owner lane when the owner saves', async () => {
      const fake = harness.fake();
      const order: string[] = [];
      fake.onStart((cvr) => {
        order.push(cvr);
      });
      fake.failTimes(A, 1, 'disk full');
      const queue = harness.open(fake, { concurrency: 1, backoffMs: 100 });
      fake.hold(X);
      await queue.requestPublish(X, 'bulk');
      await fake.waitForCalls(X, 1);
      for (const cvr of [A, B, C]) await queue.requestPublish(cvr, 'bulk');
      fake.hold(B);
      fake.release(X);
      // A failed and waits for its retry while B renders; then the owner saves A.
      await fake.waitForCalls(B, 1);
      await queue.requestPublish(A, 'owner');
      await sleep(250);
      fake.release(B);
      await queue.idle();
      expect(order).toEqual([X, A, B, A, C]);
      expect(await listUnpublished(db)).toEqual([]);
    });

    it('keeps first-come order within a lane', async () => {
      const order = await withXRendering(async (queue) => {
        await queue.requestPublish(A);
        await queue.requestPublish(B, 'bulk');
        await queue.requestPublish(C);
      });
      expect(order).toEqual([X, A, C, B]);
    });
  });
}
