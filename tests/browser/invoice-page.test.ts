// The customer's invoice page (issue 51 item 6) in Chromium at 360 px without JavaScript: axe finds
// nothing serious, and the screenshot is kept for a look (test-artifacts/invoice-page/, or TEST_SHOTS_DIR).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { MailOutbox } from '../../api/mail-outbox';
import type { MailMessage } from '../../lib/mailer';
import type { ApiHarness } from '../api/api-harness';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { describeWithDialects } from '../support/databases';
import { type InvoiceFixture, startInvoiceFixture } from '../support/invoice-fixture';

let h: ApiHarness;
let outbox: MailOutbox | undefined;
let browser: Browser;
const _A = '51515353';
const _XSS = '<script>alert(1)</script>';
const SHOTS =
  process.env.TEST_SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../test-artifacts/invoice-page');

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await outbox?.close();
  await h?.close();
});

describeWithDialects("the customer's invoice page (issue 51)", (dialect) => {
  let cookie: string;
  let sent: MailMessage[] = [];

  let invoice: InvoiceFixture['invoice'];

  async function setUp() {
    ({ h, outbox, cookie, sent, invoice } = await startInvoiceFixture(dialect));
  }

  it('reads at 360 px without JavaScript, with nothing serious for axe', async () => {
    await setUp();
    const made = await invoice('mette@example.dk');
    await h.send('POST', `/api/invoices/${made.id}/send`, { cookie });
    await outbox?.sweep();
    const link = new URL(/https?:\/\/\S+/.exec(sent[0]?.text ?? '')?.[0] ?? '');
    const html = await (await h.send('GET', link.pathname)).text();
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.setContent(html);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await seriousViolations(page)).toEqual([]);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `invoice-page-360-${dialect}.png`), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
