// One owner with an accepted tilbud made into an invoice, through the routes the admin uses, and the
// mails the outbox would send (issue 51): shared by the invoice's API test and its page's browser test.
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import type { InvoiceJson } from '../../contracts/quotes';
import { acceptQuote, insertLead } from '../../db';
import { createLogger } from '../../lib/logger';
import type { MailMessage } from '../../lib/mailer';
import { type ApiHarness, createApiHarness } from '../api/api-harness';
import type { Dialect } from './databases';

const INVOICE_OWNER_CVR = '51515353';
const INVOICE_OTHER_CVR = '52525353';
const HOSTILE_NAME_PART = '<script>alert(1)</script>';

export interface InvoiceFixture {
  h: ApiHarness;
  outbox: MailOutbox;
  cookie: string;
  /** Every mail the outbox sent, in order. */
  sent: MailMessage[];
  /** An accepted tilbud for a customer at `customerEmail`, made into an invoice (its JSON). */
  invoice(customerEmail: string): Promise<InvoiceJson>;
}

/** The owner of INVOICE_OWNER_CVR signed in, and another company (INVOICE_OTHER_CVR) beside it. */
export async function startInvoiceFixture(
  dialect: Dialect,
  options: { nudge?: boolean } = {},
): Promise<InvoiceFixture> {
  const A = INVOICE_OWNER_CVR;
  const B = INVOICE_OTHER_CVR;
  const XSS = HOSTILE_NAME_PART;
  const sent: MailMessage[] = [];
  let outbox: MailOutbox | undefined;
  let cookie = '';
  let h: ApiHarness;
  // With `nudge`, a route that queued a mail wakes the outbox as the serving process's does.
  const nudgeMail = options.nudge ? () => outbox?.nudge() : undefined;
  h = await createApiHarness({}, { dialect, ...(nudgeMail ? { nudgeMail } : {}) });
  const quiet = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
  const mailer = { send: async (message: MailMessage) => void sent.push(message) };
  outbox = createMailOutbox({ db: h.db, config: h.config, logger: quiet, now: h.now, everyMs: 0, mailer });
  await h.createOwner(A, 'Eksempel VVS ApS', 'ejer@eksempel-vvs.dk');
  await h.db
    .updateTable('companies')
    .set({ industryCode: '432200', address: 'Værkstedsvej 2', zipcode: '4600', city: 'Køge' })
    .where('cvr', '=', A)
    .execute();
  await h.createOwner(B, 'Anden Tømrer ApS', 'ejer@anden.dk');
  cookie = await h.signIn('ejer@eksempel-vvs.dk');

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
    return (await made.json()) as InvoiceJson;
  }
  return { h, outbox: outbox as MailOutbox, cookie, sent, invoice };
}
