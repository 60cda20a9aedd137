// Fault: the process that renders is SIGKILLed mid-render (`npm start` as a single process,
// whose in-process worker renders), right after an owner's save was acknowledged. The half-written
// build never goes live: the last good site stays served; after a restart, the recorded publish is
// recovered and every acknowledged save is published and served. On SQLite and PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { getPublishState, insertPage } from '../../db';
import {
  createStore,
  type Dialect,
  editorsOf,
  expectEverySaveServed,
  killAll,
  postgresSkipReason,
  saveRound,
  seedOwner,
  spawnStoreProduct,
} from './product';

// `npm start` as one process (WEB_PROCESSES=1), as the fault is described above, not a primary with
// a serving copy per core: every start here is one process, not three.
const ONE_PROCESS = { WEB_PROCESSES: '1' };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await killAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Enough pages of long text that a render takes a while, so a kill right after the save lands in it. */
const PAGES = 40;
const TEXT = 'Vi lægger tag, skifter vinduer og bygger om. '.repeat(400);

for (const dialect of ['sqlite', 'postgres'] as Dialect[]) {
  const skip = dialect === 'postgres' ? postgresSkipReason : '';
  describe.skipIf(skip !== '')(`fault: SIGKILL of the worker mid-render [${dialect}]${skip}`, () => {
    it('keeps the last good site live and publishes every save after a restart', async () => {
      const store = await createStore(dialect);
      cleanups.push(store.drop);
      const big = await seedOwner(store.db, '38000001');
      for (let page = 1; page <= PAGES; page++) {
        await insertPage(store.db, big.cvr, {
          pageName: `Ydelse ${page}`,
          title: `Ydelse ${page}`,
          content: TEXT,
        });
      }
      const small = await seedOwner(store.db, '38000002');
      let product = await spawnStoreProduct(store, ONE_PROCESS);
      let editors = await editorsOf(product, [big, small]);
      await saveRound(product, editors, 'Live', 1);
      await expectEverySaveServed(product, store.db, editors);
      // The big site's newest title known to be live: what a restart must keep serving until the
      // site being rendered at the kill is complete.
      let live = editors[0]?.lastSaved ?? '';

      // Save and kill at once; if the render was already done, try again (bounded).
      let killedMidRender = false;
      for (let attempt = 0; attempt < 5 && !killedMidRender; attempt++) {
        const statuses = await saveRound(product, editors, `Dræbt ${attempt}`, 1);
        expect(statuses).toEqual([200, 200]);
        product.run.signal('SIGKILL');
        await product.run.exit;
        const state = await getPublishState(store.db, big.cvr);
        killedMidRender = !!state && state.publishedVersion < state.wantedVersion;
        if (!killedMidRender) {
          // The render finished before the kill: this attempt's save is the live site now.
          live = editors[0]?.lastSaved ?? live;
          product = await spawnStoreProduct(store, ONE_PROCESS);
          editors = await editorsOf(product, [big, small]).then((fresh) =>
            fresh.map((editor, index) => ({ ...editor, lastSaved: editors[index]?.lastSaved ?? null })),
          );
        }
      }
      expect(killedMidRender).toBe(true);

      // Restarted: the old site answered until the new one is complete, then every save is live.
      product = await spawnStoreProduct(store, ONE_PROCESS);
      const html = await product.served(big.cvr);
      expect(html).toMatch(/<\/html>\s*$/);
      expect([live, editors[0]?.lastSaved].some((title) => title && html.includes(title))).toBe(true);
      await expectEverySaveServed(product, store.db, editors);
    }, 120_000);
  });
}
