// A one-page edit of a big site renders that page alone, also when the render memo holds none of the
// site (issue 44: a 300-page site did not fit the memo, so each save rendered all 300 pages on both
// render threads and the visitors of other sites waited for the CPU). What decides is the input key
// of each document, kept beside the live build: the memo only saves reading the build. Counted in
// documents rendered, not in time. Needs `npm run build` (the templates' server bundle).
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, expect, it } from 'vitest';
import {
  acceptedValue,
  type Db,
  insertCompany,
  insertPage,
  listPages,
  migrateToLatest,
  openDatabase,
  updateCompany,
  updatePage,
} from '../db';
import { loadConfig } from '../lib/config';
import { watchedRenderer } from '../tests/support/watched-renderer';
import { loadSiteRenderer, type SiteRenderer } from './astro-renderer';
import {
  createSitePublisher,
  loadSiteModel,
  publishCompanySite,
  renderCompanySite,
  sitesDirOf,
  writeSite,
} from './index';
import { renderSiteFiles } from './site-files';

const CVR = '29999998';
const PAGES = 60;

let renderer: SiteRenderer;
let dir: string;
let db: Db;

beforeAll(async () => {
  renderer = await loadSiteRenderer();
});

afterEach(async () => {
  await db?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A renderer that counts the documents it renders (the page's slug, or 404). */
function counting(base: SiteRenderer = renderer): { renderer: SiteRenderer; rendered: string[] } {
  const rendered: string[] = [];
  return { rendered, renderer: watchedRenderer(base, (locals) => rendered.push(locals.page?.slug ?? '404')) };
}

async function bigSite() {
  dir = mkdtempSync(path.join(tmpdir(), 'render-reuse-'));
  const config = loadConfig({
    STORAGE_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_HOST: 'mesterside.test',
    DNS_A_RECORD: '203.0.113.10',
  });
  db = openDatabase(config.database);
  await migrateToLatest(db);
  await db.transaction().execute(async (trx) => {
    acceptedValue(
      await insertCompany(trx, {
        cvr: CVR,
        name: 'Storsnakkeren Byg ApS',
        zipcode: '5000',
        city: 'Odense C',
      }),
    );
    for (let index = 0; index < PAGES; index++) {
      await insertPage(trx, CVR, {
        pageName: index === 0 ? 'Forside' : `Side ${index}`,
        ...(index === 0
          ? { type: 'homepage' as const, layout: 'hero' as const }
          : { layout: 'text' as const }),
        title: `Side ${index} om vores arbejde`,
        content: `Afsnit ${index}: tag, vinduer og tilbygninger. `.repeat(40),
      });
    }
  });
  return config;
}

/** The live site's files, by name (the build the site's link points at); each `.br`/`.gz` copy
 *  written at publish is checked to hold its file's bytes, and left out. */
function liveFiles(sitesDir: string): Map<string, string> {
  const live = path.join(sitesDir, CVR);
  const names = readdirSync(live);
  const read = (name: string) => readFileSync(path.join(live, name));
  for (const name of names.filter((entry) => /\.(br|gz)$/.test(entry))) {
    const plain = name.slice(0, -3);
    const body = name.endsWith('.br') ? brotliDecompressSync(read(name)) : gunzipSync(read(name));
    expect(body.equals(read(plain)), `${name} holds ${plain}`).toBe(true);
  }
  return new Map(
    names.filter((name) => !/\.(br|gz)$/.test(name)).map((name) => [name, read(name).toString('utf8')]),
  );
}

it('renders only the edited page of a big site when the memo holds none of it', async () => {
  const config = await bigSite();
  const sitesDir = sitesDirOf(config);
  const pages = await listPages(db, CVR);
  const counter = counting();
  // A memo of 0 bytes holds nothing: every publish misses it, as a 300-page site misses 8 MB.
  const publisher = await createSitePublisher({ db, config, renderer: counter.renderer, memoBytes: 0 });

  await publisher.publish(CVR);
  const documents = counter.rendered.length;
  expect(documents).toBeGreaterThan(PAGES);

  const edited = pages[7];
  if (!edited) throw new Error('no page 7');
  acceptedValue(await updatePage(db, CVR, edited.id, { title: 'Side 7, skrevet om' }));
  counter.rendered.length = 0;
  await publisher.publish(CVR);
  expect(counter.rendered).toEqual([edited.slug]);

  // What went live is byte for byte what a whole render gives.
  const site = await loadSiteModel(db, CVR, config.publicHost);
  if (!site) throw new Error('no site model');
  const whole = new Map(
    (await renderSiteFiles(site, renderer)).map((file) => [file.name, file.body.toString()]),
  );
  expect(liveFiles(sitesDir)).toEqual(whole);
  expect(whole.get(`${edited.slug}.html`)).toContain('Side 7, skrevet om');

  // Another render thread or process (its own empty memo) reads the same keys beside the build.
  const other = counting();
  const second = await createSitePublisher({ db, config, renderer: other.renderer });
  const next = pages[42];
  if (!next) throw new Error('no page 42');
  acceptedValue(await updatePage(db, CVR, next.id, { content: 'Ny tekst på side 42.' }));
  await second.publish(CVR);
  expect(other.rendered).toEqual([next.slug]);

  // Nothing changed: nothing rendered.
  other.rendered.length = 0;
  await second.publish(CVR);
  expect(other.rendered).toEqual([]);

  // Other templates (a deploy) render every document: a key holds for the templates that made it.
  const deployed = counting({ ...renderer, templates: `${renderer.templates}-next` });
  await (await createSitePublisher({ db, config, renderer: deployed.renderer, memoBytes: 0 })).publish(CVR);
  expect(deployed.rendered).toHaveLength(documents);

  // An old build's keys go with it: the live build and its keys are all that is left.
  const live = path.basename(readlinkSync(path.join(sitesDir, CVR)));
  expect(readdirSync(path.join(sitesDir, '.builds', CVR)).sort()).toEqual([live, `${live}.keys.json`]);
});

/** `db` with every page row read whole (its text) counted, by the page's slug. */
function countingReads(base: Db): { db: Db; read: string[] } {
  const read: string[] = [];
  const db = base.withPlugin({
    transformQuery: ({ node }) => node,
    async transformResult({ result }) {
      for (const row of result.rows as Record<string, unknown>[]) {
        if ('content' in row && typeof row.slug === 'string') read.push(row.slug);
      }
      return result;
    },
  });
  return { db, read };
}

it('reads and renders only the edited page of a big site, and every page when the menu changes', async () => {
  const config = await bigSite();
  const sitesDir = sitesDirOf(config);
  const pages = await listPages(db, CVR);
  const counter = counting();
  const reads = countingReads(db);
  const publisher = await createSitePublisher({
    db: reads.db,
    config,
    renderer: counter.renderer,
    memoBytes: 0,
  });
  const publish = async () => {
    counter.rendered.length = 0;
    reads.read.length = 0;
    await publisher.publish(CVR);
    return { rendered: [...counter.rendered].sort(), read: [...reads.read].sort() };
  };
  /** The live site is byte for byte what a whole render of the whole model gives. */
  const expectWhole = async () => {
    const site = await loadSiteModel(db, CVR, config.publicHost);
    if (!site) throw new Error('no site model');
    const whole = new Map(
      (await renderSiteFiles(site, renderer)).map((file) => [file.name, file.body.toString()]),
    );
    expect(liveFiles(sitesDir)).toEqual(whole);
    return whole;
  };
  const [home, seventh, ninth, last] = [pages[0], pages[7], pages[9], pages[PAGES - 1]];
  if (!home || !seventh || !ninth || !last) throw new Error('pages missing');

  const first = await publish();
  expect(first.read).toHaveLength(PAGES);
  const documents = first.rendered.length;

  // A text: that page is read and rendered, nothing else.
  acceptedValue(await updatePage(db, CVR, seventh.id, { content: 'Helt ny tekst på side 7.' }));
  expect(await publish()).toEqual({ rendered: [seventh.slug], read: [seventh.slug] });
  expect((await expectWhole()).get(`${seventh.slug}.html`)).toContain('Helt ny tekst på side 7.');

  // A title the menu does not show (the page has a page name), and two pages at once.
  acceptedValue(await updatePage(db, CVR, last.id, { title: 'Sidste side' }));
  acceptedValue(await updatePage(db, CVR, home.id, { subtitle: 'Tag og tilbygning' }));
  expect(await publish()).toEqual({
    rendered: [home.slug, last.slug].sort(),
    read: [home.slug, last.slug].sort(),
  });
  await expectWhole();

  // Nothing changed: nothing read whole, nothing rendered.
  expect(await publish()).toEqual({ rendered: [], read: [] });

  // A page name is in every page's menu: every document is rendered, every page read.
  const renamed = acceptedValue(await updatePage(db, CVR, ninth.id, { pageName: 'Tagrenovering' }));
  const menu = await publish();
  expect(menu.rendered).toHaveLength(documents);
  expect(menu.read).toHaveLength(PAGES);
  // The menu shows the new name at the address the page keeps (issue 49).
  expect((await expectWhole()).get('index.html')).toContain(`<a href="${renamed.slug}">Tagrenovering</a>`);

  // The company's name is on every page too.
  acceptedValue(await updateCompany(db, CVR, { name: 'Storsnakkeren Tag ApS' }));
  expect((await publish()).rendered).toHaveLength(documents);
  await expectWhole();

  // A change behind the repository's back (a script, by hand) is seen too: the row's revision moved.
  await db.updateTable('pages').set({ content: 'Skrevet i hånden.' }).where('id', '=', seventh.id).execute();
  expect(await publish()).toEqual({ rendered: [seventh.slug], read: [seventh.slug] });
  expect((await expectWhole()).get(`${seventh.slug}.html`)).toContain('Skrevet i hånden.');

  // A rebuild reads and renders everything and keeps what it read: the next publish reads nothing.
  const rebuilt = await renderCompanySite(db, config.publicHost, renderer, CVR);
  if (!rebuilt?.inputs) throw new Error('no rebuild');
  await writeSite(sitesDir, CVR, rebuilt.files, { inputs: rebuilt.inputs });
  expect(await publish()).toEqual({ rendered: [], read: [] });
  await expectWhole();
});

it('renders again when another render made its own build live meanwhile', async () => {
  const config = await bigSite();
  const sitesDir = sitesDirOf(config);
  const pages = await listPages(db, CVR);
  await (await createSitePublisher({ db, config, renderer, memoBytes: 0 })).publish(CVR);
  const edited = pages[3];
  if (!edited) throw new Error('no page 3');
  acceptedValue(await updatePage(db, CVR, edited.id, { content: 'Anden udgave af side 3.' }));

  // Between this render and its write, another process swaps in a copy of the live build (its keys
  // with it): the documents this render meant to link are no longer the live build's.
  const counter = counting();
  let swapped = false;
  await publishCompanySite(db, config.publicHost, counter.renderer, sitesDir, CVR, {
    stamp: (step) => {
      if (step !== 'rendered' || swapped) return;
      swapped = true;
      const live = readlinkSync(path.join(sitesDir, CVR));
      const other = `${live.slice(0, live.lastIndexOf('/') + 1)}${(Date.now() + 1).toString(36)}-0therb1d`;
      cpSync(path.join(sitesDir, live), path.join(sitesDir, other), { recursive: true });
      cpSync(`${path.join(sitesDir, live)}.keys.json`, `${path.join(sitesDir, other)}.keys.json`);
      symlinkSync(other, path.join(sitesDir, '.other.link'));
      renameSync(path.join(sitesDir, '.other.link'), path.join(sitesDir, CVR));
    },
  });
  expect(swapped).toBe(true);
  // Rendered once against the first build, and once more against the other one.
  expect(counter.rendered).toEqual([edited.slug, edited.slug]);
  const site = await loadSiteModel(db, CVR, config.publicHost);
  if (!site) throw new Error('no site model');
  const whole = new Map(
    (await renderSiteFiles(site, renderer)).map((file) => [file.name, file.body.toString()]),
  );
  expect(liveFiles(sitesDir)).toEqual(whole);
});
