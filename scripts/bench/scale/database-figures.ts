// Figures that depend on how many companies the database holds: seeding the scale fixture into SQLite
// and PostgreSQL, host → company lookups (subdomain and custom domain, cold and warm cache) and the
// landing page's query, each with 100,000 companies.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type Db, migrateToLatest, openDatabase } from '../../../db';
import { loadLandingModel } from '../../../generator/landing';
import type { DatabaseTarget } from '../../../lib/config';
import { type CompanyKey, createCompanyLookup } from '../../../server/company-lookup';
import { scratchPostgres } from '../scratch-database';
import { median, percentile } from '../stats';
import { type ScaleCompany, seedScale } from './seed-scale';

export interface DialectFigures {
  seedSeconds: number;
  hostLookupColdP95Us: number;
  hostLookupWarmP95Us: number;
  customDomainColdP95Us: number;
  landingMs: number;
}

const LOOKUPS = 2000;
const LANDING_ROUNDS = 21;

/** Seeds `companies` into a fresh database of the dialect and measures it; drops the database after. */
export async function benchDatabaseAtScale(
  dialect: 'sqlite' | 'postgres',
  companies: number,
  postgresUrl: string,
  log: (line: string) => void,
): Promise<DialectFigures> {
  const scratch = await scratchDatabase(dialect, postgresUrl);
  const db = openDatabase(scratch.target);
  try {
    await migrateToLatest(db);
    const started = performance.now();
    let reported = 0;
    const seeded = await seedScale(db, {
      companies,
      onProgress: (written) => {
        if (written - reported >= companies / 4 || written === companies) {
          reported = written;
          log(`  ${dialect}: ${written.toLocaleString('da-DK')} companies seeded`);
        }
      },
    });
    const seedSeconds = (performance.now() - started) / 1000;
    // Fresh statistics, as autovacuum would have them on a database that grew to this size.
    if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
    return { seedSeconds: round(seedSeconds, 1), ...(await measure(db, seeded)) };
  } finally {
    await db.destroy();
    await scratch.drop();
  }
}

async function measure(db: Db, seeded: ScaleCompany[]): Promise<Omit<DialectFigures, 'seedSeconds'>> {
  // Names spread over the whole table, every 50th company (a seeded spread, so runs compare).
  const sample = seeded.filter((_, index) => index % Math.max(1, Math.floor(seeded.length / LOOKUPS)) === 0);
  const subdomains = sample.map((company) => company.subdomain);
  const domains = seeded.flatMap((company) => (company.customDomain ? [company.customDomain] : []));
  const domainSample = domains.filter(
    (_, index) => index % Math.max(1, Math.floor(domains.length / LOOKUPS)) === 0,
  );

  const lookup = createCompanyLookup(db, { maxEntries: 100_000 });
  const cold = await timeLookups(lookup, 'subdomain', subdomains);
  const warm = await timeLookups(lookup, 'subdomain', subdomains);
  const coldDomains = await timeLookups(lookup, 'custom-domain', domainSample);

  const landing: number[] = [];
  for (let round = 0; round < LANDING_ROUNDS; round++) {
    const started = performance.now();
    await loadLandingModel(db, 'localhost:3000');
    landing.push(performance.now() - started);
  }
  return {
    hostLookupColdP95Us: Math.round(percentile(cold, 95)),
    hostLookupWarmP95Us: round(percentile(warm, 95), 1),
    customDomainColdP95Us: Math.round(percentile(coldDomains, 95)),
    landingMs: round(median(landing), 2),
  };
}

/** Microseconds per resolve(); every name must be found, or the figure measured misses. */
async function timeLookups(
  lookup: ReturnType<typeof createCompanyLookup>,
  key: CompanyKey,
  names: string[],
): Promise<number[]> {
  const times: number[] = [];
  for (const name of names) {
    const started = performance.now();
    const cvr = await lookup.resolve(key, name);
    times.push((performance.now() - started) * 1000);
    if (cvr === null) throw new Error(`${key} ${name} was not found`);
  }
  return times;
}

async function scratchDatabase(
  dialect: 'sqlite' | 'postgres',
  postgresUrl: string,
): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
    return {
      target: { dialect: 'sqlite', file: path.join(dir, 'scale.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const scratch = await scratchPostgres(postgresUrl, 'scale');
  return { target: { dialect: 'postgres', url: scratch.url }, drop: scratch.drop };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
