// A page save that changes nothing (issue 23 item 12): `{}`, keys the schema does not know, or the
// values already stored. It answered 200 and added a "Gemt uden ændringer" revision each time, which
// pushed the owner's real versions out of the history and counted against the saves per minute.
// Now it answers the page as it is, adds no revision, counts no save and publishes nothing.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findPage, listPageRevisions } from '../../db';
import { MAX_SAVES_PER_MINUTE } from '../../rules/limits';
import { describeWithDialects } from '../support/databases';
import { type ApiHarness, createApiHarness, type Owner } from './api-harness';

describeWithDialects('unchanged page saves', (dialect) => {
  let h: ApiHarness;
  let owner: Owner;
  let cookie: string;

  beforeEach(async () => {
    h = await createApiHarness({}, { dialect });
    owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
    cookie = await h.signIn(owner.email);
  });
  afterEach(async () => {
    await h.close();
  });

  const save = (body: unknown) => h.send('PUT', `/api/pages/${owner.about.id}`, { cookie, body });
  const savesThisMinute = async () =>
    Number(
      (
        await h.db
          .selectFrom('publishState')
          .select('saveCount')
          .where('companyCvr', '=', '12345678')
          .executeTakeFirst()
      )?.saveCount ?? 0,
    );

  it('add no revision, count no save and publish nothing', async () => {
    expect((await save({ title: 'Vores historie' })).status).toBe(200);
    const history = await listPageRevisions(h.db, '12345678', owner.about.id);
    const page = await findPage(h.db, '12345678', owner.about.id);
    expect(await savesThisMinute()).toBe(1);
    h.published.length = 0;

    h.advance(1000);
    for (const body of [
      {},
      { wat: 1, id: 'x' },
      { title: 'Vores historie' },
      { title: 'Vores historie', wat: 2 },
    ]) {
      const response = await save(body);
      expect(response.status).toBe(200);
      expect((await response.json()).updatedAt).toBe(page?.updatedAt);
    }
    expect(await listPageRevisions(h.db, '12345678', owner.about.id)).toEqual(history);
    expect(await findPage(h.db, '12345678', owner.about.id)).toEqual(page);
    expect(await savesThisMinute()).toBe(1);
    expect(h.published).toEqual([]);
  });

  it('never use up the saves per minute, so the real save after them goes through', async () => {
    for (let i = 0; i < MAX_SAVES_PER_MINUTE + 1; i++) expect((await save({})).status).toBe(200);
    const real = await save({ content: 'Ny tekst' });
    expect(real.status).toBe(200);
    expect((await findPage(h.db, '12345678', owner.about.id))?.content).toBe('Ny tekst');
    expect((await listPageRevisions(h.db, '12345678', owner.about.id))[0]?.summary).not.toBe(
      'Gemt uden ændringer',
    );
  }, 60_000);
});
