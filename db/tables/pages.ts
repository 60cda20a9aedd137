// The pages table and its repository. The spec gives two readings of a page's content (nested
// hero/main, or flat fields); we store the flat one, and db/README.md documents the mapping.
import { randomUUID } from 'node:crypto';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import { type MenuEntry, normalizeMenuOrder } from '../../rules/page-order';
import {
  type GalleryItem,
  NEW_PAGE_DEFAULTS,
  PAGE_LAYOUTS,
  type PageLayout,
  type PageType,
  RESERVED_PAGE_SLUGS,
} from '../../rules/pages';
import { slugify, uniqueSlug } from '../../rules/slug';
import { type Db, isUniqueViolation } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { prepared } from '../prepared';
import { parseJson } from './json';
import { listOldAddresses } from './page-addresses';

export interface PagesTable {
  id: string;
  companyCvr: string;
  pageName: string;
  title: string;
  slug: string;
  type: string;
  layout: string;
  subtitle: string;
  content: string;
  image: string | null;
  heroBackgroundImage: string | null;
  gallery: string;
  metaTitle: string;
  metaDescription: string;
  createdAt: string;
  updatedAt: string;
  /** Place in the menu, 0 first (migration 0007). */
  sortOrder: number;
  /** 0/1: whether the generated menu links the page. */
  showInMenu: number;
  /** Raised by the database on every UPDATE of the row (migration 0025): what a publish compares to
   *  know a page is unchanged without reading its text. */
  revision: Generated<number>;
}

type PageRow = Selectable<PagesTable>;
export type NewPageRow = Insertable<PagesTable>;
type PageRowUpdate = Updateable<PagesTable>;

export interface Page {
  id: string;
  companyCvr: string;
  /** The page's label in the site's menu ("Navn i menuen"). A new page's slug is made from it; after
   *  that the slug changes only when the owner changes the address (issue 49). */
  pageName: string;
  title: string;
  slug: string;
  type: PageType;
  layout: PageLayout;
  /** Hero layout only. */
  subtitle: string;
  content: string;
  image: string | null;
  heroBackgroundImage: string | null;
  gallery: GalleryItem[];
  metaTitle: string;
  metaDescription: string;
  createdAt: string;
  updatedAt: string;
  /** Place in the menu (0 first; the homepage stays first). Set with setMenuOrder. */
  sortOrder: number;
  /** Whether the site's menu links the page; a hidden page is still published and in the sitemap. */
  showInMenu: boolean;
}

type MenuFields = 'sortOrder' | 'showInMenu';
/** `slug`: the address wanted (a restored page's own); made unique, and from the name without it. */
export type NewPage = Partial<Omit<Page, 'id' | 'companyCvr' | 'createdAt' | 'updatedAt' | MenuFields>>;
/** `slug`: a new address the owner chose (a valid slug: contracts/pages.ts checks it at the edge). */
export type PagePatch = Partial<
  Omit<Page, 'id' | 'companyCvr' | 'type' | 'createdAt' | 'updatedAt' | MenuFields>
>;

function isLayout(value: string): value is PageLayout {
  return (PAGE_LAYOUTS as readonly string[]).includes(value);
}

function toPage(row: Omit<PageRow, 'revision'>): Page {
  return {
    id: row.id,
    companyCvr: row.companyCvr,
    pageName: row.pageName,
    title: row.title,
    slug: row.slug,
    type: row.type === 'homepage' ? 'homepage' : 'page',
    layout: isLayout(row.layout) ? row.layout : 'text',
    subtitle: row.subtitle,
    content: row.content,
    image: row.image,
    heroBackgroundImage: row.heroBackgroundImage,
    gallery: parseJson<GalleryItem[]>(row.gallery, []),
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    sortOrder: row.sortOrder,
    showInMenu: row.showInMenu === 1,
  };
}

/** A company's pages in menu order: the owner's order (sortOrder), then createdAt (the spec's Screens)
 *  and id for equal stamps. */
export async function listPages(db: Db, cvr: string): Promise<Page[]> {
  return (await selectPages(db, cvr)).rows.map(toPage);
}

/** A company's pages whole in menu order, each with its row's revision (a publish with nothing kept
 *  from a live build, a rebuild: generator/load-site.ts). */
export async function listStampedPages(db: Db, cvr: string): Promise<PageStamp[]> {
  return (await selectPages(db, cvr)).rows.map((row) => ({ page: toPage(row), revision: row.revision }));
}

// Every publish reads them: built once (prepared.ts).
const selectPages = prepared((db: Db, cvr: string) =>
  db
    .selectFrom('pages')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .orderBy('id'),
);

/** The columns an outline or a stamp leaves unread, as a page without them has them. */
const WITHOUT_TEXTS = {
  subtitle: '',
  content: '',
  image: null,
  heroBackgroundImage: null,
  gallery: '[]',
  metaTitle: '',
  metaDescription: '',
} as const;

/**
 * A company's pages in menu order as a menu needs them: every field but the texts, images and
 * gallery, which are left empty. A live preview renders one page with the menu of all the others;
 * reading a 300-page site's whole text for it would cost the serving thread megabytes per keystroke.
 */
export async function listPageOutlines(db: Db, cvr: string): Promise<Page[]> {
  const rows = await db
    .selectFrom('pages')
    .select([
      'id',
      'companyCvr',
      'pageName',
      'slug',
      'type',
      'layout',
      'createdAt',
      'updatedAt',
      'sortOrder',
      'showInMenu',
    ])
    .where('companyCvr', '=', cvr)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    toPage({
      ...row,
      title: '',
      ...WITHOUT_TEXTS,
    }),
  );
}

/** A page without its texts, images and gallery (as listPageOutlines gives it, but with its title)
 *  and the revision of its row: `revision` moves on every change of the row. */
export interface PageStamp {
  page: Page;
  revision: number;
}

/**
 * A company's pages in menu order with what a publish needs of the unchanged ones: the menu's
 * fields, title and times, and the row's revision. A publish reads the whole row only of the pages
 * whose revision moved since the live build (generator/load-site.ts).
 */
export async function listPageStamps(db: Db, cvr: string): Promise<PageStamp[]> {
  return (await selectPageStamps(db, cvr)).rows.map(({ revision, ...row }) => ({
    revision,
    page: toPage({
      ...row,
      ...WITHOUT_TEXTS,
    }),
  }));
}

// Every publish reads them: built once (prepared.ts).
const selectPageStamps = prepared((db: Db, cvr: string) =>
  db
    .selectFrom('pages')
    .select([
      'id',
      'companyCvr',
      'pageName',
      'title',
      'slug',
      'type',
      'layout',
      'createdAt',
      'updatedAt',
      'sortOrder',
      'showInMenu',
      'revision',
    ])
    .where('companyCvr', '=', cvr)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .orderBy('id'),
);

/** The company's pages of these ids, whole (in no particular order; an id of no page finds none). */
export async function listPagesById(db: Db, cvr: string, ids: readonly string[]): Promise<Page[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('pages')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('id', 'in', ids)
    .execute();
  return rows.map(toPage);
}

// Every save reads the page first: built once (prepared.ts).
const selectPage = prepared((db: Db, cvr: string, id: string) =>
  db.selectFrom('pages').selectAll().where('companyCvr', '=', cvr).where('id', '=', id),
);

/** One page of one company; another company's page id finds nothing. */
export async function findPage(db: Db, cvr: string, id: string): Promise<Page | undefined> {
  const row = (await selectPage(db, cvr, id)).rows[0];
  return row && toPage(row);
}

export async function findPageBySlug(db: Db, cvr: string, slug: string): Promise<Page | undefined> {
  const row = await db
    .selectFrom('pages')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row && toPage(row);
}

export async function countPages(db: Db, cvr: string): Promise<number> {
  const row = await db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('companyCvr', '=', cvr)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Slugs a new page of the company does not take: its pages', the reserved ones, and the earlier
 *  addresses of its pages (taking one would end that address's redirect without anyone choosing to). */
async function takenSlugs(db: Db, cvr: string): Promise<string[]> {
  const query = db.selectFrom('pages').select('slug').where('companyCvr', '=', cvr);
  return [
    ...RESERVED_PAGE_SLUGS,
    ...(await query.execute()).map((row) => row.slug),
    ...(await listOldAddresses(db, cvr)),
  ];
}

/** Whether another page of the company has `slug` as its address. */
async function slugTakenByOther(db: Db, cvr: string, slug: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('pages')
    .select('id')
    .where('companyCvr', '=', cvr)
    .where('slug', '=', slug)
    .where('id', '!=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates a page with the spec's defaults (`Ny side`, type page, layout text); its slug comes from the
 * page name and is made unique within the company (`ny-side`, `ny-side-2`, …).
 */
export async function insertPage(db: Db, cvr: string, input: NewPage = {}, now = new Date()): Promise<Page> {
  const pageName = input.pageName ?? NEW_PAGE_DEFAULTS.pageName;
  const stamp = now.toISOString();
  const slug = uniqueSlug(input.slug ?? slugify(pageName), await takenSlugs(db, cvr));
  const row: NewPageRow = {
    id: randomUUID(),
    companyCvr: cvr,
    pageName,
    title: input.title ?? '',
    slug,
    type: input.type ?? NEW_PAGE_DEFAULTS.type,
    layout: input.layout ?? NEW_PAGE_DEFAULTS.layout,
    subtitle: input.subtitle ?? '',
    content: input.content ?? '',
    image: input.image ?? null,
    heroBackgroundImage: input.heroBackgroundImage ?? null,
    gallery: JSON.stringify(input.gallery ?? []),
    metaTitle: input.metaTitle ?? '',
    metaDescription: input.metaDescription ?? '',
    createdAt: stamp,
    updatedAt: stamp,
    sortOrder: await nextSortOrder(db, cvr),
    showInMenu: 1,
  };
  // The slug is free unless another insert for the company ran since takenSlugs: callers that may
  // race hold the company's lock (lockCompany), so the unique index is only a backstop here.
  return toPage(await db.insertInto('pages').values(row).returningAll().executeTakeFirstOrThrow());
}

type PageUpdate = ReturnType<typeof preparePageUpdate>;

/** The UPDATE of these columns, their values given in the same order, one argument each. */
function preparePageUpdate(columns: readonly string[]) {
  return prepared((db: Db, cvr: string, id: string, ...values: unknown[]) =>
    db
      .updateTable('pages')
      // The revision is raised here, in the same statement, so the trigger that raises it for any other
      // writer (migration 0025) has nothing to do: on SQLite it would update the row a second time.
      .set((eb) => ({
        ...(Object.fromEntries(columns.map((column, index) => [column, values[index]])) as PageRowUpdate),
        revision: eb('revision', '+', 1),
      }))
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .returningAll(),
  );
}

/** One prepared UPDATE per set of columns a save changes (a few in practice: the editor's fields). */
const pageUpdates = new Map<string, PageUpdate>();

function pageUpdateOf(columns: readonly string[]): PageUpdate {
  const key = columns.join(',');
  let update = pageUpdates.get(key);
  if (!update) {
    update = preparePageUpdate(columns);
    pageUpdates.set(key, update);
  }
  return update;
}

/**
 * Saves a page. Its slug changes only when the patch names one (issue 49: the name in the menu and the
 * address are separate, where the spec's States recomputed the slug from the name). Refused when the
 * company has no such page, or when another page has the slug (or took it since: the unique index),
 * or the slug is one of the reserved ones.
 */
export async function updatePage(
  db: Db,
  cvr: string,
  id: string,
  patch: PagePatch,
  now = new Date(),
): Promise<Outcome<Page, 'page-not-found' | 'slug-taken' | 'slug-reserved'>> {
  const row: PageRowUpdate = { updatedAt: now.toISOString() };
  const plain = [
    'title',
    'layout',
    'subtitle',
    'content',
    'image',
    'heroBackgroundImage',
    'metaTitle',
    'metaDescription',
  ] as const;
  const target = row as Record<string, unknown>;
  for (const key of plain) if (patch[key] !== undefined) target[key] = patch[key];
  if (patch.gallery !== undefined) row.gallery = JSON.stringify(patch.gallery);
  if (patch.pageName !== undefined) row.pageName = patch.pageName;
  if (patch.slug !== undefined) {
    if (RESERVED_PAGE_SLUGS.has(patch.slug)) return refused('slug-reserved');
    if (await slugTakenByOther(db, cvr, patch.slug, id)) return refused('slug-taken');
    row.slug = patch.slug;
  }
  try {
    const updated = (await pageUpdateOf(Object.keys(row))(db, cvr, id, ...Object.values(row))).rows[0];
    return updated ? accepted(toPage(updated)) : refused('page-not-found');
  } catch (error) {
    if (isUniqueViolation(error)) return refused('slug-taken');
    throw error;
  }
}

/** Deletes a page of the company. The homepage is never deleted. */
export async function deletePage(
  db: Db,
  cvr: string,
  id: string,
): Promise<Outcome<void, 'page-not-found' | 'homepage'>> {
  const page = await findPage(db, cvr, id);
  if (!page) return refused('page-not-found');
  if (page.type === 'homepage') return refused('homepage');
  await db.deleteFrom('pages').where('companyCvr', '=', cvr).where('id', '=', id).execute();
  return accepted(undefined);
}

/** The menu place of a page added now: last. (A restored or re-inserted page should take it too.) */
async function nextSortOrder(db: Db, cvr: string): Promise<number> {
  const row = await db
    .selectFrom('pages')
    .select((eb) => eb.fn.max('sortOrder').as('last'))
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

/**
 * Stores the menu order and visibility of all the company's pages at once (rules/page-order.ts): the
 * order must name each page exactly once, else nothing changes (`conflict`). The homepage is kept
 * first. Pages' content and updatedAt stay as they are. Returns the pages in their new order.
 */
export async function setMenuOrder(
  db: Db,
  cvr: string,
  requested: readonly MenuEntry[],
): Promise<Outcome<Page[], 'stale-order'>> {
  const pages = await listPages(db, cvr);
  const order = normalizeMenuOrder(pages, requested);
  if (!order) return refused('stale-order');
  for (const [index, entry] of order.entries()) {
    await db
      .updateTable('pages')
      .set((eb) => ({
        sortOrder: index,
        showInMenu: entry.showInMenu ? 1 : 0,
        revision: eb('revision', '+', 1),
      }))
      .where('companyCvr', '=', cvr)
      .where('id', '=', entry.id)
      .execute();
  }
  return accepted(await listPages(db, cvr));
}
