// The owner's inbox (/api/leads): newest first with the unread count, read/handled, delete (the
// photos go at once), photos served to the owner only, settings that republish; company B's request
// is invisible to A; the operator sees counts, never contents.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeLeadPhotos } from '../../api/leads/lead-photos';
import {
  findUserByEmail,
  getLeadSettings,
  getPendingLeadRecipient,
  insertLead,
  type Lead,
  listLeads,
  markEmailVerified,
} from '../../db';
import { type ApiHarness, createApiHarness, type Owner } from '../api/api-harness';
import { solidImage } from '../fixtures/images/make-images';

let h: ApiHarness;
let a: Owner;
let b: Owner;
let cookie: string;

beforeEach(async () => {
  h = await createApiHarness({ OPERATOR_EMAILS: 'drift@firma-a.dk' });
  a = await h.createOwner('11112222', 'Firma A ApS', 'drift@firma-a.dk');
  b = await h.createOwner('33334444', 'Firma B ApS', 'ejer@firma-b.dk');
  // The operator view needs a verified login e-mail (issue 23).
  await markEmailVerified(h.db, (await findUserByEmail(h.db, a.email))?.id ?? '');
  cookie = await h.signIn(a.email);
});
afterEach(async () => {
  await h.close();
});

async function lead(cvr: string, name: string, minute: number, photo = false): Promise<Lead> {
  const id = crypto.randomUUID();
  const photos = photo
    ? await writeLeadPhotos(h.config.storageDir, cvr, id, [
        { data: await solidImage(40, 30), width: 40, height: 30 },
      ])
    : [];
  const base = {
    phone: '12345678',
    email: '',
    postcode: '4000',
    message: `Besked fra ${name}`,
    contentHash: name,
  };
  return insertLead(h.db, cvr, { ...base, name, photos }, new Date(h.now().getTime() + minute * 60_000), id);
}

describe('the owner inbox', () => {
  it('lists only their own requests, newest first, and changes read and handled', async () => {
    const first = await lead(a.company.cvr, 'Anna', 1, true);
    const second = await lead(a.company.cvr, 'Bo <b>fed</b>', 2);
    const theirs = await lead(b.company.cvr, 'Hemmelig kunde', 3, true);
    const list = await h.send('GET', '/api/leads', { cookie });
    const body = (await list.json()) as {
      leads: { id: string; name: string; photos: { url: string }[] }[];
      unread: number;
    };
    expect(body.leads.map((l) => l.name)).toEqual(['Bo <b>fed</b>', 'Anna']);
    expect(body.unread).toBe(2);
    expect(JSON.stringify(body)).not.toContain('Hemmelig');
    expect(body.leads[1]?.photos[0]?.url).toBe(`/api/leads/${first.id}/photos/1`);

    const read = await h.send('PATCH', `/api/leads/${second.id}`, { cookie, body: { read: true } });
    expect(read.status).toBe(200);
    expect(await (await h.send('GET', '/api/leads/unread', { cookie })).json()).toEqual({ unread: 1 });
    const handled = (await (
      await h.send('PATCH', `/api/leads/${first.id}`, { cookie, body: { handled: true } })
    ).json()) as Lead;
    expect(handled.handledAt).not.toBeNull();
    expect(handled.readAt).not.toBeNull();

    // B's request, by its id: nothing to see or change.
    expect((await h.send('PATCH', `/api/leads/${theirs.id}`, { cookie, body: { read: true } })).status).toBe(
      404,
    );
    expect((await h.send('GET', `/api/leads/${theirs.id}/photos/1`, { cookie })).status).toBe(404);
    expect((await h.send('DELETE', `/api/leads/${theirs.id}`, { cookie })).status).toBe(404);
    expect((await listLeads(h.db, b.company.cvr))[0]?.readAt).toBeNull();
  });

  it('serves a photo to its owner only, and deletes it with the request', async () => {
    const withPhoto = await lead(a.company.cvr, 'Anna', 1, true);
    const photo = await h.send('GET', `/api/leads/${withPhoto.id}/photos/1`, { cookie });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    expect((await h.send('GET', `/api/leads/${withPhoto.id}/photos/1`)).status).toBe(401);

    const file = path.join(h.config.storageDir, 'leads', a.company.cvr, withPhoto.photos[0]?.file ?? '');
    expect(existsSync(file)).toBe(true);
    expect((await h.send('DELETE', `/api/leads/${withPhoto.id}`, { cookie })).status).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(await listLeads(h.db, a.company.cvr)).toEqual([]);
  });

  it('keeps the form settings and republishes the site', async () => {
    const before = await h.send('GET', '/api/leads/settings', { cookie });
    expect(await before.json()).toEqual({
      formEnabled: true,
      recipientEmail: '',
      defaultRecipient: 'drift@firma-a.dk',
      loginConfirmed: true,
      pendingRecipient: null,
    });
    const refused = await h.send('PUT', '/api/leads/settings', {
      cookie,
      body: { formEnabled: true, recipientEmail: 'nej@' },
    });
    expect(refused.status).toBe(400);
    const saved = await h.send('PUT', '/api/leads/settings', {
      cookie,
      body: { formEnabled: false, recipientEmail: 'tilbud@firma-a.dk' },
    });
    expect(saved.status).toBe(200);
    // A new address waits for its confirmation (tests/leads/lead-recipient.test.ts).
    expect(await getLeadSettings(h.db, a.company.cvr)).toEqual({ formEnabled: false, recipientEmail: null });
    expect(await getPendingLeadRecipient(h.db, a.company.cvr)).toMatchObject({ email: 'tilbud@firma-a.dk' });
    expect(await getLeadSettings(h.db, b.company.cvr)).toEqual({ formEnabled: true, recipientEmail: null });
    expect(h.published.map((p) => p.cvr)).toEqual([a.company.cvr]);
  });

  it('gives the operator counts, never contents', async () => {
    await lead(a.company.cvr, 'Anna', 1);
    await lead(b.company.cvr, 'Hemmelig kunde', 2);
    const figures = await h.send('GET', '/api/operator/leads', { cookie });
    expect(await figures.json()).toEqual({ total: 2, unread: 2, unsent: 2 });
    const other = await h.signIn(b.email);
    expect((await h.send('GET', '/api/operator/leads', { cookie: other })).status).toBe(404);
  });
});
