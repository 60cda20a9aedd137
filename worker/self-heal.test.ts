// The self-healing sweep on both dialects, with the in-process queue and a recording render: it pages
// through every company and publishes again exactly those published sites that are missing on disk
// or older than their last publish.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { getPublishState, insertCompany, markPublished, markPublishWanted } from '../db';
import { createFakeRender } from '../tests/queue/fake-render';
import { silentLogger } from '../tests/queue/queue-harness';
import { describeEachDialect } from '../tests/support/databases';
import { createPublishQueue, type PublishQueue } from './index';
import { startSelfHeal } from './self-heal';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describeEachDialect('self-healing sweep', (use) => {
  it('republishes sites missing or older than their last publish, and no others', async () => {
    const { db } = use();
    const publishedAt = new Date('2026-05-01T10:00:00Z');
    const live = new Map<string, Date>([
      ['22222222', new Date(publishedAt.getTime() - 10 * 60_000)], // older than its publish: stale
      ['33333333', new Date(publishedAt.getTime() - 2000)], // written just before it was marked
      ['44444444', new Date(publishedAt.getTime() + 60_000)],
    ]);
    // 11111111 has no live site; 55555555 was never published; 66666666 waits for a publish.
    for (const cvr of ['11111111', '22222222', '33333333', '44444444', '55555555', '66666666']) {
      await insertCompany(db, { cvr, name: `Firma ${cvr}` });
      if (cvr === '55555555') continue;
      await markPublishWanted(db, cvr);
      await markPublished(db, cvr, 1, publishedAt);
    }
    await markPublishWanted(db, '66666666');

    const fake = createFakeRender();
    const queue: PublishQueue = createPublishQueue({
      db,
      logger: silentLogger,
      render: fake.render,
      redisUrl: null,
      recoverEveryMs: 0,
    });
    cleanups.push(() => queue.close());
    const sitesDir = mkdtempSync(path.join(tmpdir(), 'self-heal-'));
    cleanups.push(() => rmSync(sitesDir, { recursive: true, force: true }));
    const heal = startSelfHeal({
      db,
      queue,
      sitesDir,
      liveSince: async (cvr) => live.get(cvr),
      logger: silentLogger,
      everyMs: 0,
      checkEveryMs: 0,
      // Pages of two: the sweep must walk through all three.
      batchSize: 2,
      // The same year as the builds: a build of an earlier year is stale by itself (below).
      now: () => new Date('2026-05-02T12:00:00Z'),
    });
    cleanups.push(() => heal.stop());

    // Joins the sweep started by startSelfHeal (nothing awaited in between): one run.
    await heal.sweep();
    await queue.idle();
    const rendered = ['11111111', '22222222', '33333333', '44444444', '55555555', '66666666'].filter(
      (cvr) => fake.calls(cvr) > 0,
    );
    expect(rendered).toEqual(['11111111', '22222222']);
    // Healing records the publish first, as a save does: the new version is the one made live.
    expect(await getPublishState(db, '11111111')).toMatchObject({ wantedVersion: 2, publishedVersion: 2 });
    expect(await getPublishState(db, '55555555')).toBeUndefined();
  });
  it('publishes again every site written in an earlier Danish year, from New Year in Copenhagen', async () => {
    const { db } = use();
    const publishedAt = new Date('2026-12-31T22:00:00Z'); // 23:00 on New Year's Eve in Copenhagen
    const live = new Map<string, Date>([
      ['71111111', new Date(publishedAt.getTime() + 1000)],
      ['72222222', new Date('2026-06-01T10:00:00Z')],
    ]);
    for (const cvr of live.keys()) {
      await insertCompany(db, { cvr, name: `Firma ${cvr}` });
      await markPublishWanted(db, cvr);
      await markPublished(db, cvr, 1, cvr === '71111111' ? publishedAt : new Date('2026-06-01T10:00:00Z'));
    }
    const enqueued: string[] = [];
    let clock = new Date('2026-12-31T22:59:00Z'); // 23:59 in Copenhagen, still 2026
    const heal = startSelfHeal({
      db,
      queue: { enqueue: async (cvr: string) => void enqueued.push(cvr) },
      sitesDir: tmpdir(),
      liveSince: async (cvr) => live.get(cvr),
      logger: silentLogger,
      everyMs: 0,
      checkEveryMs: 0,
      now: () => clock,
    });
    cleanups.push(() => heal.stop());
    await heal.sweep();
    expect(enqueued).toEqual([]);
    clock = new Date('2026-12-31T23:01:00Z'); // 00:01 on 1 January 2027 in Copenhagen
    await expect(heal.sweep()).resolves.toBe(2);
    expect(enqueued.sort()).toEqual(['71111111', '72222222']);
    // Recorded as wanted first, so the republish survives a queue outage.
    expect(await getPublishState(db, '71111111')).toMatchObject({ wantedVersion: 2, publishedVersion: 1 });
  });

  it('rebuilds the host routes on every sweep, and heals the sites when that fails', async () => {
    const { db } = use();
    const queue = { enqueue: async () => {} };
    let rebuilds = 0;
    const heal = startSelfHeal({
      db,
      queue,
      sitesDir: tmpdir(),
      liveSince: async () => undefined,
      logger: silentLogger,
      everyMs: 0,
      checkEveryMs: 0,
      rebuildRoutes: async () => {
        rebuilds += 1;
        if (rebuilds === 2) throw new Error('disk full');
        return 1;
      },
    });
    cleanups.push(() => heal.stop());
    await heal.sweep();
    expect(rebuilds).toBe(1);
    await expect(heal.sweep()).resolves.toBe(0);
    expect(rebuilds).toBe(2);
  });
});
