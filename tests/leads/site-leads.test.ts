// POST /api/sites/{cvr}/leads end to end through the whole app: stored before it answers, on every
// address of a site, per-field Danish refusals (the visitor's text kept without JavaScript), photos
// re-encoded without location, and the outbox that mails the owner through a real SMTP server on
// loopback: Reply-To the visitor, the link to Henvendelser, no header injection, retried until a
// dead server is back.
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailOutbox, type MailOutbox } from '../../api/mail-outbox';
import {
  dueLeadMails,
  insertLead,
  listLeads,
  saveLeadSettings,
  setCustomDomainState,
  updateCompany,
} from '../../db';
import { createLogger } from '../../lib/logger';
import { productOrigin } from '../../rules/site-url';
import { type ApiHarness, createApiHarness, type Owner } from '../api/api-harness';
import { hasGpsPointer, jpegWithGps } from '../fixtures/images/make-images';
import { itRenders } from '../support/lane';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

let sink: SmtpSink;
let h: ApiHarness;
let owner: Owner;
let outbox: MailOutbox;

const CVR = '31313131';
const quiet = () => createLogger(h.config, new Writable({ write: (_c, _e, done) => done() }));

beforeEach(async () => {
  sink = await startSmtpSink();
  h = await createApiHarness({ SMTP_URL: sink.url });
  owner = await h.createOwner(CVR, 'Tagdækker Hansen ApS', 'ejer@hansen-tag.dk');
  await updateCompany(h.db, CVR, { email: 'kontakt@hansen-tag.dk' });
  outbox = createMailOutbox({ db: h.db, config: h.config, logger: quiet(), now: h.now, everyMs: 0 });
});
afterEach(async () => {
  await outbox.close();
  await h.close();
  await sink.close();
});

const visitor = {
  name: 'Mette Ørsted',
  phone: '20 30 40 50',
  email: 'mette@example.dk',
  postcode: '4600',
  message: 'Taget drypper over køkkenet.\nKan I kigge på det i næste uge?',
};

async function token(host?: string): Promise<string> {
  const response = await h.send(
    'GET',
    `/api/sites/${CVR}/lead-token`,
    host ? { headers: { Host: host } } : {},
  );
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  h.advance(5_000);
  return token;
}

function form(values: Record<string, string>, photos: Buffer[] = []): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  for (const [index, photo] of photos.entries()) {
    data.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `tag-${index}.jpg`);
  }
  return data;
}

function post(
  values: Record<string, string>,
  options: { json?: boolean; host?: string; photos?: Buffer[]; ip?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.json) headers.Accept = 'application/json';
  if (options.host) {
    headers.Host = options.host;
    headers.Origin = `http://${options.host}`;
  }
  return h.send('POST', `/api/sites/${CVR}/leads`, {
    body: form(values, options.photos),
    headers,
    env: { incoming: { socket: { remoteAddress: options.ip ?? '203.0.113.9' } } },
  });
}

describe('the quote form', () => {
  it('stores the request with its photo re-encoded without GPS, then mails the owner with Reply-To', async () => {
    const photo = await jpegWithGps(800, 600);
    const response = await post({ ...visitor, token: await token() }, { json: true, photos: [photo] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      message: expect.stringContaining('Vi har modtaget din forespørgsel'),
    });

    const [lead] = await listLeads(h.db, CVR);
    expect(lead).toMatchObject({ ...visitor, readAt: null });
    expect(lead?.photos).toHaveLength(1);
    const stored = path.join(h.config.storageDir, 'leads', CVR, lead?.photos[0]?.file ?? '');
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.width).toBe(600); // turned upright
    expect(hasGpsPointer(metadata.exif)).toBe(false);
    expect(metadata.exif).toBeUndefined();

    // Stored before anyone was told; the mail waits in the outbox until it is sent.
    expect(await dueLeadMails(h.db, h.now())).toHaveLength(1);
    // The owner's mail and the customer's receipt (issue 49).
    expect(await outbox.sweep()).toBe(2);
    const mails = await sink.waitFor(2);
    const mail = mails.find((sent) => !sent.to.includes(visitor.email));
    // The owner's login e-mail, not the company's e-mail from the registry (issue 39).
    expect(mail?.to).toEqual(['ejer@hansen-tag.dk']);
    expect(mail?.raw).toMatch(/^Reply-To: mette@example\.dk/im);
    expect(mail?.raw).toMatch(/Content-Type: image\/jpeg/i);
    const read = readMessage(mail?.raw ?? '');
    expect(read.subject).toBe('Ny forespørgsel fra Mette Ørsted');
    expect(read.body).toContain('Taget drypper over køkkenet.');
    expect(read.body).toContain('Postnummer: 4600');
    // Danish counts its one photo in the singular (issue 39: not "billede(r)").
    expect(read.body).toContain('\n1 billede vedhæftet.');
    // The way to the inbox (issue 39): the product's own address, on a line of its own, so a mail
    // program makes it a link; a guest lands on Henvendelser after the login.
    expect(read.body.split(/\r?\n/)).toContain(
      `Se alle henvendelser: ${productOrigin(h.config.publicHost)}/admin/henvendelser`,
    );
    expect(await dueLeadMails(h.db, h.now())).toHaveLength(0);

    // The customer's receipt (issue 49): to the address they gave, a copy of what they sent, an
    // answer going to the firm, and no photo attached (the customer has them).
    const receipt = mails.find((sent) => sent.to.includes(visitor.email));
    expect(receipt?.to).toEqual(['mette@example.dk']);
    expect(receipt?.raw).toMatch(/^Reply-To: ejer@hansen-tag\.dk/im);
    expect(receipt?.raw).not.toMatch(/Content-Type: image\/jpeg/i);
    const copy = readMessage(receipt?.raw ?? '');
    expect(copy.subject).toBe('Vi har modtaget din henvendelse');
    const lines = copy.body.split(/\r?\n/);
    expect(lines).toContain('Hej Mette Ørsted');
    expect(copy.body).toContain('Tak for din henvendelse til Tagdækker Hansen ApS.');
    for (const line of [
      'Det har du sendt:',
      'Navn: Mette Ørsted',
      'Telefon: 20 30 40 50',
      'E-mail: mette@example.dk',
      'Postnummer: 4600',
      'Taget drypper over køkkenet.',
      'Kan I kigge på det i næste uge?',
      '1 billede',
    ])
      expect(lines).toContain(line);
  });

  it('sends no receipt without an e-mail, and at most three a day to one address', async () => {
    const { email: _none, ...byPhone } = visitor;
    await post({ ...byPhone, token: await token() }, { json: true });
    expect(await outbox.sweep()).toBe(1);
    expect((await sink.waitFor(1))[0]?.to).toEqual(['ejer@hansen-tag.dk']);
    for (const n of [1, 2, 3, 4]) {
      const response = await post(
        { ...visitor, email: 'Mette@Example.dk', message: `Opgave nummer ${n}`, token: await token() },
        { json: true, ip: `203.0.113.${20 + n}` },
      );
      expect(response.status).toBe(200);
    }
    await outbox.sweep();
    const receipts = (await sink.waitFor(8)).filter((sent) => sent.to.includes('mette@example.dk'));
    expect(receipts).toHaveLength(3);
    // The next day the address gets its receipt again.
    h.advance(86_400_000);
    await post(
      { ...visitor, message: 'Opgave nummer 5', token: await token() },
      { json: true, ip: '203.0.113.30' },
    );
    await outbox.sweep();
    const later = (await sink.waitFor(10)).filter((sent) => sent.to.includes('mette@example.dk'));
    expect(later).toHaveLength(4);
  });

  it('answers a post without JavaScript with 303 to the thank-you page on each address of the site', async () => {
    const path303 = async (host: string | undefined, n: number) => {
      const response = await post(
        { ...visitor, message: `Forespørgsel ${n}`, token: await token(host) },
        host ? { host } : {},
      );
      return [response.status, response.headers.get('location')];
    };
    expect(await path303(undefined, 1)).toEqual([303, `/${CVR}/tak`]);
    expect(await path303(`${owner.company.subdomain}.localhost:3000`, 2)).toEqual([303, '/tak']);
    // Another company's subdomain, or a domain that is not verified, is not this site.
    const foreign = await post({ ...visitor, token: 'x' }, { host: 'andetfirma.localhost:3000' });
    expect(foreign.status).toBe(404);
    await updateCompany(h.db, CVR, { customDomain: 'www.hansen-tag.dk' });
    expect((await post({ ...visitor, token: 'x' }, { host: 'www.hansen-tag.dk' })).status).toBe(404);
    await setCustomDomainState(h.db, CVR, 'www.hansen-tag.dk', {
      verifiedAt: h.now().toISOString(),
      missingSince: null,
    });
    expect(await path303('www.hansen-tag.dk', 3)).toEqual([303, '/tak']);
    expect(await listLeads(h.db, CVR)).toHaveLength(3);
  });

  it('refuses each field in Danish beside it', async () => {
    const refused = await post(
      { name: '', phone: '', email: '', postcode: '46', message: 'x'.repeat(2001), token: await token() },
      { json: true },
    );
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { fields: Record<string, string>; token: string };
    expect(body.fields).toEqual({
      name: 'Skriv dit navn',
      phone: 'Skriv dit telefonnummer eller din e-mail, så vi kan svare dig',
      postcode: 'Skriv et postnummer på 4 cifre',
      message: 'Teksten må højst være 2.000 tegn',
    });
    expect(body.token).toMatch(/^\d{13}\./);
    expect(await listLeads(h.db, CVR)).toEqual([]);
  });

  itRenders('gives a visitor without JavaScript their text back, escaped, beside the refusal', async () => {
    const page = await post({
      ...visitor,
      email: 'mette@',
      message: 'Hej <script>alert(1)</script> & tak',
      token: await token(),
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('Skriv en gyldig e-mail');
    expect(html).toContain('value="Mette Ørsted"');
    expect(html).toContain('Hej &lt;script&gt;alert(1)&lt;/script&gt; &amp; tak</textarea>');
    expect(html).not.toContain('<script>alert');
    expect(await listLeads(h.db, CVR)).toEqual([]);
  });

  it('refuses CR/LF in the name and e-mail, and a stored name with them cannot add a mail header', async () => {
    const name = await post(
      { ...visitor, name: 'Mette\r\nBcc: spam@evil.example', token: await token() },
      { json: true },
    );
    expect(((await name.json()) as { fields: Record<string, string> }).fields.name).toBe(
      'Navn skal stå på én linje',
    );
    const email = await post(
      { ...visitor, email: 'mette@example.dk\r\nBcc: spam@evil.example', token: await token() },
      { json: true },
    );
    expect(((await email.json()) as { fields: Record<string, string> }).fields.email).toBe(
      'Skriv en gyldig e-mail',
    );

    // Even a row written past the form (an old import, a bug) is mailed as text only.
    await insertLead(
      h.db,
      CVR,
      {
        ...visitor,
        name: 'Mette\r\nBcc: spam@evil.example',
        email: '',
        photos: [],
        contentHash: 'x',
      },
      h.now(),
    );
    await outbox.sweep();
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(['ejer@hansen-tag.dk']);
    const headers = (mail?.raw ?? '').split('\r\n\r\n')[0] ?? '';
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).not.toMatch(/^Reply-To:/im);
    expect(readMessage(mail?.raw ?? '').subject).toBe('Ny forespørgsel fra Mette Bcc: spam@evil.example');
  });

  it('keeps the mail while the mail server is dead and sends it after a restart once it is back', async () => {
    await sink.close();
    expect((await post({ ...visitor, token: await token() }, { json: true })).status).toBe(200);
    expect(await outbox.sweep()).toBe(0);
    const [waiting] = await dueLeadMails(h.db, new Date(h.now().getTime() + 60_000));
    expect(waiting).toMatchObject({ attempts: 1, lastError: expect.any(String) });
    await outbox.close();

    // The process restarts; the mail server is back (on a new port).
    sink = await startSmtpSink();
    const config = { ...h.config, smtpUrl: sink.url };
    h.advance(31_000);
    outbox = createMailOutbox({ db: h.db, config, logger: quiet(), now: h.now, everyMs: 0 });
    // The owner's mail and the customer's receipt, both kept.
    expect(await outbox.sweep()).toBe(2);
    const mails = await sink.waitFor(2);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['ejer@hansen-tag.dk', 'mette@example.dk']);
    for (const mail of mails) expect(readMessage(mail.raw).body).toContain('Taget drypper over køkkenet.');
  });

  it('mails the login e-mail, never the registry e-mail, and the chosen address once there is one', async () => {
    await post({ ...visitor, token: await token() }, { json: true });
    await outbox.sweep();
    // Beside each: the customer's receipt (issue 49).
    const toOwner = (mails: { to: string[] }[]) => mails.filter((mail) => !mail.to.includes(visitor.email));
    expect(toOwner(await sink.waitFor(2))[0]?.to).toEqual(['ejer@hansen-tag.dk']);
    await saveLeadSettings(h.db, CVR, { formEnabled: true, recipientEmail: 'tilbud@hansen-tag.dk' });
    await post({ ...visitor, message: 'Et nyt tag', token: await token() }, { json: true });
    await outbox.sweep();
    expect(toOwner(await sink.waitFor(4))[1]?.to).toEqual(['tilbud@hansen-tag.dk']);
    // A form the owner switched off takes nothing.
    await saveLeadSettings(h.db, CVR, { formEnabled: false, recipientEmail: null });
    expect((await post({ ...visitor, message: 'Slukket', token: 'x' }, { json: true })).status).toBe(404);
  });
});
