// Logo and image uploads leave no orphan files under any interleaving, on SQLite and PostgreSQL:
// parallel logo uploads and deletes, and parallel image uploads (past the 15-image limit) and
// deletes. After everything settles, every file under STORAGE_DIR/logos/<cvr> is the current logo's,
// every file under images/<cvr> belongs to an image row, no temp file is left, and a deleted logo's
// files are gone.
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { findCompanyByCvr, listImages } from '../../db';
import { filesUnder, solidImage, uploadForm } from '../fixtures/images/make-images';
import { describeEachDialect } from '../support/databases';
import { type ApiHarness, createApiHarness } from './api-harness';

const CVR = '12345678';

/** The storage-relative file a /media/ URL serves. */
const fileOf = (url: string) => url.replace(/^\/media\//, '');

describeEachDialect('upload files under parallel changes', (use) => {
  let h: ApiHarness | undefined;

  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function start() {
    h = await createApiHarness({}, { database: use() });
    const owner = await h.createOwner(CVR, 'Hansens Tømrer ApS');
    const cookie = await h.signIn(owner.email);
    return { h, cookie };
  }

  it('leaves exactly the current logo on disk after parallel uploads and deletes', async () => {
    const { h, cookie } = await start();
    const logos = path.join(h.config.storageDir, 'logos');
    const colours = ['#b4532a', '#2a6fb4', '#2ab45a', '#b42a8f', '#777777', '#e0b000'];
    const pictures = await Promise.all(colours.map((colour) => solidImage(300, 200, 'png', colour)));

    for (let round = 0; round < 3; round++) {
      const requests = pictures.flatMap((bytes, index) => [
        h.send('POST', '/api/company/logo', { cookie, body: uploadForm(bytes, `logo-${index}.png`) }),
        ...(index % 2 === 0 ? [h.send('DELETE', '/api/company/logo', { cookie })] : []),
      ]);
      const statuses = (await Promise.all(requests)).map((response) => response.status);
      expect(statuses.every((status) => status === 200)).toBe(true);

      const { logo } = (await findCompanyByCvr(h.db, CVR)) ?? { logo: null };
      const expected = logo === null ? [] : [fileOf(logo), fileOf(logo).replace(/\.png$/, '.webp')].sort();
      expect(filesUnder(path.join(h.config.storageDir)).filter((file) => file.startsWith('logos/'))).toEqual(
        expected,
      );
    }

    // A delete at rest removes the last logo's files.
    expect((await h.send('DELETE', '/api/company/logo', { cookie })).status).toBe(200);
    expect(filesUnder(logos)).toEqual([]);
  });

  it('leaves only the files of stored images after parallel uploads past the limit and deletes', async () => {
    const { h, cookie } = await start();
    const images = path.join(h.config.storageDir, 'images');
    const upload = async (index: number) =>
      h.send('POST', '/api/images', {
        cookie,
        body: uploadForm(await solidImage(200 + index, 150, 'jpeg'), `billede-${index}.jpg`),
      });
    for (let index = 0; index < 12; index++) expect((await upload(index)).status).toBe(201);
    const existing = await listImages(h.db, CVR);

    const responses = await Promise.all([
      ...Array.from({ length: 8 }, (_, n) => upload(100 + n)),
      ...existing.slice(0, 4).map((image) => h.send('DELETE', `/api/images/${image.id}`, { cookie })),
      // The same image twice: one delete wins, the other finds nothing.
      h.send('DELETE', `/api/images/${existing[0]?.id}`, { cookie }),
    ]);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((status) => [201, 204, 404, 422].includes(status))).toBe(true);

    const rows = await listImages(h.db, CVR);
    expect(rows.length).toBeLessThanOrEqual(15);
    const owned = rows
      .flatMap((image) => [image.url, ...image.variants.map((variant) => variant.url)])
      .map(fileOf)
      .sort();
    expect(filesUnder(images).map((file) => `images/${file}`)).toEqual(owned);
  });
});
