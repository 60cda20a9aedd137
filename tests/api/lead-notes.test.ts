// Issue 51 item 5 over HTTP, on SQLite and PostgreSQL: the owner writes a note on a request in
// Henvendelser; it is kept, shown in the list, refused in Danish when too long, and company B can
// neither read nor write it.
import { afterEach, expect, it } from 'vitest';
import { insertLead } from '../../db';
import { INVOICE_MESSAGES } from '../../rules/invoice-messages';
import { LEAD_NOTE_MAX_CHARS } from '../../rules/lead-notes';
import { describeWithDialects } from '../support/databases';
import { type ApiHarness, createApiHarness, errorOf } from './api-harness';

let h: ApiHarness;

afterEach(async () => {
  await h?.close();
});

describeWithDialects('notes on a request (issue 51)', (dialect) => {
  it('keeps the owner’s note, refuses a too long one in Danish, and shows it to nobody else', async () => {
    h = await createApiHarness({}, { dialect });
    await h.createOwner('51515454', 'Eksempel VVS ApS', 'ejer@eksempel-vvs.dk');
    await h.createOwner('52525454', 'Anden Tømrer ApS', 'ejer@anden.dk');
    const cookie = await h.signIn('ejer@eksempel-vvs.dk');
    const lead = await insertLead(
      h.db,
      '51515454',
      {
        name: 'Mette',
        phone: '20304050',
        email: 'mette@example.dk',
        postcode: '4600',
        message: 'Utæt tag',
        photos: [],
        contentHash: 'h1',
      },
      h.now(),
    );
    const fresh = await (await h.send('GET', '/api/leads', { cookie })).json();
    expect(fresh.leads[0].note).toBe('');
    const note = 'Ringede 12.3. <b>Kommer</b> torsdag kl. 8\r\nHusk stige';
    const saved = await h.send('PATCH', `/api/leads/${lead.id}`, { cookie, body: { note } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).note).toBe('Ringede 12.3. <b>Kommer</b> torsdag kl. 8\nHusk stige');
    const listed = await (await h.send('GET', '/api/leads', { cookie })).json();
    expect(listed.leads[0]).toMatchObject({
      note: 'Ringede 12.3. <b>Kommer</b> torsdag kl. 8\nHusk stige',
      readAt: null,
    });

    const tooLong = await h.send('PATCH', `/api/leads/${lead.id}`, {
      cookie,
      body: { note: 'x'.repeat(LEAD_NOTE_MAX_CHARS + 1) },
    });
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toBe(INVOICE_MESSAGES.noteTooLong);
    expect(INVOICE_MESSAGES.noteTooLong).toBe('Noten må højst være 2.000 tegn');

    const other = await h.signIn('ejer@anden.dk');
    const theirs = await h.send('PATCH', `/api/leads/${lead.id}`, { cookie: other, body: { note: 'hej' } });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(await (await h.send('GET', '/api/leads', { cookie: other })).json())).not.toContain(
      'Husk stige',
    );
    const after = await (await h.send('GET', '/api/leads', { cookie })).json();
    expect(after.leads[0].note).toContain('Husk stige');
  });
});
