// `npm run backup` and `npm run restore` as an operator runs them, on SQLite and PostgreSQL: a backup
// taken while an owner keeps saving restores into a working product that has and serves every save
// acknowledged before the backup started, and the uploaded image.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createStore,
  type Dialect,
  emptyTarget,
  killAll,
  postgresSkipReason,
  seedOwner,
  startProduct,
  waitFor,
} from './faults/product';
import { pngFile } from './support/images';
import { runScript } from './support/processes';

// What is backed up is the store, not how the product serves it: the product the owner saves to, and
// the restored one, run in this test process (faults/product.ts startProduct); the backup and the
// restore are the operator's commands, run as processes as npm runs them.

function script(name: string, env: Record<string, string>, args: string[] = []) {
  return runScript(name, { LOG_LEVEL: 'warn', ...env }, args);
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await killAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

for (const dialect of ['sqlite', 'postgres'] as Dialect[]) {
  const skip = dialect === 'postgres' ? postgresSkipReason : '';
  describe.skipIf(skip !== '')(`npm run backup and restore [${dialect}]${skip}`, () => {
    it('restores a backup taken during saves with every acknowledged save present and served', async () => {
      const store = await createStore(dialect);
      cleanups.push(store.drop);
      const owner = await seedOwner(store.db, '34000001');
      const product = await startProduct(store);
      cleanups.push(product.stop);
      const cookie = await product.login(owner.email, owner.password);

      const upload = new FormData();
      const png = await pngFile(1, 'tag.png');
      upload.append('file', new Blob([new Uint8Array(png.buffer)], { type: png.mimeType }), png.name);
      const uploaded = await product.request('POST', '/api/images', cookie, upload);
      expect(uploaded.status).toBe(201);
      const image = (await uploaded.json()) as { url: string };

      // The owner keeps creating pages, one after the other, until told to stop.
      const acknowledged: { name: string; slug: string; at: number }[] = [];
      let stop = false;
      const saving = (async () => {
        for (let index = 1; !stop && index <= 60; index++) {
          const name = `Side ${index}`;
          const response = await product.request('POST', '/api/pages', cookie, { pageName: name });
          if (response.status === 201) {
            const page = (await response.json()) as { slug: string };
            acknowledged.push({ name, slug: page.slug, at: Date.now() });
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await waitFor('a few saves', () => acknowledged.length >= 3);

      const backups = mkdtempSync(path.join(tmpdir(), 'backups-'));
      cleanups.push(async () => rmSync(backups, { recursive: true, force: true }));
      const backupStarted = Date.now();
      const before = acknowledged.filter((save) => save.at <= backupStarted);
      const backup = await script('scripts/backup.ts', store.env, ['--out', backups]);
      stop = true;
      await saving;
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(
        /^Backup written: .*mesterside-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz \(.* \d+ upload files\)$/m,
      );
      const [archive] = readdirSync(backups);
      expect(archive).toBeDefined();
      await product.stop();

      // Not into a folder that holds anything.
      const occupied = mkdtempSync(path.join(tmpdir(), 'occupied-'));
      cleanups.push(async () => rmSync(occupied, { recursive: true, force: true }));
      writeFileSync(path.join(occupied, 'noget.txt'), 'x');
      const refused = await script('scripts/restore.ts', { STORAGE_DIR: occupied }, [
        path.join(backups, archive ?? ''),
      ]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`STORAGE_DIR ${occupied} is not empty`);

      const target = await emptyTarget(dialect);
      cleanups.push(target.drop);
      const restored = await script('scripts/restore.ts', target.env, [path.join(backups, archive ?? '')]);
      expect(restored.stdout + restored.stderr).toContain('Rebuilt 1 of 1 companies');
      expect(restored.code).toBe(0);

      const again = await startProduct({ ...store, dir: target.dir, env: target.env });
      cleanups.push(again.stop);
      const html = await again.served(owner.cvr);
      expect(html).toContain(`Velkommen til Firma ${owner.cvr} ApS`);
      expect(before.length).toBeGreaterThanOrEqual(3);
      for (const save of before) {
        const response = await fetch(`${again.url}/${owner.cvr}/${save.slug}/`);
        expect(response.status, save.name).toBe(200);
        expect(await response.text()).toContain(save.name);
      }
      const media = await fetch(`${again.url}${image.url}`);
      expect(media.status).toBe(200);
      expect(Buffer.from(await media.arrayBuffer()).length).toBeGreaterThan(0);
      // The restored product works: the owner logs in and saves.
      const cookieAgain = await again.login(owner.email, owner.password);
      expect(
        (await again.savePage(cookieAgain, owner.homepageId, { title: 'Efter gendannelse' })).status,
      ).toBe(200);
      await waitFor('the save to be served', async () =>
        (await again.served(owner.cvr)).includes('Efter gendannelse'),
      );
    }, 120_000);

    it('backs up and restores a store created a second ago, with no uploads yet', async () => {
      const store = await createStore(dialect);
      cleanups.push(store.drop);
      const backups = mkdtempSync(path.join(tmpdir(), 'backups-'));
      cleanups.push(async () => rmSync(backups, { recursive: true, force: true }));
      const backup = await script('scripts/backup.ts', store.env, ['--out', backups]);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('0 upload files');
      // Only the archive: no staging folder left beside it.
      const written = readdirSync(backups);
      expect(written).toEqual([expect.stringMatching(/^mesterside-.*\.tar\.gz$/)]);

      const target = await emptyTarget(dialect);
      cleanups.push(target.drop);
      const restored = await script('scripts/restore.ts', target.env, [path.join(backups, written[0] ?? '')]);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(readdirSync(target.dir).filter((name) => name.startsWith('.'))).toEqual([]);
    }, 60_000);

    it('leaves no staging folder behind when a backup fails', async () => {
      const backups = mkdtempSync(path.join(tmpdir(), 'backups-'));
      cleanups.push(async () => rmSync(backups, { recursive: true, force: true }));
      const missing = mkdtempSync(path.join(tmpdir(), 'no-store-'));
      cleanups.push(async () => rmSync(missing, { recursive: true, force: true }));
      const env =
        dialect === 'sqlite'
          ? { STORAGE_DIR: missing, DATABASE_URL: `file:${path.join(missing, 'gone', 'app.db')}` }
          : {
              STORAGE_DIR: missing,
              DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/no_such_database_here',
            };
      const backup = await script('scripts/backup.ts', env, ['--out', backups]);
      expect(backup.code).toBe(1);
      expect(readdirSync(backups)).toEqual([]);
    }, 60_000);
  });
}
