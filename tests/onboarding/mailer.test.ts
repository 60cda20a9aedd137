// The mailer against a real SMTP server on loopback and, without SMTP_URL, the .eml outbox; and the
// welcome e-mail's wording and HTML escaping.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { welcomeMail } from '../../api/onboarding/welcome-mail';
import { loadConfig } from '../../lib/config';
import { createMailer, outboxDir } from '../../lib/mailer';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const dirs: string[] = [];
let sink: SmtpSink | undefined;

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mailer-test-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await sink?.close();
  sink = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const message = {
  to: 'ejer@firma.dk',
  subject: 'Hej fra Køge',
  text: 'Første linje\nhttp://localhost:3000/12345678/',
  html: '<p>Første linje</p>',
};

describe('createMailer with SMTP_URL', () => {
  it('delivers the message to the SMTP server from MAIL_FROM', async () => {
    sink = await startSmtpSink();
    const config = loadConfig({
      STORAGE_DIR: tempDir(),
      SMTP_URL: sink.url,
      MAIL_FROM: 'Test <test@mesterside.dk>',
    });
    await createMailer(config).send(message);
    const [received] = await sink.waitFor(1);
    expect(received?.to).toEqual(['ejer@firma.dk']);
    expect(received?.from).toBe('test@mesterside.dk');
    const read = readMessage(received?.raw ?? '');
    expect(read.subject).toBe('Hej fra Køge');
    expect(read.body).toContain('Første linje');
    expect(read.body).toContain('http://localhost:3000/12345678/');
    // Nothing is written to the outbox when SMTP is used.
    expect(() => readdirSync(outboxDir(config))).toThrow();
  });

  it('rejects when the server is not there', async () => {
    sink = await startSmtpSink();
    const url = sink.url;
    await sink.close();
    const config = loadConfig({ STORAGE_DIR: tempDir(), SMTP_URL: url });
    await expect(createMailer(config).send(message)).rejects.toThrow();
  });
});

describe('createMailer without SMTP_URL', () => {
  it('writes one complete .eml file per message into storage/outbox', async () => {
    const config = loadConfig({ STORAGE_DIR: tempDir() });
    const mailer = createMailer(config);
    await mailer.send(message);
    await mailer.send({ ...message, html: undefined });
    const files = readdirSync(outboxDir(config)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d+-[0-9a-f]{12}\.eml$/);
    const raw = readFileSync(path.join(outboxDir(config), files[0] ?? ''), 'utf8');
    expect(raw).toContain('\r\n');
    expect(raw).toMatch(/^From: Mesterside <noreply@mesterside\.local>$/m);
    const read = readMessage(raw);
    expect(read.to).toBe('ejer@firma.dk');
    expect(read.subject).toBe('Hej fra Køge');
    expect(read.body).toContain('http://localhost:3000/12345678/');
    expect(read.body).toContain('<p>Første linje</p>');
  });
});

describe('welcomeMail', () => {
  const input = {
    companyName: 'Hansen & <Søn> ApS',
    companyEmail: 'ejer@hansen.dk',
    cvr: '12345678',
    subdomain: 'hansensoenaps',
  };

  it('gives the site address, the login, the trial and help, in Danish', () => {
    const mail = welcomeMail(
      input,
      'https://hansensoenaps.mesterside.dk/',
      'https://mesterside.dk/admin',
      'kontakt@mesterside.dk',
    );
    expect(mail.subject).toBe('Velkommen til Mesterside, Hansen & <Søn> ApS');
    expect(mail.text).toContain('https://hansensoenaps.mesterside.dk/');
    expect(mail.text).toContain('https://mesterside.dk/admin');
    expect(mail.text).toContain('ejer@hansen.dk');
    expect(mail.text).toContain('CVR 12345678');
    expect(mail.text).toContain('3 måneder er gratis');
    expect(mail.text).toContain('svar bare på denne e-mail, eller skriv til kontakt@mesterside.dk');
    // No line of the plain text ends mid-sentence (issue 28): each ends a sentence, a greeting or an
    // address line.
    for (const line of mail.text.split('\n').filter(Boolean)) {
      expect(line, line).toMatch(/[.!,:–]$|^Mesterside$|^Venlig hilsen$|^Jeres nye hjemmeside: /);
    }
    expect(mail.text).toContain(
      'Her kan du rette tekster, billeder, åbningstider, kontaktoplysninger og farver.',
    );
    // Replies go to a real inbox, not to the no-reply sender.
    expect(mail.replyTo).toBe('kontakt@mesterside.dk');
  });

  it('escapes the company name in the HTML', () => {
    const mail = welcomeMail(
      input,
      'https://x.mesterside.dk/?a=1&b=2',
      'https://mesterside.dk/admin',
      'kontakt@mesterside.dk',
    );
    expect(mail.html).toContain('Hansen &amp; &lt;Søn&gt; ApS');
    expect(mail.html).not.toContain('<Søn>');
    expect(mail.html).toContain('href="https://x.mesterside.dk/?a=1&amp;b=2"');
  });

  it('says where the quote form is and where its requests go, when the site shows it (issue 39)', () => {
    const args = [
      input,
      'https://hansen.mesterside.dk/',
      'https://mesterside.dk/admin',
      'k@mesterside.dk',
    ] as const;
    const mail = welcomeMail(...args, 'ejer@hansen.dk');
    expect(mail.text).toContain(
      'Kunderne kan bede om et tilbud med formularen "Få et tilbud" på hjemmesiden: https://hansen.mesterside.dk/#tilbud',
    );
    expect(mail.text).toContain(
      'Hver forespørgsel sendes til ejer@hansen.dk, og du finder dem alle under Henvendelser: https://mesterside.dk/admin/henvendelser',
    );
    expect(mail.html).toContain(
      '<a href="https://hansen.mesterside.dk/#tilbud">formularen "Få et tilbud"</a>',
    );
    expect(mail.html).toContain('<strong>ejer@hansen.dk</strong>');
    // A site without the form: not a word about it.
    expect(welcomeMail(...args).text).not.toContain('Få et tilbud');
  });
});
