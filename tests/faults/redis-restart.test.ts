// Fault: the Redis of the publish queue stops (SIGKILL, losing every job: no persistence) while owners
// save, and comes back. Saves keep being acknowledged; when Redis is back every saved change is
// published and served, on SQLite and on PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { privateRedis, redisSkipReason } from '../queue/redis-support';
import {
  createStore,
  type Dialect,
  editorsOf,
  expectEverySaveServed,
  killAll,
  postgresSkipReason,
  saveRound,
  seedOwner,
  startProduct,
} from './product';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await killAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

for (const dialect of ['sqlite', 'postgres'] as Dialect[]) {
  const skip = redisSkipReason || (dialect === 'postgres' ? postgresSkipReason : '');
  describe.skipIf(skip !== '')(`fault: Redis stopped and restarted during saves [${dialect}]${skip}`, () => {
    it('publishes every save once Redis is back', async () => {
      const redis = await privateRedis();
      await redis.start();
      cleanups.push(() => redis.kill());
      const store = await createStore(dialect);
      cleanups.push(store.drop);
      const owners = [];
      for (const cvr of ['35000001', '35000002', '35000003']) owners.push(await seedOwner(store.db, cvr));
      const product = await startProduct(store, { REDIS_URL: redis.url });
      cleanups.push(product.stop);
      const editors = await editorsOf(product, owners);

      expect(await saveRound(product, editors, 'Før')).toEqual(Array(9).fill(200));
      await redis.kill();
      // Redis is gone: every save is still stored and acknowledged, its publish recorded.
      expect(await saveRound(product, editors, 'Uden Redis')).toEqual(Array(9).fill(200));
      await redis.start();
      expect(await saveRound(product, editors, 'Efter', 2)).toEqual(Array(6).fill(200));
      await expectEverySaveServed(product, store.db, editors);
    }, 120_000);
  });
}
