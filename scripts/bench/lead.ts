// A visitor's quote request (issue 25): POST /api/sites/{cvr}/leads from the form on a company site,
// over HTTP to the front server on SQLite, timed from the click to the answer, which comes once the
// request and its pending mail are stored (one transaction). Sequential requests from the bench's
// client process (lead-client.ts; never this process, the server's), each from its own simulated client (X-Forwarded-For behind TRUST_PROXY), so the per-client limits stay the product's;
// only the company's hourly allowance (20 requests with the script's token) is lifted, or every
// request after the 20th would be stored as possible spam and never mailed.
// The outbox mails each request as in production (SMTP_URL unset: `.eml` files in STORAGE_DIR), so
// that work runs beside the next request as it would.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RateLimiter } from '../../api/middleware/rate-limit';
import { listLeads, migrateToLatest, openDatabase } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { outboxDir } from '../../lib/mailer';
import { LEAD_TOKEN_MIN_AGE_MS as MIN_AGE_MS } from '../../rules/limits';
import { startProductStack } from '../../server';
import { unlimitedRequests } from '../../server/request-limit';
import { startClientProcess } from './client-process';
import { createFixtureCompany } from './fixtures';
import { submitLeads } from './lead-client';
import { percentile } from './stats';

export interface LeadFigures {
  p50: number;
  p95: number;
  runs: number;
}

/** Unmeasured requests first: module loading and JIT would otherwise land in the first samples. */
const WARMUP = 5;

export async function benchLead(options: { runs: number }): Promise<LeadFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lead-'));
  const config = loadConfig({
    STORAGE_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_HOST: 'localhost:3000',
    // The bench is the proxy: every connection comes from loopback and names its client.
    TRUST_PROXY: '127.0.0.1,::1',
  });
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  const total = WARMUP + options.runs;
  try {
    await migrateToLatest(db);
    const cvr = await createFixtureCompany(db);
    // Requests are mailed to the owner's login e-mail (issue 39): a company without an owner has
    // nobody to mail, and the outbox's work beside the requests is part of what is measured.
    await db
      .updateTable('companies')
      .set({ companyEmail: 'ejer@bench.example' })
      .where('cvr', '=', cvr)
      .execute();

    const { server, queue, close } = await startProductStack({
      config,
      db,
      logger,
      port: 0,
      redisUrl: null,
      // The visitors all come from 127.0.0.1 (their X-Forwarded-For is not trusted here).
      requestLimit: unlimitedRequests(),
      leadLimits: {
        allowance: new RateLimiter({
          name: 'bench-lead-company',
          limit: Number.MAX_SAFE_INTEGER,
          windowMs: 60_000,
        }),
      },
    });
    const origin = `http://127.0.0.1:${server.port}`;
    let latencies: number[];
    const client = await startClientProcess();
    try {
      // The fixture company's first publish would otherwise render beside the measured requests.
      await queue.idle();

      latencies = await client.run(submitLeads, {
        origin,
        cvr,
        warmup: WARMUP,
        runs: options.runs,
        minAgeMs: MIN_AGE_MS,
      });
    } finally {
      await client.close();
      // Lets the outbox finish the mail it is sending.
      await close();
    }

    // Every answer stood for a stored request whose mail is sent or still pending, or the figure
    // measured something less than the product's promise.
    const stored = await listLeads(db, cvr, total + 1);
    const pending = await db
      .selectFrom('jobs')
      .select('key')
      .where('key', 'like', `lead-mail:${cvr}:%`)
      .execute();
    const mailDir = outboxDir(config);
    const mailed = existsSync(mailDir)
      ? readdirSync(mailDir).filter((file) => file.endsWith('.eml')).length
      : 0;
    if (stored.length !== total || pending.length + mailed !== total) {
      throw new Error(
        `${total} requests answered, ${stored.length} stored, ${pending.length} mails pending and ${mailed} sent`,
      );
    }
    return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), runs: latencies.length };
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
