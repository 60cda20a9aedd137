// /api/subscription on both dialects: the Free plan and the trial from rules/trial.ts on the injected
// clock, the site's state after the trial (rules/trial.ts siteState), and "Bestil abonnement": the
// order stored, the company marked as ordered, the operator and the owner mailed (the .eml outbox).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findCompanyByCvr, listRecentOrders } from '../../db';
import { outboxDir } from '../../lib/mailer';
import { DAY_MS, TRIAL_MS } from '../../rules/trial';
import { describeWithDialects } from '../support/databases';
import { type ApiHarness, createApiHarness, errorOf, type Owner, START } from './api-harness';

/** The outbox's messages as { to, text }, the body's quoted-printable decoded. */
function outbox(storageDir: string): { to: string; text: string }[] {
  let names: string[] = [];
  try {
    names = readdirSync(outboxDir({ storageDir })).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((name) => {
    const raw = readFileSync(path.join(outboxDir({ storageDir }), name), 'utf8');
    const [head = '', ...rest] = raw.split('\r\n\r\n');
    const body = rest.join('\r\n\r\n');
    const quoted = /quoted-printable/i.test(head);
    const text = quoted
      ? Buffer.from(
          body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`),
          'latin1',
        ).toString()
      : body;
    return {
      to: /^To: (.*)$/m.exec(head)?.[1] ?? '',
      text: quoted ? decodeURIComponent(text.replace(/%(?![0-9A-F]{2})/g, '%25')) : text,
    };
  });
}

describeWithDialects('/api/subscription', (dialect) => {
  let h: ApiHarness;
  let owner: Owner;
  let cookie: string;

  beforeEach(async () => {
    h = await createApiHarness({ CONTACT_TO: 'drift@mesterside.dk' }, { dialect });
    owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
    cookie = await h.signIn(owner.email);
  });
  afterEach(async () => {
    await h.close();
  });

  /** Moves the clock; a session idle that long has expired, so the owner logs in again. */
  async function at(date: Date) {
    h.setNow(date);
    cookie = await h.signIn(owner.email);
  }

  const subscription = async () => {
    const response = await h.send('GET', '/api/subscription', { cookie });
    expect(response.status).toBe(200);
    return response.json();
  };
  const order = (body: unknown) => h.send('POST', '/api/subscription/order', { cookie, body });

  it('answers the Free plan with 90 days left and no banner on the first day', async () => {
    expect(await subscription()).toEqual({
      plan: 'Free',
      status: 'active',
      trialStartDate: START.toISOString(),
      trialEndDate: new Date(START.getTime() + TRIAL_MS).toISOString(),
      daysLeft: 90,
      showBanner: false,
      state: 'trial',
      closesAt: new Date(START.getTime() + TRIAL_MS + 14 * DAY_MS).toISOString(),
      endsAt: null,
      order: null,
    });
  });

  it('shows the banner from 30 days left, and after the end until the owner orders', async () => {
    await at(new Date(START.getTime() + 59 * DAY_MS));
    expect(await subscription()).toMatchObject({ daysLeft: 31, showBanner: false, state: 'trial' });
    await at(new Date(START.getTime() + 60 * DAY_MS));
    expect(await subscription()).toMatchObject({ daysLeft: 30, showBanner: true });
    // 31 days and 1 hour is 31 whole days, not 32 (issue 28).
    await at(new Date(START.getTime() + 59 * DAY_MS - 3_600_000));
    expect(await subscription()).toMatchObject({ daysLeft: 31, showBanner: false, state: 'trial' });
    await at(new Date(START.getTime() + TRIAL_MS - DAY_MS - 3_600_000));
    expect(await subscription()).toMatchObject({ daysLeft: 1, showBanner: true, state: 'trial' });
    // The last hours: no whole day left, and the banner still shows.
    await at(new Date(START.getTime() + TRIAL_MS - 3_600_000));
    expect(await subscription()).toMatchObject({ daysLeft: 0, showBanner: true, state: 'trial' });
    await at(new Date(START.getTime() + TRIAL_MS));
    expect(await subscription()).toMatchObject({ daysLeft: 0, showBanner: true, state: 'grace' });
    await at(new Date(START.getTime() + TRIAL_MS + 14 * DAY_MS));
    expect(await subscription()).toMatchObject({ daysLeft: 0, showBanner: true, state: 'inactive' });
  });

  it('records an order after the end, mails operator and owner, and the state follows', async () => {
    await at(new Date(START.getTime() + TRIAL_MS + 20 * DAY_MS));
    const response = await order({
      plan: 'monthly',
      billingEmail: 'bogholderi@hansen.dk',
      ean: '',
      invoiceCvr: '',
    });
    expect(response.status).toBe(201);
    const expected = {
      state: 'ordered',
      status: 'ordered',
      showBanner: false,
      order: {
        plan: 'monthly',
        priceKr: 249,
        billingEmail: 'bogholderi@hansen.dk',
        ean: null,
        invoiceCvr: '12345678',
        createdAt: h.now().toISOString(),
      },
    };
    expect(await response.json()).toMatchObject(expected);
    expect(await subscription()).toMatchObject(expected);
    expect((await findCompanyByCvr(h.db, '12345678'))?.plan.status).toBe('ordered');
    expect(await listRecentOrders(h.db)).toHaveLength(1);

    const mails = outbox(h.config.storageDir);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['drift@mesterside.dk', owner.email]);
    const operatorMail = mails.find((mail) => mail.to === 'drift@mesterside.dk');
    expect(operatorMail?.text).toContain('Firma: Hansens Tømrer ApS (CVR 12345678)');
    expect(operatorMail?.text).toContain('Faktureres på: CVR 12345678');
    expect(mails.find((mail) => mail.to === owner.email)?.text).toContain('Tak for din bestilling');

    // A second order is refused and changes nothing.
    const again = await order({ plan: 'monthly', billingEmail: 'andet@hansen.dk' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('Du har allerede bestilt et abonnement');
    expect(await listRecentOrders(h.db)).toHaveLength(1);
  });

  const cancel = () => h.send('POST', '/api/subscription/cancel', { cookie, body: {} });
  const trialEnd = new Date(START.getTime() + TRIAL_MS);

  it('cancels after the trial: the site stays for the month begun, then is inactive; mails both; can order again (issue 49)', async () => {
    expect(await order({ plan: 'monthly', billingEmail: 'bogholderi@hansen.dk' })).toHaveProperty(
      'status',
      201,
    );
    // Ten days into the second paid month: shown until that month ends, two months after the trial.
    const cancelledAt = new Date(trialEnd.getTime() + 40 * DAY_MS);
    await at(cancelledAt);
    const response = await cancel();
    expect(response.status).toBe(200);
    const endsAt = new Date(trialEnd);
    endsAt.setUTCMonth(endsAt.getUTCMonth() + 2);
    const expected = {
      status: 'cancelled',
      state: 'ordered',
      showBanner: false,
      endsAt: endsAt.toISOString(),
      order: { billingEmail: 'bogholderi@hansen.dk', cancelledAt: cancelledAt.toISOString() },
    };
    expect(await response.json()).toMatchObject(expected);
    expect(await subscription()).toMatchObject(expected);

    const mails = outbox(h.config.storageDir).filter((mail) => /opsagt|opsigelse/i.test(mail.text));
    expect(mails.map((mail) => mail.to).sort()).toEqual(['drift@mesterside.dk', owner.email]);
    const until = new Intl.DateTimeFormat('da-DK', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Copenhagen',
    }).format(endsAt);
    expect(mails.find((mail) => mail.to === owner.email)?.text).toContain(
      `Din hjemmeside er online til og med ${until}.`,
    );
    expect(mails.find((mail) => mail.to === 'drift@mesterside.dk')?.text).toContain(
      'fakturér ikke efter det',
    );

    // Cancelled once is enough.
    const again = await cancel();
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('Du har ikke et abonnement, der kan opsiges');

    // The last moment before the end the site is shown; from the end, visitors get the inactive page.
    await at(new Date(endsAt.getTime() - 1000));
    expect(await subscription()).toMatchObject({ state: 'ordered' });
    await at(endsAt);
    expect(await subscription()).toMatchObject({ state: 'inactive', endsAt: endsAt.toISOString() });

    // Ordering again brings it back at once.
    const reordered = await order({ plan: 'monthly', billingEmail: 'bogholderi@hansen.dk' });
    expect(reordered.status).toBe(201);
    expect(await reordered.json()).toMatchObject({ state: 'ordered', status: 'ordered', endsAt: null });
  });

  it('cancels during the trial: the site stays until the trial ends, nothing to pay (issue 49)', async () => {
    expect(await order({ plan: 'monthly', billingEmail: 'bogholderi@hansen.dk' })).toHaveProperty(
      'status',
      201,
    );
    await at(new Date(START.getTime() + 10 * DAY_MS));
    const response = await cancel();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ state: 'ordered', endsAt: trialEnd.toISOString() });
    expect((await findCompanyByCvr(h.db, '12345678'))?.plan).toMatchObject({
      status: 'cancelled',
      endsAt: trialEnd.toISOString(),
    });
  });

  it('refuses to cancel what was never ordered', async () => {
    const response = await cancel();
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe('Du har ikke et abonnement, der kan opsiges');
    expect((await findCompanyByCvr(h.db, '12345678'))?.plan.status).toBe('active');
  });

  it('orders during the trial, invoiced by EAN', async () => {
    const response = await order({
      plan: 'monthly',
      billingEmail: 'faktura@kommune.dk',
      ean: '5790 0001 2345 6',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      state: 'ordered',
      order: { ean: '5790000123456', invoiceCvr: null },
    });
    const operatorMail = outbox(h.config.storageDir).find((mail) => mail.to === 'drift@mesterside.dk');
    expect(operatorMail?.text).toContain('Faktureres på: EAN 5790000123456');
  });

  it.each([
    [{ plan: 'monthly', billingEmail: 'a@b.dk', ean: '579000012345' }, 'EAN-nummeret skal være 13 cifre'],
    [{ plan: 'monthly', billingEmail: 'a@b.dk', ean: '57900001234567' }, 'EAN-nummeret skal være 13 cifre'],
    [{ plan: 'monthly', billingEmail: 'a@b.dk', ean: '579000012345x' }, 'EAN-nummeret skal være 13 cifre'],
    [{ plan: 'monthly', billingEmail: 'a@b.dk', invoiceCvr: '1234' }, 'CVR nummeret skal være 8 cifre'],
    [{ plan: 'monthly', billingEmail: '' }, 'Email er påkrævet'],
    [{ plan: 'monthly', billingEmail: 'ikke-en-email' }, 'Indtast venligst en gyldig e-mail'],
    [{ plan: 'yearly', billingEmail: 'a@b.dk' }, 'Ugyldige oplysninger'],
  ])('refuses %o with its Danish message and records nothing', async (body, message) => {
    const response = await order(body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    expect(await listRecentOrders(h.db)).toEqual([]);
    expect((await findCompanyByCvr(h.db, '12345678'))?.plan.status).toBe('active');
    expect(outbox(h.config.storageDir)).toEqual([]);
  });

  it('needs a signed-in owner and a same-origin JSON request', async () => {
    expect((await h.send('GET', '/api/subscription')).status).toBe(401);
    const crossSite = await h.send('POST', '/api/subscription/order', {
      cookie,
      body: { plan: 'monthly', billingEmail: 'a@b.dk' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await listRecentOrders(h.db)).toEqual([]);
  });
});

describe('order race', () => {
  it('two orders at once: one wins, the other is refused', async () => {
    const h = await createApiHarness();
    try {
      const owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
      const cookie = await h.signIn(owner.email);
      const body = { plan: 'monthly', billingEmail: 'a@hansen.dk' };
      const statuses = await Promise.all([
        h.send('POST', '/api/subscription/order', { cookie, body }),
        h.send('POST', '/api/subscription/order', { cookie, body }),
      ]).then((responses) => responses.map((response) => response.status).sort());
      expect(statuses).toEqual([201, 409]);
      expect(await listRecentOrders(h.db)).toHaveLength(1);
    } finally {
      await h.close();
    }
  });
});

describe('order when mail fails', () => {
  it('keeps the order and answers 201; the failure is logged for the operator', async () => {
    // Nothing listens on port 1: the SMTP connection is refused at once.
    const h = await createApiHarness({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
      const cookie = await h.signIn(owner.email);
      const response = await h.send('POST', '/api/subscription/order', {
        cookie,
        body: { plan: 'monthly', billingEmail: 'a@hansen.dk' },
      });
      expect(response.status).toBe(201);
      expect(await listRecentOrders(h.db)).toHaveLength(1);
      expect(h.logs.filter((line) => line.msg === 'order mail failed; order kept')).toHaveLength(2);
    } finally {
      await h.close();
    }
  });
});
