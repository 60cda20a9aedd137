// POST /api/sendContactEmail end to end: the whole app on SQLite, mail through nodemailer to a real
// SMTP server on loopback. Success, SMTP down (message kept), honeypot, validation and rate limit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listContactMessages } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { readMessage, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { type ApiHarness, createApiHarness, errorOf } from './api-harness';

let sink: SmtpSink;
let h: ApiHarness;

beforeEach(async () => {
  sink = await startSmtpSink();
  h = await createApiHarness({ SMTP_URL: sink.url, CONTACT_TO: 'drift@mesterside.dk' });
});
afterEach(async () => {
  await h.close();
  await sink.close();
});

const visitor = {
  name: 'Søren Ærø',
  email: 'soeren@tømrer-ærø.dk',
  message: 'Hej!\nJeg vil gerne høre om prisen på en hjemmeside til mit tømrerfirma.',
};

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

function post(body: unknown, ip = '203.0.113.7') {
  return h.send('POST', '/api/sendContactEmail', { body, env: from(ip) });
}

describe('POST /api/sendContactEmail', () => {
  it('mails the message to the operator with the visitor as Reply-To, and stores it', async () => {
    const response = await post(visitor);
    expect(response.status).toBe(200);

    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(['drift@mesterside.dk']);
    const read = readMessage(mail?.raw ?? '');
    expect(read.subject).toContain('Søren Ærø');
    // The product's name as it is written everywhere else (issue 28).
    expect(read.subject).toMatch(/ via Mesterside$/);
    expect(read.body).toContain('Jeg vil gerne høre om prisen på en hjemmeside til mit tømrerfirma.');
    expect(read.body).toContain(visitor.email);
    expect(mail?.raw).toMatch(/^Reply-To: soeren@/im);

    const stored = await listContactMessages(h.db);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: visitor.name, email: visitor.email, message: visitor.message });
  });

  it('answers "Beskeden kunne ikke sendes" when the SMTP server is down, and keeps the message', async () => {
    await sink.close();
    const response = await post(visitor);
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toEqual({ code: 'unavailable', message: 'Beskeden kunne ikke sendes' });
    expect(MESSAGES.contactFailed).toBe('Beskeden kunne ikke sendes');
    const stored = await listContactMessages(h.db);
    expect(stored.map((row) => row.message)).toEqual([visitor.message]);
  });

  it('answers a filled honeypot as if sent, but stores and sends nothing', async () => {
    const response = await post({ ...visitor, website: 'https://spam.example' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    // A real message afterwards arrives alone: the honeypot's never went out.
    expect((await post(visitor)).status).toBe(200);
    await sink.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.messages).toHaveLength(1);
    expect(await listContactMessages(h.db)).toHaveLength(1);
  });

  it.each([
    [{ email: visitor.email, message: 'Hej' }, 'Navn er påkrævet'],
    [{ ...visitor, name: '   ' }, 'Navn er påkrævet'],
    [{ name: 'Søren', message: 'Hej' }, 'Email er påkrævet'],
    [{ ...visitor, email: 'soeren@' }, MESSAGES.invalidEmail],
    [{ name: 'Søren', email: visitor.email }, 'Besked er påkrævet'],
    [{ ...visitor, name: 'x'.repeat(101) }, 'Navn må højst være 100 tegn'],
    [{ ...visitor, message: 'x'.repeat(5001) }, 'Besked må højst være 5.000 tegn'],
    [{ ...visitor, name: 'Søren\nBcc: alle@example.com' }, 'Navn skal stå på én linje'],
  ])('refuses %o with "%s"', async (body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'invalid_input', message });
    expect(await listContactMessages(h.db)).toEqual([]);
    expect(sink.messages).toEqual([]);
  });

  it('refuses a cross-site post', async () => {
    const response = await h.send('POST', '/api/sendContactEmail', {
      body: visitor,
      headers: { Origin: 'https://evil.example' },
      env: from('203.0.113.7'),
    });
    expect(response.status).toBe(403);
    expect(await listContactMessages(h.db)).toEqual([]);
  });

  it('allows 5 messages per IP in 10 minutes, then 429 with a Danish message', async () => {
    for (let n = 0; n < 5; n++) expect((await post(visitor)).status).toBe(200);
    const refused = await post(visitor);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await errorOf(refused)).toEqual({ code: 'rate_limited', message: MESSAGES.tooManyRequests });
    expect(await listContactMessages(h.db)).toHaveLength(5);
    // Another visitor is not held up; the first waits out the 10-minute window.
    expect((await post(visitor, '198.51.100.2')).status).toBe(200);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(10 * 60);
  });

  it('refuses an invalid message before it counts against the limit', async () => {
    for (let n = 0; n < 10; n++)
      expect((await post({ ...visitor, email: 'ikke-en-email' })).status).toBe(400);
    expect((await post(visitor)).status).toBe(200);
  });
});
