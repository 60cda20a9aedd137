// Issue 52 item 8: a shop trade's message form reads like a salon's or a garage's. A hairdresser's
// form asks no postcode and no photos and calls the text "Din besked"; a garage's form asks for the
// car's number plate (optional, checked, kept upper-case), which reaches the owner's mail and
// Henvendelser; a builder's form neither shows the field nor keeps a plate posted to it.
import { Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import { listLeads } from '../../db';
import { createLogger } from '../../lib/logger';
import { LEAD_MESSAGE_LABEL_SHOP } from '../../rules/lead-form';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { type ApiHarness, createApiHarness } from '../api/api-harness';
import { itRenders } from '../support/lane';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

let sink: SmtpSink;
let h: ApiHarness;
let outbox: MailOutbox;

afterEach(async () => {
  await outbox?.close();
  await h?.close();
  await sink?.close();
});

const GARAGE = '45454545';
const SALON = '96969696';
const BUILDER = '43434343';

async function trade(cvr: string, industryCode: string, industryDesc: string) {
  await h.db.updateTable('companies').set({ industryCode, industryDesc }).where('cvr', '=', cvr).execute();
}

async function setUp() {
  sink = await startSmtpSink();
  h = await createApiHarness({ SMTP_URL: sink.url });
  const quiet = createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));
  outbox = createMailOutbox({ db: h.db, config: h.config, logger: quiet, now: h.now, everyMs: 0 });
  await h.createOwner(GARAGE, 'Nord Auto ApS', 'ejer@nordauto.dk');
  await trade(GARAGE, '452010', 'Almindelig reparation af biler');
  await h.createOwner(SALON, 'Salon Klip ApS', 'ejer@salonklip.dk');
  await trade(SALON, '960210', 'Frisører');
  await h.createOwner(BUILDER, 'Tømrer Jensen ApS', 'ejer@jensen.dk');
  await trade(BUILDER, '433200', 'Tømrere');
}

async function token(cvr: string): Promise<string> {
  const response = await h.send('GET', `/api/sites/${cvr}/lead-token`);
  expect(response.status).toBe(200);
  h.advance(5_000);
  return ((await response.json()) as { token: string }).token;
}

async function post(cvr: string, values: Record<string, string>, json = false) {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) body.append(key, value);
  return h.send('POST', `/api/sites/${cvr}/leads`, {
    body,
    headers: json ? { Accept: 'application/json' } : {},
    env: { incoming: { socket: { remoteAddress: '203.0.113.45' } } },
  });
}

const customer = { name: 'Jonas Berg', phone: '20 30 40 50', email: 'jonas@example.dk' };

it("keeps a garage's number plate upper-case, mails it to the owner, and shows it in Henvendelser", async () => {
  await setUp();
  const sent = await post(
    GARAGE,
    {
      ...customer,
      plate: ' ab 12  345 ',
      message: 'Bremserne hviner. Har I tid i næste uge?',
      token: await token(GARAGE),
    },
    true,
  );
  expect(sent.status).toBe(200);
  const [lead] = await listLeads(h.db, GARAGE);
  expect(lead).toMatchObject({ plate: 'AB 12 345', postcode: '' });

  expect(await outbox.sweep()).toBe(2);
  const mails = await sink.waitFor(2);
  const owner = readMessage(mails.find((mail) => mail.to.includes('ejer@nordauto.dk'))?.raw ?? '');
  const lines = owner.body.split(/\r?\n/);
  expect(lines).toContain('Nummerplade: AB 12 345');
  // No postcode was asked, so the mail has no empty "Postnummer:" line.
  expect(owner.body).not.toContain('Postnummer');
  const receipt = readMessage(mails.find((mail) => mail.to.includes(customer.email))?.raw ?? '');
  expect(receipt.body.split(/\r?\n/)).toContain('Nummerplade: AB 12 345');

  const cookie = await h.signIn('ejer@nordauto.dk');
  const inbox = (await (await h.send('GET', '/api/leads', { cookie })).json()) as {
    leads: { plate: string; postcode: string }[];
  };
  expect(inbox.leads).toEqual([expect.objectContaining({ plate: 'AB 12 345', postcode: '' })]);
});

it("refuses a plate that is no plate, beside the field, and takes none from a builder's form", async () => {
  await setUp();
  const refused = await post(
    GARAGE,
    { ...customer, plate: 'AB<12>345', message: 'Olieskift, tak.', token: await token(GARAGE) },
    true,
  );
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({
    plate: LEAD_MESSAGES.plateInvalid,
  });
  expect(await listLeads(h.db, GARAGE)).toEqual([]);

  // A builder's form has no such field: a plate posted anyway is not kept.
  const builder = await post(
    BUILDER,
    {
      ...customer,
      postcode: '4600',
      plate: 'AB 12 345',
      message: 'Nyt gulv i stuen.',
      token: await token(BUILDER),
    },
    true,
  );
  expect(builder.status).toBe(200);
  expect((await listLeads(h.db, BUILDER))[0]?.plate).toBe('');
});

itRenders("draws a garage's form with the plate field and a salon's as a salon's message", async () => {
  await setUp();
  // Without JavaScript a refusal answers the site's own contact page with the form drawn again.
  const garage = await (
    await post(GARAGE, { ...customer, plate: 'ab 12 345', message: '', token: await token(GARAGE) })
  ).text();
  expect(garage).toMatch(/<label for="lead-plate">Nummerplade \(valgfrit\)<\/label>/);
  expect(garage).toContain('value="AB 12 345"');
  expect(garage).not.toContain('id="lead-postcode"');

  const salon = await (await post(SALON, { ...customer, message: '', token: await token(SALON) })).text();
  expect(salon).toContain(`>${LEAD_MESSAGE_LABEL_SHOP}</label>`);
  expect(salon).not.toContain('id="lead-plate"');
  expect(salon).not.toContain('id="lead-postcode"');
  expect(salon).toContain('Send besked');
  expect(salon).toContain(LEAD_MESSAGES.privacyLineShop);
  // The photo field stays in the page for the form's script, hidden from the customer.
  expect(salon).toMatch(/<p class="lead-field lead-file" hidden/);

  const builder = await (
    await post(BUILDER, { ...customer, postcode: '4600', message: '', token: await token(BUILDER) })
  ).text();
  expect(builder).not.toContain('id="lead-plate"');
  expect(builder).toContain('id="lead-postcode"');
  expect(builder).toContain('Hvad drejer det sig om?');
  expect(builder).toContain('Send forespørgsel');
});
