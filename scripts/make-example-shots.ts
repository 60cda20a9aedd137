// Screenshots of real company sites for the marketing site ("Sådan kan din side se ud", the trade
// pages and the landing hero): starts the real product on a scratch SQLite database, onboards the six
// trades of the demo CVR registry through the real onboarding API (built-in writer, no AI key), gives
// each a different colour theme, lets the real generator publish them, and photographs each home page
// with Debian's Chromium.
//   npm run make:examples   (builds the templates first when they are missing or stale)
// The WebP/JPEG files in templates/public/images/examples/ are committed; rerun after a change to the
// site templates or the built-in writer so the marketing site keeps showing what the product makes.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { acceptedValue, migrateToLatest, openDatabase, updateCompany } from '../db';
import { loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { startProductStack } from '../server/product-stack';
import { launchChromium } from '../tests/support/browser';
import { buildOrExit } from './cli';

const OUT_DIR = path.resolve(import.meta.dirname, '..', 'templates', 'public', 'images', 'examples');
// The trade pages' image names (templates/marketing/trades.ts) → the demo registry's company.
const COMPANIES = [
  { image: 'tomrer', cvr: '99000101', theme: 'amber' },
  { image: 'murer', cvr: '99000202', theme: 'red' },
  { image: 'vvs', cvr: '99000303', theme: 'blue' },
  { image: 'maler', cvr: '99000404', theme: 'green' },
  { image: 'vinduespudser', cvr: '99000505', theme: 'cyan' },
  { image: 'mekaniker', cvr: '99000606', theme: 'slate' },
] as const;
/** The landing hero's phone: which company it shows. */
const PHONE_COMPANY = '99000101';

await buildOrExit();
const storageDir = mkdtempSync(path.join(tmpdir(), 'example-shots-'));
const config = loadConfig({ STORAGE_DIR: storageDir, LOG_LEVEL: 'silent', PORT: '0' });
const db = openDatabase(config.database);
await migrateToLatest(db);
const stack = await startProductStack({ config, db, logger: createLogger(config), port: 0, redisUrl: null });
const origin = `http://localhost:${stack.server.port}`;
const browser = await launchChromium();
mkdirSync(OUT_DIR, { recursive: true });

async function write(name: string, image: Sharp): Promise<void> {
  const info = await image.toFile(path.join(OUT_DIR, name));
  console.log(`${name} ${info.width}x${info.height} ${info.size} bytes`);
}

try {
  for (const [index, company] of COMPANIES.entries()) {
    const password = 'eksempel-side-42';
    const response = await fetch(`${origin}/api/onboarding/create`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        cvr: company.cvr,
        email: `eksempel${index}@mesterside.example`,
        password,
        passwordRepeat: password,
        acceptPrivacy: true,
      }),
    });
    if (!response.ok) throw new Error(`onboarding ${company.cvr} failed: ${await response.text()}`);
    // The colour theme an owner picks in the settings, so the examples show a few of the 20.
    acceptedValue(await updateCompany(db, company.cvr, { theme: company.theme }));
    await stack.queue.requestPublish(company.cvr);
  }
  await stack.queue.idle();

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'da-DK' });
  for (const company of COMPANIES) {
    const page = await desktop.newPage();
    await page.goto(`${origin}/${company.cvr}/`, { waitUntil: 'load' });
    const shot = await page.screenshot({ type: 'png' });
    await write(`${company.image}-1200.webp`, sharp(shot).resize(1200, 750).webp({ quality: 78 }));
    await write(`${company.image}-600.webp`, sharp(shot).resize(600, 375).webp({ quality: 78 }));
    // Open Graph wants a JPEG or PNG of 1200×630: the top of the page.
    await write(
      `${company.image}-og.jpg`,
      sharp(shot)
        .resize(1200, 750)
        .extract({ left: 0, top: 0, width: 1200, height: 630 })
        .jpeg({ quality: 80 }),
    );
    await page.close();
  }

  const phone = await browser.newContext({
    viewport: { width: 390, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'da-DK',
  });
  const page = await phone.newPage();
  await page.goto(`${origin}/${PHONE_COMPANY}/`, { waitUntil: 'load' });
  const shot = await page.screenshot({ type: 'png' });
  await write('hero-phone.webp', sharp(shot).resize(520, 1040).webp({ quality: 80 }));
  const wide = await desktop.newPage();
  await wide.goto(`${origin}/${PHONE_COMPANY}/`, { waitUntil: 'load' });
  await write(
    'hero-desktop.webp',
    sharp(await wide.screenshot({ type: 'png' }))
      .resize(960, 600)
      .webp({ quality: 78 }),
  );
} finally {
  await browser.close();
  await stack.close();
  await db.destroy();
  rmSync(storageDir, { recursive: true, force: true });
}
