// The images table and its repository: the archive of one company's uploaded pictures. The files
// live under STORAGE_DIR; a row records where, and the responsive variants made from it.
import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { MAX_IMAGES } from '../../rules/images';
import type { Db } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { prepared } from '../prepared';
import { parseJson } from './json';
import { lockCompany } from './locks';

export interface ImagesTable {
  id: string;
  companyCvr: string;
  path: string;
  url: string;
  name: string;
  uploaderEmail: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  variants: string;
  createdAt: string;
}

type ImageRow = Selectable<ImagesTable>;
type NewImageRow = Insertable<ImagesTable>;

export interface ImageVariant {
  width: number;
  url: string;
  contentType: string;
}

export interface Image {
  id: string;
  companyCvr: string;
  /** Storage-relative path of the original, `images/<cvr>/<timestamp>-<safe-name>`. */
  path: string;
  url: string;
  name: string;
  uploaderEmail: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  variants: ImageVariant[];
  createdAt: string;
}

export type NewImage = Omit<Image, 'id' | 'companyCvr' | 'createdAt'>;

function toImage(row: ImageRow): Image {
  return { ...row, variants: parseJson<ImageVariant[]>(row.variants, []) };
}

/** A company's images, newest first. */
// Every publish reads them: built once (prepared.ts).
const selectImages = prepared((db: Db, cvr: string) =>
  db
    .selectFrom('images')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc'),
);

export async function listImages(db: Db, cvr: string): Promise<Image[]> {
  return (await selectImages(db, cvr)).rows.map(toImage);
}

export async function findImage(db: Db, cvr: string, id: string): Promise<Image | undefined> {
  const row = await db
    .selectFrom('images')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toImage(row);
}

export async function countImages(db: Db, cvr: string): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('companyCvr', '=', cvr)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Records an uploaded image unless the company already has MAX_IMAGES. The count and the insert run
 * holding the company's row lock, so parallel uploads cannot pass the limit: inside the caller's
 * transaction when given one (the lock is held until it commits), else in a transaction of its own.
 */
export async function insertImage(
  db: Db,
  cvr: string,
  input: NewImage,
  now = new Date(),
): Promise<Outcome<Image, 'company-not-found' | 'image-limit'>> {
  if (!db.isTransaction) return db.transaction().execute((trx) => insertImage(trx, cvr, input, now));
  if (!(await lockCompany(db, cvr))) return refused('company-not-found');
  if ((await countImages(db, cvr)) >= MAX_IMAGES) return refused('image-limit');
  const row: NewImageRow = {
    ...input,
    id: randomUUID(),
    companyCvr: cvr,
    variants: JSON.stringify(input.variants),
    createdAt: now.toISOString(),
  };
  return accepted(
    toImage(await db.insertInto('images').values(row).returningAll().executeTakeFirstOrThrow()),
  );
}

/** Deletes one image row of the company and returns it, so the caller can remove its files;
 *  undefined when the company has no image with that id. */
export async function deleteImage(db: Db, cvr: string, id: string): Promise<Image | undefined> {
  const row = await db
    .deleteFrom('images')
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toImage(row);
}
