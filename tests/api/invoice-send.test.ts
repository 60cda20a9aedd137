import { afterEach, expect, it } from 'vitest';
import { deleteExpired } from '../../api/jobs/retention';
import type { MailOutbox } from '../../api/mail-outbox';
import { deleteCompany, findInvoice, listQuotes } from '../../db';
import type { MailMessage } from '../../lib/mailer';
import { INVOICE_MESSAGES } from '../../rules/invoice-messages';
import { formatOre } from '../../rules/quote-money';
import { describeWithDialects } from '../support/databases';
import { htmlProblems, pdfText } from '../support/documents';
import { type InvoiceFixture, startInvoiceFixture } from '../support/invoice-fixture';
import { type ApiHarness, errorOf } from './api-harness';

let h: ApiHarness;
let outbox: MailOutbox | undefined;

afterEach(async () => {
  await outbox?.close();
  outbox = undefined;
  await h?.close();
});

const A = '51515353';
const B = '52525353';
const _XSS = '<script>alert(1)</script>';

describeWithDialects('sending fakturaer and kreditnotaer (issue 51)', (dialect) => {
  let cookie: string;
  let sent: MailMessage[] = [];

  let invoice: InvoiceFixture['invoice'];

  async function setUp() {
    ({ h, outbox, cookie, sent, invoice } = await startInvoiceFixture(dialect));
  }

  it('"Send faktura" wakes the outbox: the mail goes out at once, not at the runner\'s next look', async () => {
    ({ h, outbox, cookie, sent, invoice } = await startInvoiceFixture(dialect, { nudge: true }));
    const made = await invoice('mette@example.dk');
    const response = await h.send('POST', `/api/invoices/${made.id}/send`, { cookie });
    expect(response.status).toBe(200);
    // No sweep: the runner (no timer here) runs only because the route nudged it.
    await expect.poll(() => sent.length, { timeout: 3000 }).toBe(1);
    expect(sent[0]?.subject).toBe('Faktura nr. 1 fra Eksempel VVS ApS');
  });

  it('mails the customer a link to the invoice page and the PDF, and the link opens only that invoice', async () => {
    await setUp();
    const made = await invoice('mette@example.dk');
    // 7,5 × 520 + 38.995 = 42.895 kr.; moms 10.723,75; total 53.618,75.
    expect(made).toMatchObject({ totalOre: 5_361_875, sentAt: null });

    const response = await h.send('POST', `/api/invoices/${made.id}/send`, { cookie });
    expect(response.status).toBe(200);
    expect((await response.json()).sentAt).toBe(h.now().toISOString());
    expect(await outbox?.sweep()).toBe(1);
    expect(sent).toHaveLength(1);
    const mail = sent[0] as MailMessage;
    expect(mail.to).toBe('mette@example.dk');
    expect(mail.subject).toBe('Faktura nr. 1 fra Eksempel VVS ApS');
    expect(mail.text).toContain(formatOre(5_361_875));
    const attachment = mail.attachments?.[0];
    expect(attachment?.filename).toBe('faktura-1.pdf');
    expect(await pdfText(new Uint8Array(attachment?.content ?? []))).toContain(formatOre(5_361_875));

    // The link: the company's own address, a page without scripts, with moms, the total, labour apart.
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '');
    expect(link.pathname).toMatch(new RegExp(`^/api/sites/${A}/faktura/[^/]+$`));
    const page = await h.send('GET', link.pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    for (const part of [
      'Faktura nr. 1',
      'Moms 25 %',
      formatOre(1_072_375),
      formatOre(5_361_875),
      'Heraf arbejdsløn ekskl. moms',
      formatOre(390_000),
      'reg.nr. 1234',
      'CVR 51515353',
      'Eksempel VVS ApS',
    ])
      expect(html).toContain(part);
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(await htmlProblems(html)).toEqual([]);
    const pdf = await h.send('GET', `${link.pathname}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(formatOre(5_361_875));

    // The token is bound to company A and this invoice: at B's path, or altered, it opens nothing.
    const token = link.pathname.split('/').pop() ?? '';
    expect((await h.send('GET', `/api/sites/${B}/faktura/${token}`)).status).toBe(404);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await h.send('GET', `/api/sites/${A}/faktura/${forged}`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain(INVOICE_MESSAGES.linkInvalid);

    // No route changes an invoice, sent or not; company B cannot send A's.
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect((await h.send(method, `/api/invoices/${made.id}`, { cookie, body: {} })).status).toBe(404);
    const other = await h.signIn('ejer@anden.dk');
    expect((await h.send('POST', `/api/invoices/${made.id}/send`, { cookie: other })).status).toBe(404);

    // A mistake is a kreditnota referring to it, sent the same way.
    const credit = await (await h.send('POST', `/api/invoices/${made.id}/credit`, { cookie })).json();
    expect((await h.send('POST', `/api/invoices/${credit.id}/send`, { cookie })).status).toBe(200);
    await outbox?.sweep();
    const creditMail = sent[1] as MailMessage;
    expect(creditMail.subject).toBe('Kreditnota nr. 2 fra Eksempel VVS ApS');
    expect(creditMail.text).toContain('annullerer faktura nr. 1');
    const creditLink = new URL(/https?:\/\/\S+/.exec(creditMail.text)?.[0] ?? '');
    expect(await (await h.send('GET', creditLink.pathname)).text()).toContain('Vedrører faktura nr.');

    // The bookkeeper's CSV: both, semicolons, decimal commas, a BOM; B's is empty.
    const csv = await h.send('GET', '/api/invoices/export.csv', { cookie });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes.subarray(3)).trimEnd().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^1;Faktura;;\d\d-\d\d-2026;.*;42895,00;10723,75;53618,75;3900,00;38995,00$/);
    expect(rows[2]).toMatch(/^2;Kreditnota;1;.*;-53618,75;-3900,00;-38995,00$/);
    const otherCsv = await (await h.send('GET', '/api/invoices/export.csv', { cookie: other })).text();
    expect(otherCsv.trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('refuses to send an invoice to a customer without an e-mail, in Danish', async () => {
    await setUp();
    const made = await invoice('mette@example.dk');
    await h.db.updateTable('invoices').set({ buyerEmail: '' }).where('id', '=', made.id).execute();
    const response = await h.send('POST', `/api/invoices/${made.id}/send`, { cookie });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(INVOICE_MESSAGES.noBuyerEmail);
    // Not sent: no mail is queued.
    expect(await outbox?.sweep()).toBe(0);
    expect(sent).toEqual([]);
  });

  it("deletes a deleted company's tilbud at once and keeps its invoices through bogføringsloven's five years", async () => {
    await setUp();
    const made = await invoice('mette@example.dk');
    expect(made.issueDate.slice(0, 4)).toBe('2026');
    expect(await deleteCompany(h.db, A)).toBe(true);
    expect(await listQuotes(h.db, A)).toEqual([]);
    // Kept: 5 years from the end of the regnskabsår, which may end as late as 31.12.2027.
    await deleteExpired(h.db, h.config.storageDir, new Date('2032-12-31T12:00:00Z'));
    expect((await findInvoice(h.db, A, made.id))?.totalOre).toBe(5_361_875);
    await deleteExpired(h.db, h.config.storageDir, new Date('2033-01-02T12:00:00Z'));
    expect(await findInvoice(h.db, A, made.id)).toBeNull();
    expect(
      await h.db.selectFrom('invoiceLines').select('id').where('invoiceId', '=', made.id).execute(),
    ).toEqual([]);
  });
});
