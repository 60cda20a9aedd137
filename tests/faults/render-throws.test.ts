// Fault: one company's render throws (its build folder cannot be made: a file stands where its
// builds go) while other owners save. The others publish as usual; the failing company keeps its
// last live site, has the error recorded and stays unpublished; once the cause is gone, the retry
// publishes its last save. On SQLite and PostgreSQL.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getPublishState } from '../../db';
import { BUILDS_DIR } from '../../generator/write-site';
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
  waitFor,
} from './product';

/** chattr on a folder; false where the file system or the container refuses it. */
function chattr(flag: '+i' | '-i', folder: string): boolean {
  return spawnSync('chattr', [flag, folder]).status === 0;
}

// The product in this test process (product.ts startProduct): the failing render is the subject, not
// the process (startup.test.ts and worker-sigkill.test.ts cover that).

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await killAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

for (const dialect of ['sqlite', 'postgres'] as Dialect[]) {
  const skip = dialect === 'postgres' ? postgresSkipReason : '';
  describe.skipIf(skip !== '')(`fault: a render throws for one company [${dialect}]${skip}`, () => {
    it('publishes the others, then the failing one once it can', async () => {
      const store = await createStore(dialect);
      cleanups.push(store.drop);
      const owners = [];
      for (const cvr of ['36000001', '36000002', '36000003']) owners.push(await seedOwner(store.db, cvr));
      const product = await startProduct(store);
      cleanups.push(product.stop);
      const editors = await editorsOf(product, owners);
      const [broken, ...others] = editors;
      if (!broken) throw new Error('no owners');

      // Everyone is live first.
      await saveRound(product, editors, 'Første', 1);
      await expectEverySaveServed(product, store.db, editors);
      const liveTitle = broken.lastSaved ?? '';

      // The broken company's next build folder cannot be created: its builds folder is made
      // immutable (root ignores permissions, not this), or where chattr is refused, a file stands
      // in its place (its live build then goes too).
      const builds = path.join(store.dir, 'sites', BUILDS_DIR, broken.cvr);
      const immutable = chattr('+i', builds);
      if (immutable) cleanups.push(async () => void chattr('-i', builds));
      else {
        rmSync(builds, { recursive: true, force: true });
        writeFileSync(builds, 'not a folder');
      }

      expect(await saveRound(product, editors, 'Anden', 2)).toEqual(Array(6).fill(200));
      await waitFor('the failure to be recorded', async () => {
        const state = await getPublishState(store.db, broken.cvr);
        return !!state?.lastError && state.publishedVersion < state.wantedVersion;
      });
      // The others are published meanwhile; the broken one still serves its last good site.
      await expectEverySaveServed(product, store.db, others);
      const served = await product.served(broken.cvr);
      if (immutable) expect(served).toContain(liveTitle);
      expect(served).not.toContain(broken.lastSaved ?? '');

      if (immutable) chattr('-i', builds);
      else rmSync(builds, { force: true });
      // Its retries may be spent by now (1 + 2 + 4 + 8 s of backoff); then the 30 s recovery sweep
      // enqueues it again, so this wait allows for a sweep and a render on a loaded machine.
      await expectEverySaveServed(product, store.db, editors, 100_000);
      expect((await getPublishState(store.db, broken.cvr))?.lastError).toBeNull();
    }, 240_000);
  });
}
