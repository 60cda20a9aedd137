// A visitor's quote request (issue 25): POST /api/sites/{cvr}/leads from the form on a company site,
// over HTTP to the front server on SQLite, timed from the click to the answer, which comes once the
// request and its pending mail are stored (one transaction). Sequential requests, each from its own
// simulated client (X-Forwarded-For behind TRUST_PROXY), so the per-client limits stay the product's;
// only the company's hourly allowance (20 requests with the script's token) is lifted, or every
// request after the 20th would be stored as possible spam and never mailed.
// The outbox mails each request as in production (SMTP_URL unset: `.eml` files in STORAGE_DIR), so
// that work runs beside the next request as it would.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiter } from '../../api/middleware/rate-limit';
import { listLeads, migrateToLatest, openDatabase } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { outboxDir } from '../../lib/mailer';
import { LEAD_TOKEN_MIN_AGE_MS as MIN_AGE_MS } from '../../rules/limits';
import { startProductStack } from '../../server';
import { unlimitedRequests } from '../../server/request-limit';
import { createFixtureCompany } from './fixtures';
import { percentile } from './stats';

export interface LeadFigures {
  p50: number;
  p95: number;
  runs: number;
}

/** Unmeasured requests first: module loading and JIT would otherwise land in the first samples. */
const WARMUP = 5;

/** The address the proxy names for visitor `i`. */
function visitorAddress(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

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
    try {
      // The fixture company's first publish would otherwise render beside the measured requests.
      await queue.idle();

      // Every visitor's token as the site's script fetches it when the form is first touched; they
      // all age together past the minimum (a person takes longer than MIN_AGE_MS to fill the form).
      const tokens: string[] = [];
      for (let i = 0; i < total; i++) {
        const response = await fetch(`${origin}/api/sites/${cvr}/lead-token`, {
          headers: { 'x-forwarded-for': visitorAddress(i) },
        });
        const answer = (await response.json()) as { token?: string };
        if (response.status !== 200 || !answer.token) throw new Error(`lead-token: ${response.status}`);
        tokens.push(answer.token);
      }
      await sleep(MIN_AGE_MS + 200);

      const submitOnce = async (i: number, token: string): Promise<number> => {
        // What the browser has ready when the visitor clicks "Send": the form's fields as multipart.
        const form = new FormData();
        form.append('name', `Mette Ørsted ${i}`);
        form.append(
          'phone',
          `20 30 ${String(40 + (i % 60)).padStart(2, '0')} ${String(i % 100).padStart(2, '0')}`,
        );
        form.append('email', `mette${i}@example.dk`);
        form.append('postcode', '4600');
        // Distinct words each time: the same words to the same company within a day are one request.
        form.append(
          'message',
          `Taget drypper over køkkenet (forespørgsel ${i}).\nKan I kigge på det i næste uge?`,
        );
        form.append('website', ''); // the honeypot, empty from people
        form.append('token', token);
        const started = performance.now();
        const response = await fetch(`${origin}/api/sites/${cvr}/leads`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            origin,
            'x-forwarded-for': visitorAddress(i),
          },
          body: form,
        });
        const answer = (await response.json()) as { ok?: boolean };
        const elapsed = performance.now() - started;
        if (response.status !== 200 || answer.ok !== true) {
          throw new Error(`lead ${i}: ${response.status} ${JSON.stringify(answer)}`);
        }
        return elapsed;
      };

      for (let i = 0; i < WARMUP; i++) await submitOnce(i, tokens[i] ?? '');
      latencies = [];
      for (let i = WARMUP; i < total; i++) latencies.push(await submitOnce(i, tokens[i] ?? ''));
    } finally {
      // Lets the outbox finish the mail it is sending.
      await close();
    }

    // Every answer stood for a stored request whose mail is sent or still pending, or the figure
    // measured something less than the product's promise.
    const stored = await listLeads(db, cvr, total + 1);
    const pending = await db.selectFrom('leadMails').select('leadId').where('companyCvr', '=', cvr).execute();
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
