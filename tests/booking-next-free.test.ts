// Issue 52 item 6 on real parts (the built templates, the generator writing real folders, the app,
// SQLite and PostgreSQL): a hairdresser's published homepage says "Næste ledige tid" with the first
// free time, its day written out; the booking page asks for no publish while that is still true; a
// booking of exactly that time asks for one publish (however many visits follow), whose homepage
// shows the next time; a cancel brings the first back. A builder's site, which takes no bookings,
// has no such line. The homepage stays within the site's weight budgets.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { getPublishState, markPublishWanted } from '../db';
import { publishCompanySite, sitesDirOf } from '../generator';
import { loadSiteRenderer, type SiteRenderer } from '../generator/astro-renderer';
import { bookingPagePath } from '../rules/customer-pages';
import { type ApiHarness, createApiHarness } from './api/api-harness';
import { describeWithDialects } from './support/databases';

const SALON = '99005206';
const BUILDER = '99005207';

let renderer: SiteRenderer;
let h: ApiHarness | undefined;

beforeAll(async () => {
  renderer = await loadSiteRenderer();
});

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const form = (values: Record<string, string>) => ({
  body: new URLSearchParams(values).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});

/** The homepage as a publish at the harness's clock writes it. */
async function publishedHome(harness: ApiHarness, cvr: string): Promise<string> {
  const rendered = await publishCompanySite(
    harness.db,
    harness.config.publicHost,
    renderer,
    sitesDirOf(harness.config),
    cvr,
    { now: harness.now(), precompress: false },
  );
  const home = rendered?.files.find((file) => file.name === 'index.html');
  if (!home) throw new Error(`no homepage for ${cvr}`);
  return home.body.toString();
}

/** The "Næste ledige tid" paragraph of a homepage, or null. */
function nextFreeLine(html: string): string | null {
  return /<p class="hero-next">.*?<\/p>/s.exec(html)?.[0] ?? null;
}

/** The ids of the salon's services, by name (the booking page's links). */
async function serviceIds(harness: ApiHarness): Promise<Record<string, string>> {
  const page = await (await harness.send('GET', bookingPagePath(SALON))).text();
  const ids: Record<string, string> = {};
  for (const [, id = '', name = ''] of page.matchAll(/href="[^"]*\?ydelse=([^"&]+)">([^<]+)</g)) {
    ids[name] = decodeURIComponent(id);
  }
  return ids;
}

describeWithDialects('the homepage’s next free time (issue 52)', (dialect) => {
  it('is published with the day written out, republished once when a booking takes it, and absent for a builder', async () => {
    h = await createApiHarness({}, { dialect });
    const harness = h;
    // The harness's clock: Monday 2 March 2026, 11.00 in Copenhagen; a customer books 2 hours ahead.
    await harness.createOwner(SALON, 'Frisør Lotte ApS');
    await harness.createOwner(BUILDER, 'Tømrer Bent ApS');
    for (const cvr of [SALON, BUILDER]) await markPublishWanted(harness.db, cvr, harness.now());

    const first = await publishedHome(harness, SALON);
    expect(nextFreeLine(first)).toBe(
      '<p class="hero-next">Næste ledige tid: <time datetime="2026-03-02T12:00:00.000Z"><span>mandag 2. marts</span> kl. 13.00</time></p>',
    );
    // Right under the "Book tid" button, in the hero.
    expect(first).toMatch(
      /<p class="hero-actions">\s*<a class="button" href="[^"]+">Book tid<\/a>.*?<\/p>\s*<p class="hero-next">/s,
    );
    expect(Buffer.byteLength(first)).toBeLessThanOrEqual(35 * 1024);
    expect((await getPublishState(harness.db, SALON))?.nextFreeShown).toBe('2026-03-02T12:00:00.000Z');

    // The booking page finds the time the site shows: no publish.
    const ids = await serviceIds(harness);
    expect(harness.published).toEqual([]);

    // A customer books exactly that time: one publish is asked for, however many visits follow.
    // (The form page draws the token the post needs.)
    const formPage = await (
      await harness.send(
        'GET',
        `${bookingPagePath(SALON)}/bestil?ydelse=${ids.Herreklip ?? ''}&tid=${encodeURIComponent('2026-03-02T12:00:00.000Z')}`,
      )
    ).text();
    const booked = await harness.send(
      'POST',
      `${bookingPagePath(SALON)}/bestil`,
      form({
        token: /name="token" value="([^"]+)"/.exec(formPage)?.[1] ?? '',
        ydelse: ids.Herreklip ?? '',
        tid: '2026-03-02T12:00:00.000Z',
        navn: 'Kim Hansen',
        telefon: '12 34 56 78',
        email: 'kim@example.com',
        besked: '',
        website: '',
      }),
    );
    expect(booked.status).toBe(303);
    expect(harness.published.map((one) => one.cvr)).toEqual([SALON]);
    for (let visit = 0; visit < 5; visit++) await harness.send('GET', bookingPagePath(SALON));
    expect(harness.published).toHaveLength(1);

    // That publish shows the next free time: Herreklip holds 13.00–13.30 of the one chair.
    const second = await publishedHome(harness, SALON);
    expect(nextFreeLine(second)).toBe(
      '<p class="hero-next">Næste ledige tid: <time datetime="2026-03-02T12:30:00.000Z"><span>mandag 2. marts</span> kl. 13.30</time></p>',
    );
    await harness.send('GET', bookingPagePath(SALON));
    expect(harness.published).toHaveLength(1);

    // Cancelled by its link, the 13.00 is free again: another publish.
    const link = (booked.headers.get('location') ?? '').replace('?ny=1', '');
    expect((await harness.send('POST', `${link}/aflys`, form({}))).status).toBe(200);
    expect(harness.published).toHaveLength(2);
    expect(nextFreeLine(await publishedHome(harness, SALON))).toContain(
      'datetime="2026-03-02T12:00:00.000Z"',
    );

    // An hour on, 13.00 is too soon to book: the first visit of the booking page asks for a publish.
    harness.advance(60 * 60 * 1000);
    await harness.send('GET', bookingPagePath(SALON));
    await harness.send('GET', bookingPagePath(SALON));
    expect(harness.published).toHaveLength(3);
    expect(nextFreeLine(await publishedHome(harness, SALON))).toContain(
      '<span>mandag 2. marts</span> kl. 14.00',
    );

    // A builder takes no bookings: no line, and nothing to keep true.
    const builder = await publishedHome(harness, BUILDER);
    expect(builder).toContain('Kontakt os');
    expect(nextFreeLine(builder)).toBeNull();
    expect(builder).not.toContain('Næste ledige tid');
    expect((await getPublishState(harness.db, BUILDER))?.nextFreeShown).toBeNull();
  });
});
