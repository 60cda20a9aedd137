import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import { insertCompany } from './companies';
import { countImages, deleteImage, findImage, insertImage, listImages, type NewImage } from './images';

function image(n: number): NewImage {
  return {
    path: `images/11111111/${1700000000000 + n}-billede-${n}.jpg`,
    url: `/media/images/11111111/${1700000000000 + n}-billede-${n}.jpg`,
    name: `billede-${n}.jpg`,
    uploaderEmail: 'ejer@firma.dk',
    contentType: 'image/jpeg',
    width: 1600,
    height: 1200,
    bytes: 123_456,
    variants: [{ width: 640, url: `/media/images/11111111/${n}-640.webp`, contentType: 'image/webp' }],
  };
}

describeEachDialect('images repository', (use) => {
  it('stores up to 15 images and refuses the 16th with the spec message', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'Firma A' }));
    for (let n = 1; n <= 15; n++)
      acceptedValue(await insertImage(db, '11111111', image(n), new Date(Date.UTC(2026, 0, n))));

    expect(await insertImage(db, '11111111', image(16))).toEqual({ ok: false, reason: 'image-limit' });
    expect(await countImages(db, '11111111')).toBe(15);

    const listed = await listImages(db, '11111111');
    expect(listed[0]?.name).toBe('billede-15.jpg');
    expect(listed[0]?.variants).toEqual(image(15).variants);
  });

  it('holds the limit when many uploads arrive at once', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'Firma A' }));
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, n) => insertImage(db, '11111111', image(n))),
    );
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(15);
    expect(attempts.filter((attempt) => !attempt.ok && attempt.reason === 'image-limit')).toHaveLength(5);
    expect(await countImages(db, '11111111')).toBe(15);
  });

  it('deletes only the owning company image and hands back its path', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'Firma A' }));
    acceptedValue(await insertCompany(db, { cvr: '22222222', name: 'Firma B' }));
    const stored = acceptedValue(await insertImage(db, '11111111', image(1)));

    expect(await findImage(db, '22222222', stored.id)).toBeUndefined();
    expect(await deleteImage(db, '22222222', stored.id)).toBeUndefined();
    expect(await countImages(db, '11111111')).toBe(1);

    expect((await deleteImage(db, '11111111', stored.id))?.path).toBe(image(1).path);
    expect(await listImages(db, '11111111')).toEqual([]);
  });

  it('refuses an image for a company that does not exist', async () => {
    const { db } = use();
    expect(await insertImage(db, '99999999', image(1))).toEqual({ ok: false, reason: 'company-not-found' });
  });
});
