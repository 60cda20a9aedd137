// npm run lighthouse: Lighthouse (the npm package, on Debian's Chromium) against the landing page, a
// demo company page and three freshly onboarded sites of different trades (home page and "Om os") of
// the real product, started here on a scratch SQLite database. Prints the four category scores of
// each page and its HTML+CSS+JS weight; the target is 100 for every one and at most 35 KB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { migrateToLatest, openDatabase } from '../db';
import { loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { startProductStack } from '../server/product-stack';
import { buildOrExit } from './cli';
import { seedDemoCompanies } from './seed/seed-demo';

// Debian's Chromium (apt-get install -y chromium); nothing downloads a browser of its own.
const CHROMIUM = '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface NetworkItem {
  resourceType?: string;
  resourceSize?: number;
}

await buildOrExit();
const storageDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
const config = loadConfig({ STORAGE_DIR: storageDir, LOG_LEVEL: 'silent', PORT: '0' });
const db = openDatabase(config.database);
await migrateToLatest(db);
await seedDemoCompanies(db);
const stack = await startProductStack({ config, db, logger: createLogger(config), port: 0, redisUrl: null });
await stack.queue.recover();
await stack.queue.idle();
const origin = `http://localhost:${stack.server.port}`;
// Three trades from the demo CVR registry, onboarded as a new owner would (built-in writer).
const FRESH = [
  { name: 'Fresh tømrer', cvr: '99000101' },
  { name: 'Fresh VVS', cvr: '99000303' },
  { name: 'Fresh el', cvr: '99000707' },
];
for (const [index, fresh] of FRESH.entries()) {
  const password = 'lighthouse-42';
  const response = await fetch(`${origin}/api/onboarding/create`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      cvr: fresh.cvr,
      email: `ejer${index}@lighthouse.example`,
      password,
      passwordRepeat: password,
      acceptPrivacy: true,
    }),
  });
  if (!response.ok) throw new Error(`onboarding ${fresh.cvr} failed: ${await response.text()}`);
}
await stack.queue.idle();
const pages = [
  { name: 'Landing page', url: `${origin}/` },
  { name: 'Company page', url: `${origin}/12345678/` },
  ...FRESH.flatMap((fresh) => [
    { name: fresh.name, url: `${origin}/${fresh.cvr}/` },
    { name: `${fresh.name} om`, url: `${origin}/${fresh.cvr}/om-os` },
  ]),
];

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let worst = 100;
try {
  for (const page of pages) {
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const categories = result?.lhr.categories ?? {};
    // HTML+CSS+JS as transferred uncompressed (images apart): the 35 KB page budget.
    const requests =
      (result?.lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const textBytes = requests
      .filter((item) => ['Document', 'Stylesheet', 'Script'].includes(item.resourceType ?? ''))
      .reduce((sum, item) => sum + (item.resourceSize ?? 0), 0);
    const scores = CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100));
    worst = Math.min(worst, ...scores);
    console.log(
      `${page.name.padEnd(18)} ${CATEGORIES.map((id, index) => `${id} ${scores[index]}`).join('  ')}  ` +
        `HTML+CSS+JS ${(textBytes / 1024).toFixed(1)} KB  (${page.url})`,
    );
    for (const id of CATEGORIES) {
      const category = categories[id];
      if (!category || category.score === 1) continue;
      // Name what cost points, so a score under 100 says what to fix.
      for (const ref of category.auditRefs) {
        const audit = result?.lhr.audits[ref.id];
        if (audit && ref.weight > 0 && audit.score !== null && audit.score < 1) {
          console.log(`    ${id}: ${audit.title} (${Math.round(audit.score * 100)})`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await stack.close();
  await db.destroy();
  rmSync(storageDir, { recursive: true, force: true });
}
process.exit(worst === 100 ? 0 : 1);
