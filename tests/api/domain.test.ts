// The domain settings' DNS help and "check now", with Node's real resolver asking a DNS server on
// loopback.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyRoutes } from '../../api/routes/company';
import { createDomainRoutes } from '../../api/routes/domain';
import {
  configuredResolver,
  verificationName,
  verificationTxtFound,
  verificationValue,
} from '../../api/services/domain-dns';
import {
  DOMAIN_GRACE_MS,
  PENDING_DOMAIN_TTL_MS,
  recheckCustomDomains,
} from '../../api/services/domain-verification';
import {
  findCompanyByCustomDomain,
  findCompanyByCvr,
  insertCompany,
  setCustomDomainState,
  updateCompany,
} from '../../db';
import { createLogger } from '../../lib/logger';
import { DOMAIN_GUIDE_MESSAGES, DOMAIN_MESSAGES } from '../../rules/settings-messages';
import { canonicalOrigin } from '../../rules/site-url';
import { createCompanyLookup } from '../../server/company-lookup';
import { type FakeDns, startFakeDns } from '../support/fake-dns';
import { createOwnerHarness, type OwnerHarness } from '../support/owner-harness';

let dns: FakeDns;
let h: OwnerHarness;

async function harness(env: Record<string, string> = { DNS_A_RECORD: '203.0.113.10' }) {
  h = await createOwnerHarness(
    (owner) => {
      // The product's own resolver, pointed at the loopback server by DNS_SERVERS.
      owner.route('/company/domain', createDomainRoutes());
      owner.route('/company', createCompanyRoutes());
    },
    { env: { PUBLIC_HOST: 'mesterside.dk', DNS_SERVERS: dns.server, ...env } },
  );
}

const check = async () => {
  const response = await h.app.request('/api/company/domain/check', { method: 'POST' });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const saveDomain = async (customDomain: string) => {
  const response = await h.app.request('/api/company/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customDomain }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeEach(async () => {
  dns = await startFakeDns();
});
afterEach(async () => {
  await h?.close();
  await dns.close();
});

describe('custom domain DNS', () => {
  it('shows the current addresses and the records to create', async () => {
    await harness();
    await updateCompany(h.db, h.company.cvr, { customDomain: 'www.firma.dk' });
    const response = await h.app.request('/api/company/domain');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      pathUrl: 'https://mesterside.dk/12345678/',
      subdomainUrl: `https://${h.company.subdomain}.mesterside.dk/`,
      customDomain: 'www.firma.dk',
      status: 'pending',
      notice: DOMAIN_MESSAGES.pending,
      // Issue 49: what to type into the registrar's form, host parts relative to firma.dk.
      guide: {
        zone: 'firma.dk',
        records: [
          {
            host: '@',
            name: 'firma.dk',
            type: 'A',
            value: '203.0.113.10',
            purpose: 'Sender besøgende på firma.dk videre til www.firma.dk',
          },
          {
            host: 'www',
            name: 'www.firma.dk',
            type: 'A',
            value: '203.0.113.10',
            purpose: 'Viser din hjemmeside på www.firma.dk',
          },
          {
            host: '_mesterside.www',
            name: '_mesterside.www.firma.dk',
            type: 'TXT',
            value: verificationValue('12345678'),
            purpose: 'Bekræfter, at www.firma.dk er dit',
          },
        ],
        intro: DOMAIN_GUIDE_MESSAGES.intro,
        hostHelp: DOMAIN_GUIDE_MESSAGES.hostHelp('firma.dk'),
        bothNames: DOMAIN_GUIDE_MESSAGES.bothNames('www.firma.dk', 'firma.dk'),
        addressMissing: null,
      },
      note: 'Det kan tage op til 24 timer, før ændringer i DNS slår igennem.',
    });
    expect(DOMAIN_GUIDE_MESSAGES.hostHelp('firma.dk')).toContain('"@" betyder firma.dk selv');
  });

  it('gives no guide before a domain is entered, and the bare domain its own host parts', async () => {
    await harness();
    const none = (await (await h.app.request('/api/company/domain')).json()) as { guide: unknown };
    expect(none.guide).toBeNull();
    await updateCompany(h.db, h.company.cvr, { customDomain: 'frisoer-eksempel.dk' });
    const bare = (await (await h.app.request('/api/company/domain')).json()) as {
      guide: { records: { host: string; type: string; value: string }[] };
    };
    expect(bare.guide.records.map(({ host, type, value }) => [host, type, value])).toEqual([
      ['@', 'A', '203.0.113.10'],
      ['www', 'A', '203.0.113.10'],
      ['_mesterside', 'TXT', verificationValue('12345678')],
    ]);
  });

  it('gives each company its own verification value', () => {
    expect(verificationValue('12345678')).toMatch(/^mesterside-verify=[0-9a-f]{32}$/);
    expect(verificationValue('12345678')).not.toBe(verificationValue('87654321'));
  });

  it('reports a correctly set up domain', async () => {
    await harness();
    await updateCompany(h.db, h.company.cvr, { customDomain: 'www.firma.dk' });
    // Exactly what the guide says: A records for www and the bare domain, the TXT record of www.
    dns.records.set('www.firma.dk', { a: ['203.0.113.10'] });
    dns.records.set('firma.dk', { a: ['203.0.113.10'] });
    dns.records.set(verificationName('www.firma.dk'), { txt: [verificationValue('12345678')] });
    expect(await check()).toEqual({
      status: 200,
      body: {
        domain: 'www.firma.dk',
        a: ['203.0.113.10'],
        txt: [verificationValue('12345678')],
        aOk: true,
        txtOk: true,
        twin: 'firma.dk',
        twinA: ['203.0.113.10'],
        twinOk: true,
        status: 'verified',
        notice: DOMAIN_MESSAGES.verified,
        message: 'Dit domæne er sat rigtigt op.',
      },
    });
  });

  it('says what DNS answers when the records are wrong or missing', async () => {
    await harness();
    await updateCompany(h.db, h.company.cvr, { customDomain: 'firma.dk' });
    dns.records.set('firma.dk', { a: ['198.51.100.7'] });
    dns.records.set(verificationName('firma.dk'), { txt: ['noget andet'] });
    const wrong = await check();
    expect(wrong.body).toMatchObject({ a: ['198.51.100.7'], txt: ['noget andet'], aOk: false, txtOk: false });
    expect(wrong.body.message).toBe(
      'A-posten peger på 198.51.100.7, men skal pege på 203.0.113.10. ' +
        'Der er ingen A-post for www.firma.dk endnu. ' +
        'TXT-posten til bekræftelse mangler eller har en forkert værdi. ' +
        'Det kan tage op til 24 timer, før ændringer i DNS slår igennem.',
    );

    dns.records.clear();
    const missing = await check();
    expect(missing.body).toMatchObject({ a: [], txt: [], aOk: false, txtOk: false });
    expect(missing.body.message).toContain('Der er ingen A-post for domænet endnu.');
  });

  it('asks the owner to set a custom domain first, and copes without a configured address', async () => {
    // Only a product on localhost may run without DNS_A_RECORD (lib/config.ts).
    await harness({ PUBLIC_HOST: 'localhost:3000' });
    const none = await check();
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      error: { code: 'invalid_input', message: 'Angiv først dit eget domæne under Domæne, og gem.' },
    });

    await updateCompany(h.db, h.company.cvr, { customDomain: 'firma.dk' });
    dns.records.set(verificationName('firma.dk'), { txt: [verificationValue('12345678')] });
    const unconfigured = await check();
    expect(unconfigured.body).toMatchObject({ aOk: false, twinOk: false, txtOk: true });
    expect(unconfigured.body.message).toContain(DOMAIN_MESSAGES.aUnknown);
    expect(unconfigured.body.message).not.toContain('Kontakt os');
    // The guide explains in Danish instead of showing an address that does not exist.
    const guide = (
      (await (await h.app.request('/api/company/domain')).json()) as {
        guide: { records: { type: string; value: string | null }[]; addressMissing: string };
      }
    ).guide;
    expect(guide.records.filter((record) => record.type === 'A').map((record) => record.value)).toEqual([
      null,
      null,
    ]);
    expect(guide.addressMissing).toBe(DOMAIN_MESSAGES.aUnknown);
    expect(guide.addressMissing).toMatch(/localhost/);
  });

  it('says so when DNS cannot be asked', async () => {
    // Nothing answers on this port: the resolver gives up after its timeout and retry.
    await harness({ DNS_A_RECORD: '203.0.113.10', DNS_SERVERS: '127.0.0.1:9' });
    await updateCompany(h.db, h.company.cvr, { customDomain: 'firma.dk' });
    expect(await check()).toEqual({
      status: 503,
      body: { error: { code: 'unavailable', message: 'DNS kunne ikke spørges lige nu. Prøv igen om lidt.' } },
    });
  }, 20_000);

  it('keeps an entered domain pending until its TXT record is found, then serves it and republishes', async () => {
    await harness();
    const start = new Date('2026-03-02T10:00:00.000Z');
    h.setNow(start);
    await updateCompany(h.db, h.company.cvr, { customDomain: 'www.firma.dk' });
    const lookup = createCompanyLookup(h.db, { positiveTtlMs: 0, negativeTtlMs: 0 });

    // Pending: nobody is served on the domain, and the canonical address stays on the subdomain.
    expect(await lookup.resolve('custom-domain', 'www.firma.dk')).toBeNull();
    const pending = await findCompanyByCvr(h.db, h.company.cvr);
    expect(pending?.customDomainVerified).toBe(false);
    expect(canonicalOrigin(pending as NonNullable<typeof pending>, 'mesterside.dk')).toBe(
      `https://${h.company.subdomain}.mesterside.dk`,
    );
    const unproven = await check();
    expect(unproven.body).toMatchObject({ txtOk: false, status: 'pending', notice: DOMAIN_MESSAGES.pending });
    expect(h.published).toEqual([]);

    dns.records.set(verificationName('www.firma.dk'), { txt: [verificationValue('12345678')] });
    const proven = await check();
    expect(proven.body).toMatchObject({ txtOk: true, status: 'verified', notice: DOMAIN_MESSAGES.verified });
    expect(h.published).toEqual(['12345678']);
    expect(await lookup.resolve('custom-domain', 'www.firma.dk')).toBe('12345678');
    const verified = await findCompanyByCvr(h.db, h.company.cvr);
    expect(canonicalOrigin(verified as NonNullable<typeof verified>, 'mesterside.dk')).toBe(
      'https://www.firma.dk',
    );

    // Another domain must prove itself again.
    await updateCompany(h.db, h.company.cvr, { customDomain: 'firma.dk' });
    expect(await findCompanyByCustomDomain(h.db, 'firma.dk')).toBeUndefined();
  });

  it('takes a verified domain back to pending when its record has been missing for days, with a notice', async () => {
    await harness();
    const start = new Date('2026-03-02T10:00:00.000Z');
    h.setNow(start);
    await updateCompany(h.db, h.company.cvr, { customDomain: 'www.firma.dk' });
    dns.records.set(verificationName('www.firma.dk'), { txt: [verificationValue('12345678')] });
    expect((await check()).body).toMatchObject({ status: 'verified' });

    dns.records.delete(verificationName('www.firma.dk'));
    expect((await check()).body).toMatchObject({ status: 'verified', notice: DOMAIN_MESSAGES.missingNow });
    h.setNow(new Date(start.getTime() + DOMAIN_GRACE_MS - 1000));
    expect((await check()).body).toMatchObject({ status: 'verified' });
    h.setNow(new Date(start.getTime() + DOMAIN_GRACE_MS));
    const lapsed = await check();
    expect(lapsed.body).toMatchObject({
      status: 'pending',
      notice: DOMAIN_MESSAGES.lapsed(start.toISOString()),
    });
    expect(String(lapsed.body.notice)).toContain('2.3.2026');
    expect(await findCompanyByCustomDomain(h.db, 'www.firma.dk')).toBeUndefined();
    expect(h.published).toEqual(['12345678', '12345678']);

    // The record is back: verified again.
    dns.records.set(verificationName('www.firma.dk'), { txt: [verificationValue('12345678')] });
    expect((await check()).body).toMatchObject({ status: 'verified', notice: DOMAIN_MESSAGES.verified });
  });

  it('re-checks every custom domain periodically with the configured resolver', async () => {
    await harness();
    await updateCompany(h.db, h.company.cvr, { customDomain: 'www.firma.dk' });
    dns.records.set(verificationName('www.firma.dk'), { txt: [verificationValue('12345678')] });
    const published: string[] = [];
    const deps = {
      db: h.db,
      logger: createLogger(h.config),
      now: () => new Date(),
      enqueuePublish: async (cvr: string) => {
        published.push(cvr);
      },
    };
    const resolver = configuredResolver(h.config);
    await recheckCustomDomains(deps, (company) => verificationTxtFound(resolver, company));
    expect((await findCompanyByCvr(h.db, h.company.cvr))?.customDomainVerified).toBe(true);
    expect(published).toEqual(['12345678']);
    // Unchanged on the next round: nothing to republish.
    await recheckCustomDomains(deps, (company) => verificationTxtFound(resolver, company));
    expect(published).toEqual(['12345678']);
  });

  it('lets the owner who proves a domain take it from a pending claim, and keeps the twin theirs', async () => {
    await harness();
    // Someone else typed firma.dk first and never proved it.
    await insertCompany(h.db, { cvr: '87654321', name: 'Snyder ApS', customDomain: 'firma.dk' });
    const saved = await saveDomain('firma.dk');
    expect(saved.status).toBe(200);
    dns.records.set(verificationName('firma.dk'), { txt: [verificationValue('12345678')] });
    expect((await check()).body).toMatchObject({ status: 'verified' });
    expect((await findCompanyByCustomDomain(h.db, 'firma.dk'))?.cvr).toBe('12345678');
    // The pending claimant's record check names the owner's CVR, not theirs: it stays pending.
    expect((await findCompanyByCvr(h.db, '87654321'))?.customDomainVerified).toBe(false);
  });

  it("refuses a claim on another company's verified domain or its www twin", async () => {
    await harness();
    await insertCompany(h.db, { cvr: '87654321', name: 'Ejer ApS', customDomain: 'firma.dk' });
    await setCustomDomainState(h.db, '87654321', 'firma.dk', {
      verifiedAt: new Date().toISOString(),
      missingSince: null,
    });
    for (const domain of ['firma.dk', 'www.firma.dk']) {
      expect(await saveDomain(domain), domain).toMatchObject({
        status: 409,
        body: { error: { code: 'conflict', message: DOMAIN_MESSAGES.domainTaken } },
      });
    }
    expect((await findCompanyByCvr(h.db, h.company.cvr))?.customDomain).toBeNull();
    expect((await saveDomain('andet-firma.dk')).status).toBe(200);
  });

  it('keeps a verified domain verified when the settings are saved with it again', async () => {
    await harness();
    await updateCompany(h.db, h.company.cvr, { customDomain: 'www.firma.dk' });
    dns.records.set(verificationName('www.firma.dk'), { txt: [verificationValue('12345678')] });
    expect((await check()).body).toMatchObject({ status: 'verified' });
    const published = h.published.length;

    const saved = await saveDomain('www.firma.dk');
    expect(saved.status).toBe(200);
    expect((await findCompanyByCustomDomain(h.db, 'www.firma.dk'))?.cvr).toBe('12345678');
    const domain = await (await h.app.request('/api/company/domain')).json();
    expect(domain).toMatchObject({ status: 'verified' });
    expect(h.published.length).toBe(published + 1);
  });

  it('drops a claim that was never proved after thirty days', async () => {
    await harness();
    const start = new Date('2026-03-02T10:00:00.000Z');
    h.setNow(start);
    await saveDomain('firma.dk');
    const deps = (now: Date) => ({
      db: h.db,
      logger: createLogger(h.config),
      now: () => now,
      enqueuePublish: async () => {},
    });
    const resolver = configuredResolver(h.config);
    const txt = (company: Parameters<typeof verificationTxtFound>[1]) =>
      verificationTxtFound(resolver, company);
    await recheckCustomDomains(deps(new Date(start.getTime() + PENDING_DOMAIN_TTL_MS - 60_000)), txt);
    expect((await findCompanyByCvr(h.db, h.company.cvr))?.customDomain).toBe('firma.dk');
    await recheckCustomDomains(deps(new Date(start.getTime() + PENDING_DOMAIN_TTL_MS + 60_000)), txt);
    expect((await findCompanyByCvr(h.db, h.company.cvr))?.customDomain).toBeNull();
  });
});
