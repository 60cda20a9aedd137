// Two API processes without Redis count their limits in the one database they share (issue 48: every
// in-memory limit was doubled on a two-process machine). Real child processes on one SQLite file,
// real HTTP from two client addresses: the quote form's 5 requests per client in 10 minutes are 5
// across both processes, and a page token's 5 posts a day are 5 across both, not 5 each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_LIMITS } from '../../api/leads/lead-limits';
import { freshToken, insertCompany, listLeads, pageToken } from '../../db';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { requestFrom } from '../support/forwarding-proxy';
import { openMigratedDatabase } from '../support/migrated-database';
import { spawnScript, waitFor } from '../support/processes';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const CVR = '42424242';

async function startProcess(env: Record<string, string>): Promise<number> {
  const run = spawnScript('tests/support/limit-process.ts', { LOG_LEVEL: 'silent', ...env }, [
    'test-db-limits',
  ]);
  cleanups.push(async () => {
    await run.stop();
  });
  let port = 0;
  await waitFor(
    'the limit process to listen',
    () => {
      port = Number(/listening (\d+)/.exec(run.stdout())?.[1] ?? 0);
      return port > 0;
    },
    30_000,
    50,
    [run],
  );
  return port;
}

describe('rate limits in the database, without Redis', () => {
  it('two processes count one quote-form allowance together', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'limits-db-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'app.db');
    const db = await openMigratedDatabase({ dialect: 'sqlite', file });
    cleanups.push(() => db.destroy());
    await insertCompany(db, {
      cvr: CVR,
      name: 'Murer Madsen ApS',
      companyEmail: 'ejer@madsen-mur.dk',
      city: 'Køge',
    });

    const env = { DATABASE_URL: file, STORAGE_DIR: dir, PORT: '0' };
    const ports = await Promise.all([startProcess(env), startProcess(env)]);
    let n = 0;
    const send = async (from: string, port: number, token: string) => {
      n++;
      const form = new FormData();
      const values = {
        name: `Kunde ${n}`,
        email: `kunde${n}@example.dk`,
        postcode: '4600',
        message: `Taget drypper ved skorstenen (${n}). Hvornår kan I kigge på det?`,
        token,
      };
      for (const [key, value] of Object.entries(values)) form.append(key, value);
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      const body = await encoded.text();
      return requestFrom(from, `http://127.0.0.1:${port}/api/sites/${CVR}/leads`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          origin: `http://127.0.0.1:${port}`,
          'content-type': encoded.headers.get('content-type') ?? '',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      });
    };
    const fresh = () => freshToken(db, CVR, new Date(Date.now() - 60_000));

    // One client, its posts spread over both processes: 5 in all, then refused by either.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await send('127.0.0.2', ports[i % 2] as number, await fresh())).status);
    const limit = LEAD_LIMITS.perClient.limit;
    expect(statuses).toEqual([...Array(limit).fill(200), 429, 429]);

    // One page token from several clients, over both processes: its few posts in all, then a bot's.
    const page = await pageToken(db, CVR, new Date(Date.now() - 3_600_000));
    const uses = LEAD_LIMITS.pageTokenUses.limit;
    const pageStatuses: number[] = [];
    for (let i = 0; i < uses + 2; i++) {
      const response = await send(`127.0.0.${3 + (i % 3)}`, ports[i % 2] as number, page);
      pageStatuses.push(response.status);
      if (response.status === 400) expect(response.body).toContain(LEAD_MESSAGES.tokenRefused);
    }
    expect(pageStatuses).toEqual([...Array(uses).fill(200), 400, 400]);
    expect(await listLeads(db, CVR)).toHaveLength(limit + uses);
  }, 90_000);
});
