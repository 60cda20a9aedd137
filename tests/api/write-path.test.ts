// The one write path under injected failures, on SQLite and PostgreSQL: a change and its "publish
// wanted" record are stored together or not at all, and the answer says which. The failure is the
// real database's: a trigger that raises on every write to publish_state. A failed enqueue after the
// commit answers success, keeps the change, and the queue's recovery sweep publishes it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { type Db, findCompanyByCvr, findPage, getPublishState, listImages } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { MESSAGES } from '../../rules/messages';
import { createPublishQueue } from '../../worker';
import { filesUnder, solidImage, uploadForm } from '../fixtures/images/make-images';
import { type Dialect, describeEachDialect } from '../support/databases';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api-harness';

const CVR = '12345678';

async function failPublishState(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    for (const event of ['INSERT', 'UPDATE']) {
      await sql
        .raw(
          `create trigger fail_publish_${event.toLowerCase()} before ${event} on publish_state
           begin select raise(abort, 'injected publish_state failure'); end`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `create function fail_publish() returns trigger language plpgsql as
       $$ begin raise exception 'injected publish_state failure'; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger fail_publish before insert or update on publish_state for each row execute function fail_publish()',
    )
    .execute(db);
}

const wanted = async (db: Db) => (await getPublishState(db, CVR))?.wantedVersion ?? 0;

describeEachDialect('one write path', (use) => {
  let h: ApiHarness | undefined;
  let failEnqueue = false;

  async function start(): Promise<{ h: ApiHarness; owner: Owner; cookie: string }> {
    failEnqueue = false;
    h = await createApiHarness(
      {},
      {
        database: use(),
        afterEnqueue: async () => {
          if (failEnqueue) throw new Error('injected enqueue failure: Redis unreachable');
        },
      },
    );
    const owner = await h.createOwner(CVR, 'Hansens Tømrer ApS');
    const cookie = await h.signIn(owner.email);
    return { h, owner, cookie };
  }

  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('a failing publish record stores nothing and answers the failure, for every kind of change', async () => {
    const { h, owner, cookie } = await start();
    // An image to delete later, stored before the failure is switched on.
    const uploaded = await h.send('POST', '/api/images', {
      cookie,
      body: uploadForm(await solidImage(400, 300, 'jpeg'), 'tag.jpg'),
    });
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as { id: string; url: string };
    const imageFile = path.join(h.config.storageDir, image.url.replace(/^\/media\//, ''));
    const versionBefore = await wanted(h.db);

    await failPublishState(h.db, use().dialect);

    const page = await h.send('PUT', `/api/pages/${owner.homepage.id}`, {
      cookie,
      body: { content: 'Ny tekst, der ikke må gemmes' },
    });
    expect(page.status).toBe(500);
    expect((await errorOf(page)).message).toBe(MESSAGES.saveFailed);
    expect((await findPage(h.db, CVR, owner.homepage.id))?.content).toBe(owner.homepage.content);

    const settings = await h.send('PUT', '/api/company/settings', { cookie, body: { phone: '11 22 33 44' } });
    expect(settings.status).toBe(500);
    expect((await errorOf(settings)).message).toBe(MESSAGES.saveFailed);
    expect((await findCompanyByCvr(h.db, CVR))?.phone).toBe(owner.company.phone);

    const logo = await h.send('POST', '/api/company/logo', {
      cookie,
      body: uploadForm(await solidImage(200, 200, 'png'), 'logo.png'),
    });
    expect(logo.status).toBe(500);
    expect((await errorOf(logo)).message).toBe(MESSAGES.logoUploadFailed);
    expect((await findCompanyByCvr(h.db, CVR))?.logo).toBeNull();
    expect(filesUnder(path.join(h.config.storageDir, 'logos'))).toEqual([]);

    const deleted = await h.send('DELETE', `/api/images/${image.id}`, { cookie });
    expect(deleted.status).toBe(500);
    expect((await errorOf(deleted)).message).toBe(MESSAGES.imageDeleteFailed);
    expect((await listImages(h.db, CVR)).map((row) => row.id)).toEqual([image.id]);
    expect(existsSync(imageFile)).toBe(true);

    expect(await wanted(h.db)).toBe(versionBefore);
  });

  it('a failed enqueue after the commit answers success, keeps the change, and the sweep publishes it', async () => {
    const { h, owner, cookie } = await start();
    failEnqueue = true;

    const page = await h.send('PUT', `/api/pages/${owner.homepage.id}`, {
      cookie,
      body: { content: 'Tekst gemt trods en nede kø' },
    });
    expect(page.status).toBe(200);
    expect((await findPage(h.db, CVR, owner.homepage.id))?.content).toBe('Tekst gemt trods en nede kø');

    const settings = await h.send('PUT', '/api/company/settings', { cookie, body: { phone: '11 22 33 44' } });
    expect(settings.status).toBe(200);

    const logo = await h.send('POST', '/api/company/logo', {
      cookie,
      body: uploadForm(await solidImage(200, 200, 'png'), 'logo.png'),
    });
    expect(logo.status).toBe(200);
    const { logo: url } = (await logo.json()) as { logo: string };
    expect((await findCompanyByCvr(h.db, CVR))?.logo).toBe(url);

    const state = await getPublishState(h.db, CVR);
    expect(state?.wantedVersion).toBe(3);
    expect(state?.publishedVersion).toBe(0);
    expect(h.logs.some((line) => line.msg === 'publish enqueue after a committed change failed')).toBe(true);

    // The recovery sweep of a real queue finds the unpublished company and publishes it.
    const rendered: string[] = [];
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const queue = createPublishQueue({
      db: h.db,
      logger: createLogger(config),
      redisUrl: null,
      recoverEveryMs: 0,
      render: async (cvr) => {
        rendered.push(cvr);
        return 'published';
      },
    });
    try {
      expect(await queue.recover()).toBe(1);
      await queue.idle();
    } finally {
      await queue.close();
    }
    expect(rendered).toEqual([CVR]);
    const after = await getPublishState(h.db, CVR);
    expect(after?.publishedVersion).toBe(after?.wantedVersion);
  });
});
