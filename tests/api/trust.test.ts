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

  it('offers a hairdresser neither guarantee schemes nor "Vi kører i": its customers come to it', async () => {
    h = await createApiHarness({}, { dialect });
    const salon = await h.createOwner('99000708', 'Frisør Lykke ApS');
    const response = await h.send('GET', '/api/trust', { cookie: await h.signIn(salon.email) });
    expect(response.status).toBe(200);
    const { offer } = (await response.json()) as {
      offer: { trade: string; schemes: string[]; serviceArea: boolean };
    };
    expect(offer.trade).toBe('frisør');
    expect(offer.schemes).toEqual([]);
    expect(offer.serviceArea).toBe(false);
  });

  it("answers the defaults and what an electrician's trade is offered", async () => {
    await setUp();
    const response = await h.send('GET', '/api/trust', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      settings: {
        authorisation: null,
        schemes: [],
        schemesConfirmed: false,
        schemesChecked: [],
        deductionShown: true,
        area: { mode: 'none' },
        emergency: { enabled: false, phone: '', hours: 'always' },
      },
      offer: {
        trade: 'elektriker',
        authorisationTypes: ['el'],
        // The building associations and the installers' own, never the painters' (issue 48).
        schemes: [
          'byg-garanti',
          'tekniq-garanti',
          'dansk-haandvaerk-garanti',
          'dansk-byggeri',
          'tekniq',
          'dansk-haandvaerk',
        ],
        emergency: true,
        serviceArea: true,
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
      schemesChecked: [],
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
      "the painters' scheme for an electrician",
      body({ schemes: ['tekniq', 'malermestre-garanti'] }),
      TRUST_MESSAGES.schemeNotForTrade('Danske Malermestres Garantiordning', 'elektriker'),
    ],
    [
      'a kloak authorisation for an electrician',
      body({ authorisation: { type: 'kloak', number: '12345' } }),
      TRUST_MESSAGES.authorisationNotForTrade('elektriker'),
    ],
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

  it('refuses an authorisation and every scheme but the building ones for a carpenter, in Danish (issue 48)', async () => {
    h = await createApiHarness({}, { dialect });
    const carpenter = await h.createOwner('99000808', 'Hansens Tømrerfirma ApS');
    const carpenterCookie = await h.signIn(carpenter.email);
    const offer = (await (await h.send('GET', '/api/trust', { cookie: carpenterCookie })).json()).offer;
    expect(offer.authorisationTypes).toEqual([]);
    expect(offer.schemes).toEqual([
      'byg-garanti',
      'dansk-haandvaerk-garanti',
      'dansk-byggeri',
      'dansk-haandvaerk',
    ]);

    const el = await h.send('PUT', '/api/trust', {
      cookie: carpenterCookie,
      body: body({ authorisation: { type: 'el', number: '12345' }, schemes: [] }),
    });
    expect(el.status).toBe(400);
    expect((await errorOf(el)).message).toBe(TRUST_MESSAGES.authorisationNotForTrade('tømrer'));
    const tekniq = await h.send('PUT', '/api/trust', {
      cookie: carpenterCookie,
      body: body({ authorisation: null, schemes: ['byg-garanti', 'tekniq-garanti'] }),
    });
    expect(tekniq.status).toBe(400);
    expect((await errorOf(tekniq)).message).toBe(
      TRUST_MESSAGES.schemeNotForTrade('TEKNIQs Garantiordning', 'tømrer'),
    );
    const stored = await getTrustSettings(h.db, '99000808');
    expect([stored.authorisation, stored.schemes]).toEqual([null, []]);
    expect(h.published).toEqual([]);

    // What the trade may claim is saved.
    const fine = await h.send('PUT', '/api/trust', {
      cookie: carpenterCookie,
      body: body({ authorisation: null, schemes: ['byg-garanti', 'dansk-byggeri'] }),
    });
    expect(fine.status, await fine.clone().text()).toBe(200);
  });

  it('lets the operator check a scheme and take back a check; a dropped scheme loses its check', async () => {
    await setUp();
    await h.send('PUT', '/api/trust', { cookie, body: body({ schemes: ['tekniq-garanti', 'tekniq'] }) });
    const operator = await h.createOwner('11223344', 'Drift ApS', 'drift@mesterside.dk');
    await markEmailVerified(h.db, (await findUserByEmail(h.db, operator.email))?.id ?? '', h.now());
    const operatorCookie = await h.signIn(operator.email);
    // Not an operator: the list does not exist.
    expect((await h.send('GET', '/api/operator/claims', { cookie })).status).toBe(404);
    const claims = async () =>
      (await h.send('GET', '/api/operator/claims', { cookie: operatorCookie })).json();
    expect((await claims()).schemesToCheck).toEqual([
      {
        cvr: '99000707',
        companyName: 'Eksempel El-Installation A/S',
        scheme: 'tekniq-garanti',
        name: 'TEKNIQs Garantiordning',
        url: 'https://www.tekniq.dk/',
        since: h.now().toISOString(),
      },
      expect.objectContaining({ cvr: '99000707', scheme: 'tekniq', name: 'TEKNIQ Arbejdsgiverne' }),
    ]);

    h.published.length = 0;
    const marked = await h.send('POST', '/api/operator/claims/schemes/99000707/tekniq/checked', {
      cookie: operatorCookie,
    });
    expect(marked.status, await marked.clone().text()).toBe(200);
    expect((await marked.json()).message).toBe(TRUST_MESSAGES.schemeChecked);
    expect(h.published.map((entry) => entry.cvr)).toEqual(['99000707']);
    expect((await getTrustSettings(h.db, '99000707')).schemesChecked).toEqual(['tekniq']);
    const after = await claims();
    expect(after.schemesToCheck.map((row: { scheme: string }) => row.scheme)).toEqual(['tekniq-garanti']);
    expect(after.checkedSchemes).toEqual([expect.objectContaining({ cvr: '99000707', scheme: 'tekniq' })]);
    // A scheme the company does not claim cannot be marked; an owner cannot mark their own.
    const unclaimed = await h.send('POST', '/api/operator/claims/schemes/99000707/dansk-byggeri/checked', {
      cookie: operatorCookie,
    });
    expect(unclaimed.status).toBe(409);
    expect((await errorOf(unclaimed)).message).toBe(TRUST_MESSAGES.schemeCheckStale);
    expect(
      (await h.send('POST', '/api/operator/claims/schemes/99000707/tekniq-garanti/checked', { cookie }))
        .status,
    ).toBe(404);

    // The owner saves again with the scheme kept: still checked. Dropped and ticked again: unchecked.
    await h.send('PUT', '/api/trust', { cookie, body: body({ schemes: ['tekniq', 'tekniq-garanti'] }) });
    expect((await getTrustSettings(h.db, '99000707')).schemesChecked).toEqual(['tekniq']);
    await h.send('PUT', '/api/trust', { cookie, body: body({ schemes: ['tekniq-garanti'] }) });
    await h.send('PUT', '/api/trust', { cookie, body: body({ schemes: ['tekniq-garanti', 'tekniq'] }) });
    expect((await getTrustSettings(h.db, '99000707')).schemesChecked).toEqual([]);
    expect((await claims()).checkedSchemes).toEqual([]);

    // Checked, then taken back.
    await h.send('POST', '/api/operator/claims/schemes/99000707/tekniq/checked', { cookie: operatorCookie });
    const back = await h.send('POST', '/api/operator/claims/schemes/99000707/tekniq/unchecked', {
      cookie: operatorCookie,
    });
    expect(back.status).toBe(200);
    expect((await getTrustSettings(h.db, '99000707')).schemesChecked).toEqual([]);
  });

  it("lets the operator take back an authorisation's check: the site says it is the company's word again", async () => {
    await setUp();
    await h.send('PUT', '/api/trust', { cookie, body: body() });
    const operator = await h.createOwner('11223344', 'Drift ApS', 'drift@mesterside.dk');
    await markEmailVerified(h.db, (await findUserByEmail(h.db, operator.email))?.id ?? '', h.now());
    const operatorCookie = await h.signIn(operator.email);
    const found = { type: 'el', number: '12345' };
    await h.send('POST', '/api/operator/authorisations/99000707/checked', {
      cookie: operatorCookie,
      body: found,
    });
    const claims = await (await h.send('GET', '/api/operator/claims', { cookie: operatorCookie })).json();
    expect(claims.checkedAuthorisations).toEqual([
      expect.objectContaining({
        cvr: '99000707',
        type: 'el',
        number: '12345',
        checkedAt: h.now().toISOString(),
      }),
    ]);
    h.published.length = 0;
    const back = await h.send('POST', '/api/operator/claims/authorisations/99000707/unchecked', {
      cookie: operatorCookie,
      body: found,
    });
    expect(back.status).toBe(200);
    expect((await back.json()).message).toBe(TRUST_MESSAGES.unchecked);
    expect(h.published.map((entry) => entry.cvr)).toEqual(['99000707']);
    expect((await getTrustSettings(h.db, '99000707')).authorisation?.checkedAt).toBeNull();
    // Back on the list to check; taking it back twice is a conflict.
    const list = await (
      await h.send('GET', '/api/operator/authorisations', { cookie: operatorCookie })
    ).json();
    expect(list.authorisations).toEqual([expect.objectContaining({ cvr: '99000707', number: '12345' })]);
    const again = await h.send('POST', '/api/operator/claims/authorisations/99000707/unchecked', {
      cookie: operatorCookie,
      body: found,
    });
    expect(again.status).toBe(409);
  });

  itRenders(
    "names the authorisation and the membership in the homepage's JSON-LD only once the operator checked them (issue 48)",
    async () => {
      await setUp();
      await h.send('PUT', '/api/trust', { cookie, body: body({ schemes: ['tekniq-garanti', 'tekniq'] }) });
      const jsonLd = async () => {
        const response = await h.send('POST', '/api/trust/preview', {
          cookie,
          body: body({ schemes: ['tekniq-garanti', 'tekniq'] }),
        });
        expect(response.status, await response.clone().text()).toBe(200);
        const { html } = (await response.json()) as { html: string };
        const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
        return { html, data: JSON.parse(match?.[1] ?? '{}') as Record<string, unknown> };
      };
      const before = await jsonLd();
      expect(before.data['@type']).toBeDefined();
      expect(before.data.hasCredential).toBeUndefined();
      expect(before.data.memberOf).toBeUndefined();
      expect(before.html).not.toContain('Sikkerhedsstyrelsen"');
      // The visible page still says whose word it is.
      expect(before.html).toMatch(/oplyst af firmaet/i);

      const operator = await h.createOwner('11223344', 'Drift ApS', 'drift@mesterside.dk');
      await markEmailVerified(h.db, (await findUserByEmail(h.db, operator.email))?.id ?? '', h.now());
      const operatorCookie = await h.signIn(operator.email);
      await h.send('POST', '/api/operator/authorisations/99000707/checked', {
        cookie: operatorCookie,
        body: { type: 'el', number: '12345' },
      });
      await h.send('POST', '/api/operator/claims/schemes/99000707/tekniq/checked', {
        cookie: operatorCookie,
      });
      const after = await jsonLd();
      expect(after.data.hasCredential).toMatchObject({
        identifier: '12345',
        recognizedBy: { '@type': 'GovernmentOrganization', name: 'Sikkerhedsstyrelsen' },
      });
      expect(after.data.memberOf).toEqual([
        { '@type': 'Organization', name: 'TEKNIQ Arbejdsgiverne', url: 'https://www.tekniq.dk/' },
      ]);

      // A changed number is the company's word again, in the JSON-LD too.
      await h.send('PUT', '/api/trust', {
        cookie,
        body: body({ authorisation: { type: 'el', number: '54321' }, schemes: ['tekniq-garanti', 'tekniq'] }),
      });
      const changed = await h.send('POST', '/api/trust/preview', {
        cookie,
        body: body({ authorisation: { type: 'el', number: '54321' }, schemes: ['tekniq-garanti', 'tekniq'] }),
      });
      const { html } = (await changed.json()) as { html: string };
      expect(html).not.toContain('"hasCredential"');
      expect(html).toContain('"memberOf"');
    },
  );
});
