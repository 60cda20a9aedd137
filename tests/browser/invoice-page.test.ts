// The customer's invoice page (issue 51 item 6) in Chromium at 360 px without JavaScript: axe finds
// nothing serious, and the screenshot is kept for a look (/work/wt/tilbud3-shots or TEST_SHOTS_DIR).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { acceptQuote, insertLead } from '../../db';
import { createLogger } from '../../lib/logger';
import type { MailMessage } from '../../lib/mailer';
import { type ApiHarness, createApiHarness } from '../api/api-harness';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { describeWithDialects } from '../support/databases';

let h: ApiHarness;
let outbox: MailOutbox | undefined;
let browser: Browser;
const A = '51515353';
const XSS = '<script>alert(1)</script>';
const SHOTS = process.env.TEST_SHOTS_DIR ?? '/work/wt/tilbud3-shots';

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
  const sent: MailMessage[] = [];

  async function setUp() {
    h = await createApiHarness({}, { dialect });
    const quiet = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
    const mailer = { send: async (message: MailMessage) => void sent.push(message) };
    outbox = createMailOutbox({ db: h.db, config: h.config, logger: quiet, now: h.now, everyMs: 0, mailer });
    await h.createOwner(A, 'Eksempel VVS ApS', 'ejer@eksempel-vvs.dk');
    await h.db
      .updateTable('companies')
      .set({ industryCode: '432200', address: 'Værkstedsvej 2', zipcode: '4600', city: 'Køge' })
      .where('cvr', '=', A)
      .execute();
    cookie = await h.signIn('ejer@eksempel-vvs.dk');
  }

  /** An accepted tilbud made into an invoice, through the routes the admin uses. */
  async function invoice(customerEmail: string) {
    const lead = await insertLead(
      h.db,
      A,
      {
        name: 'Mette Ørsted',
        phone: '20304050',
        email: customerEmail,
        postcode: '4600',
        message: 'Ny varmepumpe',
        photos: [],
        contentHash: `hash-${customerEmail}`,
      },
      h.now(),
    );
    const draft = await (await h.send('POST', '/api/quotes', { cookie, body: { leadId: lead.id } })).json();
    const body = {
      customerName: `Mette Ørsted ${XSS}`,
      customerEmail,
      customerPhone: '20304050',
      customerAddress: 'Strandvejen 1\n4600 Køge',
      title: 'Ny varmepumpe',
      description: '',
      validUntil: draft.validUntil,
      terms: draft.terms,
      lines: [
        {
          kind: 'labour',
          text: 'Montering',
          quantityHundredths: 750,
          unit: 'hours',
          unitPriceOre: 52_000,
          deduction: 'craft',
        },
        {
          kind: 'materials',
          text: 'Varmepumpe',
          quantityHundredths: 100,
          unit: 'pieces',
          unitPriceOre: 3_899_500,
          deduction: null,
        },
      ],
    };
    expect((await h.send('PUT', `/api/quotes/${draft.id}`, { cookie, body })).status).toBe(200);
    expect((await h.send('POST', `/api/quotes/${draft.id}/send`, { cookie })).status).toBe(200);
    await acceptQuote(
      h.db,
      A,
      draft.id,
      { name: 'Mette', ip: '192.0.2.7', documentHash: 'a'.repeat(64) },
      h.now(),
    );
    const settings = await (await h.send('GET', '/api/quotes/settings', { cookie })).json();
    await h.send('PUT', '/api/quotes/settings', {
      cookie,
      body: { ...settings, bankReg: '1234', bankAccount: '0012345678', mobilepay: '' },
    });
    const made = await h.send('POST', `/api/quotes/${draft.id}/invoice`, {
      cookie,
      body: { deliveryDate: '2026-03-01' },
    });
    expect(made.status).toBe(201);
    // The mails so far (the welcome, the request's) are not this test's.
    await outbox?.sweep();
    sent.length = 0;
    return made.json();
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
