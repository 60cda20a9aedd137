// Issue 42 over HTTP on the real app: the Troværdighed tab's GET, PUT and preview (Danish refusals
// for every field, a save publishes), and the operator's list of authorisation numbers to check,
// on SQLite and PostgreSQL.
import { afterEach, expect, it } from 'vitest';
import { findUserByEmail, getTrustSettings, markEmailVerified } from '../../db';
import { TRUST_MESSAGES } from '../../rules/trust-messages';
import { describeWithDialects } from '../support/databases';
import { itRenders } from '../support/lane';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api-harness';

let h: ApiHarness;

afterEach(async () => {
  await h?.close();
});

const body = (changes: Record<string, unknown> = {}) => ({
  authorisation: { type: 'el', number: 'aut. nr. 12 345' },
  schemes: ['tekniq-garanti'],
  schemesConfirmed: true,
  deductionShown: true,
  area: { mode: 'municipalities', codes: ['0101', '0147', '0157'] },
  emergency: { enabled: true, phone: '70 20 30 40', hours: 'outside' },
  ...changes,
});

describeWithDialects('Troværdighed settings (issue 42)', (dialect) => {
  let owner: Owner;
  let cookie: string;

  async function setUp() {
    h = await createApiHarness({ OPERATOR_EMAILS: 'drift@mesterside.dk' }, { dialect });
    owner = await h.createOwner('99000707', 'Eksempel El-Installation A/S');
    cookie = await h.signIn(owner.email);
  }

  it("answers the defaults and what an electrician's trade is offered", async () => {
    await setUp();
    const response = await h.send('GET', '/api/trust', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      settings: {
        authorisation: null,
        schemes: [],
        schemesConfirmed: false,
        deductionShown: true,
        area: { mode: 'none' },
        emergency: { enabled: false, phone: '', hours: 'always' },
      },
      offer: {
        trade: 'elektriker',
        authorisationTypes: ['el'],
        emergency: true,
        deduction: {
          year: 2026,
          amountsKnown: true,
          items: [
            { kind: 'craft', work: expect.stringContaining('solceller'), ceilingKr: 9000 },
            { kind: 'service', work: expect.stringContaining('tyverialarm'), ceilingKr: 18300 },
          ],
        },
      },
    });
  });

  it('saves every field, normalises the number, and publishes', async () => {
    await setUp();
    const response = await h.send('PUT', '/api/trust', { cookie, body: body() });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json()).settings).toEqual({
      authorisation: { type: 'el', number: '12345', checked: false },
      schemes: ['tekniq-garanti'],
      schemesConfirmed: true,
      deductionShown: true,
      area: { mode: 'municipalities', codes: ['0101', '0147', '0157'] },
      emergency: { enabled: true, phone: '70 20 30 40', hours: 'outside' },
    });
    expect(h.published.map((entry) => entry.cvr)).toEqual(['99000707']);
    expect((await getTrustSettings(h.db, '99000707')).authorisation?.number).toBe('12345');
  });

  it.each([
    [
      'a scheme without the confirmation',
      body({ schemesConfirmed: false }),
      TRUST_MESSAGES.schemesConfirmRequired,
    ],
    ['an unknown scheme', body({ schemes: ['falsk-garanti'] }), TRUST_MESSAGES.schemeUnknown],
    [
      'letters for a number',
      body({ authorisation: { type: 'el', number: 'ABC' } }),
      TRUST_MESSAGES.authorisationNumberInvalid,
    ],
    [
      'no number',
      body({ authorisation: { type: 'el', number: ' ' } }),
      TRUST_MESSAGES.authorisationNumberRequired,
    ],
    [
      'an unknown authorisation',
      body({ authorisation: { type: 'tømrer', number: '123' } }),
      TRUST_MESSAGES.authorisationTypeInvalid,
    ],
    [
      'no municipality',
      body({ area: { mode: 'municipalities', codes: [] } }),
      TRUST_MESSAGES.municipalitiesRequired,
    ],
    [
      'a municipality the list lacks',
      body({ area: { mode: 'municipalities', codes: ['0102'] } }),
      TRUST_MESSAGES.municipalityUnknown,
    ],
    ['a radius of 0 km', body({ area: { mode: 'radius', km: 0 } }), TRUST_MESSAGES.radiusInvalid],
    ['a radius of 1000 km', body({ area: { mode: 'radius', km: 1000 } }), TRUST_MESSAGES.radiusInvalid],
    [
      'døgnvagt without a phone',
      body({ emergency: { enabled: true, phone: '', hours: 'always' } }),
      TRUST_MESSAGES.emergencyPhoneRequired,
    ],
    [
      'døgnvagt with a foreign number',
      body({ emergency: { enabled: true, phone: '123', hours: 'always' } }),
      TRUST_MESSAGES.emergencyPhoneInvalid,
    ],
  ])('refuses %s in Danish and stores nothing', async (_name, sent, message) => {
    await setUp();
    const response = await h.send('PUT', '/api/trust', { cookie, body: sent });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    expect(h.published).toEqual([]);
    expect((await getTrustSettings(h.db, '99000707')).authorisation).toBeNull();
  });

  itRenders(
    'previews the homepage with the draft, stores nothing and says whose word the number is',
    async () => {
      await setUp();
      const response = await h.send('POST', '/api/trust/preview', { cookie, body: body() });
      expect(response.status, await response.clone().text()).toBe(200);
      const { html } = (await response.json()) as { html: string };
      expect(html).toContain('Autoriseret el-installatør, aut. nr. 12345');
      expect(html).toMatch(/oplyst af firmaet/i);
      expect(html).not.toMatch(/verificeret/i);
      expect(html).toContain('Her arbejder vi');
      expect(html).toContain('København, Frederiksberg og Gentofte');
      expect(h.published).toEqual([]);
      expect((await getTrustSettings(h.db, '99000707')).authorisation).toBeNull();
    },
  );

  it("lists the number for the operator, who marks it checked; a changed number is the company's word again", async () => {
    await setUp();
    await h.send('PUT', '/api/trust', { cookie, body: body() });
    // Not an operator: the list does not exist.
    expect((await h.send('GET', '/api/operator/authorisations', { cookie })).status).toBe(404);

    const operator = await h.createOwner('11223344', 'Drift ApS', 'drift@mesterside.dk');
    await markEmailVerified(h.db, (await findUserByEmail(h.db, operator.email))?.id ?? '', h.now());
    const operatorCookie = await h.signIn(operator.email);
    const list = await h.send('GET', '/api/operator/authorisations', { cookie: operatorCookie });
    expect(list.status).toBe(200);
    expect((await list.json()).authorisations).toEqual([
      {
        cvr: '99000707',
        companyName: 'Eksempel El-Installation A/S',
        type: 'el',
        title: 'Autoriseret el-installatør',
        number: '12345',
        enteredAt: h.now().toISOString(),
        registerUrl: 'https://www.sik.dk/registre/autorisationsregister?search_index=99000707',
      },
    ]);

    // The owner changes the number while the operator looks: the old one is not marked.
    await h.send('PUT', '/api/trust', {
      cookie,
      body: body({ authorisation: { type: 'el', number: '54321' } }),
    });
    const stale = await h.send('POST', '/api/operator/authorisations/99000707/checked', {
      cookie: operatorCookie,
      body: { type: 'el', number: '12345' },
    });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(TRUST_MESSAGES.checkStale);

    h.published.length = 0;
    const marked = await h.send('POST', '/api/operator/authorisations/99000707/checked', {
      cookie: operatorCookie,
      body: { type: 'el', number: '54321' },
    });
    expect(marked.status).toBe(200);
    expect(h.published.map((entry) => entry.cvr)).toEqual(['99000707']);
    const after = await h.send('GET', '/api/operator/authorisations', { cookie: operatorCookie });
    expect((await after.json()).authorisations).toEqual([]);
    expect((await (await h.send('GET', '/api/trust', { cookie })).json()).settings.authorisation).toEqual({
      type: 'el',
      number: '54321',
      checked: true,
    });
    // An owner cannot mark their own number.
    expect(
      (
        await h.send('POST', '/api/operator/authorisations/99000707/checked', {
          cookie,
          body: { type: 'el', number: '54321' },
        })
      ).status,
    ).toBe(404);
  });
});
