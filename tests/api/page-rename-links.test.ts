// Issue 40 item 2, over HTTP on SQLite and PostgreSQL: giving a page a new address (issue 49: the
// owner changes it on purpose, apart from the name in the menu), and the links to the old address in the site's texts follow in the same
// save: the other pages' text and the page's own, each change kept in its history, one save counted,
// one publish; the published link opens the renamed page.
import { afterEach, expect, it } from 'vitest';
import type { PageRevisionJson } from '../../contracts/pages';
import { findPage, getPublishState } from '../../db';
import { describeEachDialect } from '../support/databases';
import { type ApiHarness, createApiHarness, type Owner } from './api-harness';

const CVR = '12345678';

describeEachDialect('renaming a page keeps links to it working', (use) => {
  const harnesses: ApiHarness[] = [];

  async function start(): Promise<{ h: ApiHarness; owner: Owner; cookie: string }> {
    const h = await createApiHarness({}, { database: use() });
    harnesses.push(h);
    const owner = await h.createOwner(CVR, 'Hansens Tømrer ApS');
    const cookie = await h.signIn(owner.email);
    return { h, owner, cookie };
  }

  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.close();
  });

  it('points the links in every text at the new address, and keeps the rest of each text as it was', async () => {
    const { h, owner, cookie } = await start();
    const home = `/api/pages/${owner.homepage.id}`;
    const about = `/api/pages/${owner.about.id}`;
    const homeText =
      'Læs **om os** [her](/om-os), om [vores hold](/om-os#hold) og [ydelser](/ydelser).\n\n* stjerneliste';
    expect((await h.send('PUT', home, { cookie, body: { content: homeText } })).status).toBe(200);
    expect((await h.send('PUT', about, { cookie, body: { content: 'Til [toppen](/om-os).' } })).status).toBe(
      200,
    );
    const wanted = (await getPublishState(h.db, CVR))?.wantedVersion ?? 0;

    const renamed = await h.send('PUT', about, {
      cookie,
      body: { pageName: 'Om firmaet', slug: 'om-firmaet' },
    });
    expect(renamed.status).toBe(200);
    const answer = (await renamed.json()) as { slug: string; content: string };
    expect(answer.slug).toBe('om-firmaet');
    // The page's own link to itself follows too, and the answer carries it.
    expect(answer.content).toBe('Til [toppen](/om-firmaet).');

    const homepage = await findPage(h.db, CVR, owner.homepage.id);
    // Only the addresses changed: the other link, the bold and the `*` list stay as written.
    expect(homepage?.content).toBe(
      'Læs **om os** [her](/om-firmaet), om [vores hold](/om-firmaet#hold) og [ydelser](/ydelser).\n\n* stjerneliste',
    );
    const history = (await (
      await h.send('GET', `${home}/revisions`, { cookie })
    ).json()) as PageRevisionJson[];
    expect(history[0]?.summary).toBe('Link til omdøbt side opdateret');
    // One save, one publish wanted for the whole change.
    expect((await getPublishState(h.db, CVR))?.wantedVersion).toBe(wanted + 1);

    // Moving back follows back; the homepage has no address of its own to change.
    expect((await h.send('PUT', about, { cookie, body: { slug: 'om-os' } })).status).toBe(200);
    expect((await findPage(h.db, CVR, owner.homepage.id))?.content).toBe(homeText);
    expect(
      (await h.send('PUT', home, { cookie, body: { pageName: 'Startside', slug: 'startside' } })).status,
    ).toBe(200);
    expect((await findPage(h.db, CVR, owner.homepage.id))?.slug).toBe('forside');
    expect((await findPage(h.db, CVR, owner.homepage.id))?.content).toBe(homeText);
  });

  it('leaves texts without links to the page untouched, with no revision', async () => {
    const { h, owner, cookie } = await start();
    const home = `/api/pages/${owner.homepage.id}`;
    expect(
      (await h.send('PUT', home, { cookie, body: { content: 'Om [tag](/tag-og-facade) og os.' } })).status,
    ).toBe(200);
    const before = (await (
      await h.send('GET', `${home}/revisions`, { cookie })
    ).json()) as PageRevisionJson[];
    expect(
      (await h.send('PUT', `/api/pages/${owner.about.id}`, { cookie, body: { slug: 'tag' } })).status,
    ).toBe(200);
    const after = (await (await h.send('GET', `${home}/revisions`, { cookie })).json()) as PageRevisionJson[];
    expect(after).toEqual(before);
    expect((await findPage(h.db, CVR, owner.homepage.id))?.content).toBe('Om [tag](/tag-og-facade) og os.');
  });
});
