// /api/company over HTTP: reading the owner's company, and saving settings with every rule the shared
// schema applies; a save is published after it is written.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCompanyJson } from '../../api/responses';
import { type Company, findCompanyByCvr } from '../../db';
import { DEFAULT_HOURS } from '../../rules/hours';
import { MESSAGES } from '../../rules/messages';
import { COMPANY_MESSAGES, DOMAIN_MESSAGES } from '../../rules/settings-messages';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api-harness';

let h: ApiHarness;
let owner: Owner;
let cookie: string;

beforeEach(async () => {
  h = await createApiHarness();
  owner = await h.createOwner('12345678', 'Hansens Tømrer ApS');
  cookie = await h.signIn(owner.email);
});
afterEach(async () => {
  await h.close();
});

const save = (body: unknown) => h.send('PUT', '/api/company/settings', { cookie, body });

describe('GET /api/company', () => {
  it("answers the owner's company as stored, through the response mapper", async () => {
    const response = await h.send('GET', '/api/company', { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual(toCompanyJson(owner.company));
    expect(body).toMatchObject({
      name: owner.company.name,
      hours: owner.company.hours,
      cvr: owner.company.cvr,
    });
  });

  it('keeps what the server holds for itself out of the answer', async () => {
    const body = (await (await h.send('GET', '/api/company', { cookie })).json()) as Record<string, unknown>;
    // The owner's login, the generated text, the plan and the registry's extra fields are the
    // server's; a column added to the table does not reach the browser by itself.
    for (const key of [
      'companyEmail',
      'websiteContent',
      'existingWebsite',
      'plan',
      'status',
      'industryCode',
    ]) {
      expect(body).not.toHaveProperty(key);
    }
  });

  it('needs a signed-in owner', async () => {
    const response = await h.send('GET', '/api/company');
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({ code: 'unauthorized', message: MESSAGES.unauthorized });
  });

  it("answers 404 with the spec's message when the owner's company is gone", async () => {
    await h.db.updateTable('companies').set({ companyEmail: 'en-anden@firma.dk' }).execute();
    const response = await h.send('GET', '/api/company', { cookie });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toBe('Kunne ikke hente firma information');
  });
});

describe('PUT /api/company/settings', () => {
  it('saves every settings field, normalised, and publishes after the write', async () => {
    h.advance(60_000);
    const response = await save({
      phone: ' 12 34 56 78 ',
      email: 'kontakt@hansen.dk',
      address: 'Tømrervej 1',
      zipcode: '4600',
      city: 'Køge',
      hours: { Lørdag: '09:00 - 12:00', Søndag: '' },
      showHours: false,
      socialMedia: { facebook: 'facebook.com/hansen', instagram: 'http://instagram.com/hansen' },
      customDomain: 'https://www.Hansen-Tømrer.dk/',
      theme: 'teal',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Company;
    const stored = await findCompanyByCvr(h.db, owner.company.cvr);
    expect(body).toEqual(toCompanyJson(stored as Company));
    expect(stored).toMatchObject({
      phone: '12 34 56 78',
      email: 'kontakt@hansen.dk',
      address: 'Tømrervej 1',
      zipcode: '4600',
      city: 'Køge',
      hours: { ...DEFAULT_HOURS, Lørdag: '09:00 - 12:00', Søndag: '' },
      showHours: false,
      socialMedia: {
        facebook: 'https://facebook.com/hansen',
        instagram: 'https://instagram.com/hansen',
        linkedin: '',
        tiktok: '',
      },
      customDomain: new URL('https://www.hansen-tømrer.dk').hostname,
      theme: 'teal',
      updatedAt: h.now().toISOString(),
    });
    // requestPublish ran once, with the CVR, and saw the saved row.
    expect(h.published).toEqual([{ cvr: owner.company.cvr, updatedAt: h.now().toISOString() }]);
  });

  it('changes only what is sent; hours and social links merge by day and network', async () => {
    await save({ hours: { Mandag: '06:00 - 14:00' }, socialMedia: { tiktok: 'tiktok.com/@hansen' } });
    await save({ hours: { Tirsdag: 'Efter aftale' }, socialMedia: { facebook: 'fb.com/hansen' } });
    const stored = await findCompanyByCvr(h.db, owner.company.cvr);
    expect(stored?.hours).toEqual({ ...DEFAULT_HOURS, Mandag: '06:00 - 14:00', Tirsdag: 'Efter aftale' });
    expect(stored?.socialMedia).toEqual({
      facebook: 'https://fb.com/hansen',
      instagram: '',
      linkedin: '',
      tiktok: 'https://tiktok.com/@hansen',
    });
    expect(stored?.name).toBe('Hansens Tømrer ApS');
    expect(stored?.theme).toBe('amber');
  });

  it('takes Danish phone numbers as people write them and profiles on any of the network’s subdomains', async () => {
    for (const phone of ['70203040', '+45 70 20 30 40', '7020 3040', '']) {
      expect((await save({ phone })).status, phone).toBe(200);
    }
    const response = await save({
      zipcode: ' 8000 ',
      socialMedia: {
        facebook: 'https://m.facebook.com/hansen',
        instagram: 'www.instagram.com/hansen/',
        linkedin: 'dk.linkedin.com/company/hansen',
        tiktok: 'https://www.tiktok.com/@hansen',
      },
    });
    expect(response.status).toBe(200);
    const stored = await findCompanyByCvr(h.db, owner.company.cvr);
    expect(stored?.zipcode).toBe('8000');
    expect(stored?.socialMedia).toEqual({
      facebook: 'https://m.facebook.com/hansen',
      instagram: 'https://www.instagram.com/hansen/',
      linkedin: 'https://dk.linkedin.com/company/hansen',
      tiktok: 'https://www.tiktok.com/@hansen',
    });
  });

  it("clears the custom domain with '' or null, and clears a social link with ''", async () => {
    await save({ customDomain: 'hansen.dk', socialMedia: { facebook: 'fb.com/hansen' } });
    expect((await findCompanyByCvr(h.db, owner.company.cvr))?.customDomain).toBe('hansen.dk');
    await save({ customDomain: '', socialMedia: { facebook: '   ' } });
    const cleared = await findCompanyByCvr(h.db, owner.company.cvr);
    expect(cleared?.customDomain).toBeNull();
    expect(cleared?.socialMedia.facebook).toBe('');
    await save({ customDomain: 'hansen.dk' });
    await save({ customDomain: null });
    expect((await findCompanyByCvr(h.db, owner.company.cvr))?.customDomain).toBeNull();
  });

  it.each([
    [{ phone: 12345678 }, MESSAGES.invalidInput],
    [{ phone: '1'.repeat(31) }, 'Telefon må højst være 30 tegn'],
    [{ address: 'x'.repeat(201) }, 'Adresse må højst være 200 tegn'],
    [{ zipcode: '1'.repeat(11) }, 'Postnummer må højst være 10 tegn'],
    [{ city: 'x'.repeat(101) }, 'By må højst være 100 tegn'],
    [{ email: 'ikke-en-email' }, MESSAGES.invalidEmail],
    [{ hours: { Mandag: 'x'.repeat(41) } }, 'Åbningstider må højst være 40 tegn pr. dag'],
    [{ hours: { Monday: '08-16' } }, 'Åbningstider kan kun angives for ugens dage'],
    [{ hours: { Mandag: 8 } }, MESSAGES.invalidInput],
    [{ hours: 'hele ugen' }, MESSAGES.invalidInput],
    [{ showHours: 'ja' }, MESSAGES.invalidInput],
    [
      { socialMedia: { myspace: 'myspace.com/x' } },
      'Sociale medier kan kun være facebook, instagram, linkedin og tiktok',
    ],
    [{ socialMedia: { facebook: `fb.com/${'x'.repeat(300)}` } }, 'Links må højst være 300 tegn'],
    [{ customDomain: 'hansen' }, 'Indtast venligst en gyldig webadresse (f.eks. www.ditfirma.dk)'],
    [{ customDomain: 'ftp://hansen.dk' }, 'Indtast venligst en gyldig webadresse (f.eks. www.ditfirma.dk)'],
    [{ customDomain: '127.0.0.1' }, 'Indtast venligst en gyldig webadresse (f.eks. www.ditfirma.dk)'],
    [{ customDomain: 'andet.localhost' }, 'Indtast venligst en gyldig webadresse (f.eks. www.ditfirma.dk)'],
    [{ theme: 'hotpink' }, 'Vælg et af de viste farvetemaer'],
    // Issue 28: a Danish phone and postcode, and social links that are profiles on their own network.
    [{ phone: 'abc' }, COMPANY_MESSAGES.invalidPhone],
    [{ phone: '1234 567' }, COMPANY_MESSAGES.invalidPhone],
    [{ phone: '+46 70 20 30 40 5' }, COMPANY_MESSAGES.invalidPhone],
    [{ zipcode: '12' }, COMPANY_MESSAGES.invalidPostcode],
    [{ zipcode: 'abcd' }, COMPANY_MESSAGES.invalidPostcode],
    [{ socialMedia: { facebook: 'ikke et link' } }, COMPANY_MESSAGES.invalidSocialLink.facebook],
    [
      { socialMedia: { facebook: 'facebook.com/hansen\nfb.com/andet' } },
      COMPANY_MESSAGES.invalidSocialLink.facebook,
    ],
    [
      { socialMedia: { facebook: 'facebook.com.example.net/hansen' } },
      COMPANY_MESSAGES.invalidSocialLink.facebook,
    ],
    [
      { socialMedia: { facebook: 'example.net/facebook.com/hansen' } },
      COMPANY_MESSAGES.invalidSocialLink.facebook,
    ],
    [
      { socialMedia: { facebook: 'facebook.com@example.net/hansen' } },
      COMPANY_MESSAGES.invalidSocialLink.facebook,
    ],
    [{ socialMedia: { instagram: 'facebook.com/hansen' } }, COMPANY_MESSAGES.invalidSocialLink.instagram],
    [{ socialMedia: { linkedin: 'https://www.linkedin.com/' } }, COMPANY_MESSAGES.invalidSocialLink.linkedin],
    [{ socialMedia: { tiktok: 'tiktok.com:8443/@hansen' } }, COMPANY_MESSAGES.invalidSocialLink.tiktok],
    [[], MESSAGES.invalidInput],
    [null, MESSAGES.invalidInput],
  ])('refuses %j with 400: %s', async (body, message) => {
    const before = await findCompanyByCvr(h.db, owner.company.cvr);
    const response = await save(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'invalid_input', message });
    expect(await findCompanyByCvr(h.db, owner.company.cvr)).toEqual(before);
    expect(h.published).toEqual([]);
  });

  it("refuses the product's own host and its subdomains as a custom domain", async () => {
    const production = await createApiHarness({ PUBLIC_HOST: 'mesterside.dk', DNS_A_RECORD: '203.0.113.10' });
    try {
      const hansen = await production.createOwner('12345678', 'Hansens Tømrer ApS');
      const productCookie = await production.signIn(hansen.email);
      for (const customDomain of ['mesterside.dk', 'andet.mesterside.dk', 'https://WWW.mesterside.dk/']) {
        const response = await production.send('PUT', '/api/company/settings', {
          cookie: productCookie,
          body: { customDomain },
        });
        expect(response.status, customDomain).toBe(400);
      }
    } finally {
      await production.close();
    }
  });

  it('refuses a custom domain another company has proved with 409, changing nothing', async () => {
    const other = await h.createOwner('87654321', 'Andersens VVS', 'ejer@andersen.dk');
    // Verified: a pending claim is nobody's and blocks nothing (tests/api/domain.test.ts).
    await h.db
      .updateTable('companies')
      .set({ customDomain: 'andersen-vvs.dk', customDomainVerifiedAt: '2026-01-01T00:00:00.000Z' })
      .where('cvr', '=', other.company.cvr)
      .execute();
    const response = await save({ customDomain: 'https://andersen-vvs.dk', phone: '11223344' });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: 'conflict', message: DOMAIN_MESSAGES.domainTaken });
    expect((await findCompanyByCvr(h.db, owner.company.cvr))?.phone).toBe('');
    expect(h.published).toEqual([]);
  });

  it("answers an unexpected failure with 'Kunne ikke gemme ændringer' and logs its cause", async () => {
    await sql`create trigger fail_update before update on companies begin select raise(abort, 'disk on fire'); end`.execute(
      h.db,
    );
    const response = await save({ phone: '11223344' });
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toEqual({ code: 'internal', message: 'Kunne ikke gemme ændringer' });
    expect(JSON.stringify(h.logs)).toContain('disk on fire');
  });

  it('ignores a CVR in the body: the owner is the tenant', async () => {
    const other = await h.createOwner('87654321', 'Andersens VVS', 'ejer@andersen.dk');
    const response = await save({ cvr: other.company.cvr, id: other.company.cvr, phone: '99887766' });
    expect(response.status).toBe(200);
    expect((await findCompanyByCvr(h.db, owner.company.cvr))?.phone).toBe('99887766');
    expect(await findCompanyByCvr(h.db, other.company.cvr)).toEqual(other.company);
  });
});
