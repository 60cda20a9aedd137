// Issue 50 item 3: killing the process between a job's lease and its send loses no mail. A real child
// process (tests/support/lease-and-die.ts) leases the owner's mail of a quote request, composes it and
// is SIGKILLed just before it reaches the mail server; a second runner, here, leaves the job alone
// while the dead process's lease holds, then sends it once the lease ran out, exactly once, to a real
// SMTP server on loopback. On SQLite and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createMailOutbox } from '../../api/mail-outbox';
import { findJob, insertCompany, insertLead, saveLeadSettings } from '../../db';
import { getTestEnvironment } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { describeEachDialect } from '../support/databases';
import { spawnScript, waitFor } from '../support/processes';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const CVR = '51515151';
const LEASE_MS = 1500;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describeEachDialect('a mail job whose process dies between lease and send', (use) => {
  it('is sent once by the next runner after the lease ran out, never twice, never lost', async () => {
    const { db, dialect } = use();
    const storageDir = mkdtempSync(path.join(tmpdir(), 'mesterside-jobs-'));
    cleanups.push(() => rmSync(storageDir, { recursive: true, force: true }));
    const sink: SmtpSink = await startSmtpSink();
    cleanups.push(() => sink.close());

    await insertCompany(db, { cvr: CVR, name: 'Tagdækker Hansen ApS' });
    await saveLeadSettings(db, CVR, { formEnabled: true, recipientEmail: 'ejer@hansen-tag.dk' });
    const lead = await insertLead(db, CVR, {
      name: 'Mette Hansen',
      phone: '12345678',
      email: '',
      postcode: '4600',
      message: 'Taget drypper ved skorstenen.',
      photos: [],
      contentHash: 'kill-test',
    });
    const key = `lead-mail:${CVR}:${lead.id}`;

    const where: Record<string, string> =
      dialect === 'sqlite'
        ? {
            JOBS_SQLITE_FILE:
              (
                await sql<{
                  file: string;
                }>`select file from pragma_database_list where name = 'main'`.execute(db)
              ).rows[0]?.file ?? '',
          }
        : {
            JOBS_PG_URL: getTestEnvironment().databaseUrl,
            JOBS_PG_SCHEMA:
              (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name ?? '',
          };
    const doomed = spawnScript('tests/support/lease-and-die.ts', {
      ...where,
      JOBS_LEASE_MS: String(LEASE_MS),
      JOBS_STORAGE_DIR: storageDir,
    });
    await waitFor(
      'the doomed runner to lease and compose the mail',
      () => doomed.stdout().includes('sending'),
      30_000,
      20,
      [doomed],
    );
    const leasedAt = Date.now();
    doomed.signal('SIGKILL');
    await doomed.exit;
    expect(doomed.stdout()).toContain('sending ejer@hansen-tag.dk');
    const leased = await findJob(db, key);
    expect(leased).toMatchObject({ attempts: 1, state: 'pending' });
    expect(leased?.lockedUntil).not.toBeNull();

    const logger = createLogger({ logLevel: 'silent' });
    const config = {
      smtpUrl: sink.url,
      mailFrom: 'noreply@mesterside.dk',
      storageDir,
      publicHost: 'mesterside.dk',
      contactTo: 'kontakt@mesterside.dk',
    };
    const next = createMailOutbox({ db, config, logger, everyMs: 0, leaseMs: LEASE_MS });
    cleanups.push(() => next.close());
    // While the dead process's lease holds, the job is its: nothing goes.
    if (Date.now() - leasedAt < LEASE_MS - 300) expect(await next.sweep()).toBe(0);
    expect(sink.messages).toHaveLength(0);

    await waitFor('the lease to run out', async () => (await next.sweep()) === 1, 10_000, 100);
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(['ejer@hansen-tag.dk']);
    expect(readMessage(mail?.raw ?? '').body).toContain('Taget drypper ved skorstenen.');
    expect(await findJob(db, key)).toBeUndefined();
    // Exactly once: later runs find nothing more to send.
    expect(await next.sweep()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 200));
    expect(await next.sweep()).toBe(0);
    expect(sink.messages).toHaveLength(1);
  });
});
