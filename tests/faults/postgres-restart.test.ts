// Fault: the PostgreSQL of the product restarts (fast shutdown: every connection cut) while owners
// save. Saves answered during the outage may fail with an error the owner sees; every save that was
// acknowledged, before, during or after, ends published and served, and the product keeps serving.
// Runs on a private cluster (private-postgres.ts), never the shared one.
import { afterEach, describe, expect, it } from 'vitest';
import { privatePostgres, privatePostgresProblem } from './private-postgres';
import {
  createStore,
  editorsOf,
  expectEverySaveServed,
  killAll,
  saveRound,
  seedOwner,
  startProduct,
  waitFor,
} from './product';

const problem = privatePostgresProblem();
const skip = problem ? ` (skipped: ${problem})` : '';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await killAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(skip !== '')(`fault: PostgreSQL restarted during saves [postgres]${skip}`, () => {
  it('publishes every acknowledged save and keeps serving', async () => {
    const cluster = await privatePostgres();
    cleanups.push(() => cluster.remove());
    const store = await createStore('postgres', cluster.url);
    cleanups.push(store.drop);
    const owners = [];
    for (const cvr of ['37000001', '37000002']) owners.push(await seedOwner(store.db, cvr));
    const product = await startProduct(store);
    cleanups.push(product.stop);
    const editors = await editorsOf(product, owners);

    expect(await saveRound(product, editors, 'Før')).toEqual(Array(6).fill(200));
    await expectEverySaveServed(product, store.db, editors);

    // Saves run on while the server restarts under them.
    let stop = false;
    const saving = (async () => {
      for (let round = 0; !stop; round++) await saveRound(product, editors, `Under ${round}`, 1);
    })();
    cluster.restart();
    stop = true;
    await saving;

    // Back: the first requests may still meet a dead pooled connection; then saves succeed again.
    await waitFor(
      'saves to succeed again',
      async () => (await saveRound(product, editors, 'Efter', 1)).every((status) => status === 200),
      30_000,
      250,
    );
    // Every site, including the product's own pages, still answers.
    expect((await fetch(`${product.url}/`)).status).toBe(200);
    await expectEverySaveServed(product, store.db, editors);
  }, 120_000);
});
