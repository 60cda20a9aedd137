import { expect, it } from 'vitest';
import { DEFAULT_HOURS } from '../../rules/hours';
import { TRIAL_MS } from '../../rules/trial';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import {
  countCompanies,
  deleteCompany,
  expirePendingDomainClaims,
  findCompanyByCustomDomain,
  findCompanyByCvr,
  findCompanyByOwnerEmail,
  findCompanyBySubdomain,
  insertCompany,
  listCompanies,
  setCustomDomainState,
  updateCompany,
  verifiedDomainHolder,
} from './companies';
import { readCounter } from './counters';
import { insertPage, listPages } from './pages';

const NOW = new Date('2026-01-15T10:00:00.000Z');

describeEachDialect('companies repository', (use) => {
  it('creates a company with the spec defaults', async () => {
    const { db } = use();
    const company = acceptedValue(
      await insertCompany(db, { cvr: '12345678', name: 'Tømrerfirmaet Ølstykke ApS' }, NOW),
    );

    expect(company).toMatchObject({
      id: '12345678',
      cvr: '12345678',
      status: 'active',
      theme: 'amber',
      hours: DEFAULT_HOURS,
      showHours: true,
      subdomain: 'toemrerfirmaetoelstykkeaps',
      customDomain: null,
      plan: { type: 'Free', status: 'active', trialStartDate: NOW.toISOString() },
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect(Date.parse(company.plan.trialEndDate) - Date.parse(company.plan.trialStartDate)).toBe(TRIAL_MS);
    expect(await findCompanyByCvr(db, '12345678')).toEqual(company);
    expect(await countCompanies(db)).toBe(1);
  });

  it('keeps the registry industry code beside the description, empty when unknown', async () => {
    const { db } = use();
    const coded = acceptedValue(
      await insertCompany(
        db,
        {
          cvr: '12345678',
          name: 'Tømrer A',
          industryDesc: 'Tømrer- og bygningssnedkervirksomhed',
          industryCode: '433200',
        },
        NOW,
      ),
    );
    expect((await findCompanyByCvr(db, coded.cvr))?.industryCode).toBe('433200');
    const uncoded = acceptedValue(await insertCompany(db, { cvr: '87654321', name: 'Tømrer B' }, NOW));
    expect((await findCompanyByCvr(db, uncoded.cvr))?.industryCode).toBe('');
  });

  it('refuses a CVR that is already registered, with the spec message', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '12345678', name: 'Første' }));
    expect(await insertCompany(db, { cvr: '12345678', name: 'Anden' })).toEqual({
      ok: false,
      reason: 'cvr-taken',
    });
  });

  it('gives a company with a taken name the next free numbered subdomain', async () => {
    const { db } = use();
    const names = ['Malerfirma Hansen', 'Malerfirma Hansen', 'Malerfirma-Hansen'];
    const subdomains = [];
    for (const [index, name] of names.entries()) {
      subdomains.push(acceptedValue(await insertCompany(db, { cvr: `1000000${index}`, name })).subdomain);
    }
    expect(subdomains).toEqual(['malerfirmahansen', 'malerfirmahansen2', 'malerfirmahansen3']);
    expect((await findCompanyBySubdomain(db, 'MalerfirmaHansen2'))?.cvr).toBe('10000001');
  });

  it('links one company to an owner e-mail regardless of case', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'A', companyEmail: 'Ejer@Firma.DK' }));
    expect((await findCompanyByOwnerEmail(db, ' ejer@firma.dk '))?.cvr).toBe('11111111');
    expect(await insertCompany(db, { cvr: '22222222', name: 'B', companyEmail: 'EJER@firma.dk' })).toEqual({
      ok: false,
      reason: 'email-taken',
    });
  });

  it('merges an update, keeps nested shapes and stamps updatedAt', async () => {
    const { db } = use();
    acceptedValue(
      await insertCompany(db, { cvr: '12345678', name: 'VVS Jensen', phone: '11 22 33 44' }, NOW),
    );
    const later = new Date('2026-02-01T08:00:00.000Z');
    const hours = { ...DEFAULT_HOURS, Lørdag: '09:00 - 12:00' };
    const socialMedia = {
      facebook: 'https://facebook.com/vvsjensen',
      instagram: '',
      linkedin: '',
      tiktok: '',
    };
    const updated = acceptedValue(
      await updateCompany(
        db,
        '12345678',
        {
          city: 'Køge',
          hours,
          showHours: false,
          socialMedia,
          theme: 'teal',
          customDomain: 'www.vvsjensen.dk',
        },
        later,
      ),
    );
    expect(updated).toMatchObject({ name: 'VVS Jensen', phone: '11 22 33 44', city: 'Køge', theme: 'teal' });
    expect(updated.hours).toEqual(hours);
    expect(updated.showHours).toBe(false);
    expect(updated.socialMedia).toEqual(socialMedia);
    expect(updated.createdAt).toBe(NOW.toISOString());
    expect(updated.updatedAt).toBe(later.toISOString());
    expect(await findCompanyByCvr(db, '12345678')).toEqual(updated);
    // A custom domain is found for serving only once its TXT record was seen (verified).
    expect(await findCompanyByCustomDomain(db, 'www.vvsjensen.dk')).toBeUndefined();
    await setCustomDomainState(db, '12345678', 'www.vvsjensen.dk', {
      verifiedAt: later.toISOString(),
      missingSince: null,
    });
    expect((await findCompanyByCustomDomain(db, 'WWW.vvsjensen.dk'))?.cvr).toBe('12345678');
  });

  it('refuses an update of an unknown CVR', async () => {
    const { db } = use();
    expect(await updateCompany(db, '99999999', { city: 'Odense' })).toEqual({
      ok: false,
      reason: 'company-not-found',
    });
  });

  it('lets pending claims share a domain, and only one company hold it verified', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'A', customDomain: 'firma.dk' }));
    acceptedValue(await insertCompany(db, { cvr: '22222222', name: 'B' }));
    // A pending claim proves nothing, so it blocks nobody: not a new company, not a settings save.
    acceptedValue(await insertCompany(db, { cvr: '33333333', name: 'C', customDomain: 'firma.dk' }));
    acceptedValue(await updateCompany(db, '22222222', { customDomain: 'firma.dk' }));
    const stamp = NOW.toISOString();
    await setCustomDomainState(db, '22222222', 'firma.dk', { verifiedAt: stamp, missingSince: null });
    expect(await verifiedDomainHolder(db, 'firma.dk', '11111111')).toBe('22222222');
    expect(await verifiedDomainHolder(db, 'www.firma.dk', '11111111')).toBe('22222222');
    expect(await verifiedDomainHolder(db, 'firma.dk', '22222222')).toBeUndefined();
    // The unique index on verified domains stops a second verification.
    expect(
      await setCustomDomainState(db, '11111111', 'firma.dk', { verifiedAt: stamp, missingSince: null }),
    ).toEqual({
      ok: false,
      reason: 'domain-taken',
    });
    expect((await findCompanyByCustomDomain(db, 'firma.dk'))?.cvr).toBe('22222222');
  });

  it('keeps a verified domain verified when the same domain is saved again, and not another', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'A', customDomain: 'firma.dk' }));
    await setCustomDomainState(db, '11111111', 'firma.dk', {
      verifiedAt: NOW.toISOString(),
      missingSince: null,
    });
    acceptedValue(await updateCompany(db, '11111111', { customDomain: 'firma.dk', phone: '12345678' }));
    expect((await findCompanyByCvr(db, '11111111'))?.customDomainVerified).toBe(true);
    acceptedValue(await updateCompany(db, '11111111', { customDomain: 'andet.dk' }));
    expect((await findCompanyByCvr(db, '11111111'))?.customDomainVerified).toBe(false);
    acceptedValue(await updateCompany(db, '11111111', { customDomain: null }));
    expect((await findCompanyByCvr(db, '11111111'))?.customDomain).toBeNull();
  });

  it('expires claims that were never proved, and keeps verified ones', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'A', customDomain: 'gammel.dk' }, NOW));
    acceptedValue(await insertCompany(db, { cvr: '22222222', name: 'B', customDomain: 'bevist.dk' }, NOW));
    await setCustomDomainState(db, '22222222', 'bevist.dk', {
      verifiedAt: NOW.toISOString(),
      missingSince: null,
    });
    const later = new Date(NOW.getTime() + 60_000);
    expect(await expirePendingDomainClaims(db, NOW, later)).toEqual([]);
    expect(await expirePendingDomainClaims(db, later, later)).toEqual(['11111111']);
    expect((await findCompanyByCvr(db, '11111111'))?.customDomain).toBeNull();
    expect((await findCompanyByCvr(db, '22222222'))?.customDomain).toBe('bevist.dk');
  });

  it('lists companies oldest first and deletes a company with its pages', async () => {
    const { db } = use();
    acceptedValue(
      await insertCompany(db, { cvr: '22222222', name: 'Yngre' }, new Date('2026-03-01T00:00:00Z')),
    );
    acceptedValue(
      await insertCompany(db, { cvr: '11111111', name: 'Ældre' }, new Date('2026-01-01T00:00:00Z')),
    );
    await insertPage(db, '22222222', { pageName: 'Ydelser' });
    expect((await listCompanies(db)).map((company) => company.name)).toEqual(['Ældre', 'Yngre']);

    expect(await deleteCompany(db, '22222222')).toBe(true);
    expect(await deleteCompany(db, '22222222')).toBe(false);
    expect(await listPages(db, '22222222')).toEqual([]);
    expect(await countCompanies(db)).toBe(1);
  });

  it('keeps the companies counter in step with every insert and delete', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '11111111', name: 'Første' }));
    acceptedValue(await insertCompany(db, { cvr: '22222222', name: 'Anden' }));
    expect(await insertCompany(db, { cvr: '22222222', name: 'Dublet' })).toMatchObject({ ok: false });
    expect(await readCounter(db, 'companies')).toBe(2);
    await deleteCompany(db, '11111111');
    await deleteCompany(db, '11111111');
    expect(await readCounter(db, 'companies')).toBe(1);
    expect(await readCounter(db, 'companies')).toBe(await countCompanies(db));
  });
});
