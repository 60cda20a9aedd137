// /api/company/domain — what the owner's custom domain needs in DNS (an A record to the address
// from configuration, a TXT record proving control, the spec's Limits), what DNS actually answers now, and
// whether the domain is verified (services/domain-verification.ts): the check records the answer.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { domainCheckSchema, domainSchema } from '../../contracts/company';
import type { Company } from '../../db';
import type { Config } from '../../lib/config';
import { AppError } from '../../lib/errors';
import { domainTwin } from '../../rules/domain';
import { dnsGuide } from '../../rules/domain-guide';
import { DOMAIN_GUIDE_MESSAGES, DOMAIN_MESSAGES } from '../../rules/settings-messages';
import { pathSiteUrl, subdomainOrigin } from '../../rules/site-url';
import type { OwnerEnv } from '../env';
import { answer, refusals, routeGroup } from '../openapi';
import {
  answers,
  configuredResolver,
  type DnsLookup,
  verificationName,
  verificationValue,
} from '../services/domain-dns';
import { applyDomainCheck, domainStatus } from '../services/domain-verification';

/** The Danish notice for the domain tab: where the domain stands and why. */
function domainNotice(company: Company): string | null {
  const status = domainStatus(company);
  if (status === 'none') return null;
  if (status === 'verified') {
    return company.customDomainMissingSince ? DOMAIN_MESSAGES.missingNow : DOMAIN_MESSAGES.verified;
  }
  return company.customDomainMissingSince
    ? DOMAIN_MESSAGES.lapsed(company.customDomainMissingSince)
    : DOMAIN_MESSAGES.pending;
}

/** The guide's records and texts for `domain` (rules/domain-guide.ts). */
function guideFor(domain: string, address: string | null, cvr: string) {
  const { zone, records } = dnsGuide(domain, address, {
    name: verificationName(domain),
    value: verificationValue(cvr),
  });
  return {
    zone,
    records,
    intro: DOMAIN_GUIDE_MESSAGES.intro,
    hostHelp: DOMAIN_GUIDE_MESSAGES.hostHelp(zone),
    bothNames: DOMAIN_GUIDE_MESSAGES.bothNames(domain, domainTwin(domain)),
    addressMissing: address === null ? DOMAIN_MESSAGES.aUnknown : null,
  };
}

export function createDomainRoutes(
  resolver: (config: Config) => DnsLookup = configuredResolver,
): OpenAPIHono<OwnerEnv> {
  const domain = routeGroup<OwnerEnv>();

  const read = createRoute({
    method: 'get',
    path: '/',
    tags: ['company'],
    summary: "The site's addresses and the records a custom domain needs, as a registrar's form wants them",
    responses: { 200: answer(domainSchema, 'Addresses, records and where the domain stands') },
  });
  domain.openapi(read, (c) => {
    const { company } = c.var;
    const { publicHost, dnsARecord } = c.get('config');
    const custom = company.customDomain;
    return c.json(
      {
        pathUrl: pathSiteUrl(company.cvr, publicHost),
        subdomainUrl: `${subdomainOrigin(company.subdomain, publicHost)}/`,
        customDomain: custom,
        status: domainStatus(company),
        notice: domainNotice(company),
        guide: custom ? guideFor(custom, dnsARecord, company.cvr) : null,
        note: DOMAIN_MESSAGES.propagation,
      },
      200,
    );
  });

  const check = createRoute({
    method: 'post',
    path: '/check',
    tags: ['company'],
    summary: 'Ask DNS now whether the custom domain points here and carries the verification TXT record',
    responses: {
      200: answer(domainCheckSchema, "DNS's answers and the Danish verdict"),
      ...refusals('invalid_input', 'unavailable'),
    },
  });
  domain.openapi(check, async (c) => {
    const { company } = c.var;
    const custom = company.customDomain;
    if (!custom) throw new AppError('invalid_input', DOMAIN_MESSAGES.noCustomDomain);
    const lookup = resolver(c.get('config'));
    const wantedA = c.get('config').dnsARecord;
    const wantedTxt = verificationValue(company.cvr);
    const twin = domainTwin(custom);
    let a: string[];
    let twinA: string[];
    let txt: string[];
    try {
      // resolve4 follows a CNAME, so an alias that ends at the address counts as well.
      [a, twinA, txt] = await Promise.all([
        answers(() => lookup.resolve4(custom)),
        answers(() => lookup.resolve4(twin)),
        answers(() => lookup.resolveTxt(verificationName(custom))).then((records) =>
          records.map((parts) => parts.join('')),
        ),
      ]);
    } catch (error) {
      c.get('logger').warn({ err: error, domain: custom }, 'DNS check failed');
      throw new AppError('unavailable', DOMAIN_MESSAGES.dnsUnavailable, { cause: error });
    }
    const aOk = wantedA !== null && a.includes(wantedA);
    const twinOk = wantedA !== null && twinA.includes(wantedA);
    const txtOk = txt.includes(wantedTxt);
    // Verification is the TXT record's alone (issue 13); the A records only decide whether visitors
    // reach the site, so they are reported, not required.
    const now = await applyDomainCheck(c.var, company, txtOk);
    const problems: string[] = [];
    if (wantedA === null) problems.push(DOMAIN_MESSAGES.aUnknown);
    else {
      if (a.length === 0) problems.push(DOMAIN_MESSAGES.aMissing);
      else if (!aOk) problems.push(DOMAIN_MESSAGES.aWrong(a, wantedA));
      if (twinA.length === 0) problems.push(DOMAIN_MESSAGES.twinMissing(twin));
      else if (!twinOk) problems.push(DOMAIN_MESSAGES.twinWrong(twin, twinA, wantedA));
    }
    if (!txtOk) problems.push(DOMAIN_MESSAGES.txtMissing);
    return c.json(
      {
        domain: custom,
        a,
        txt,
        aOk,
        txtOk,
        twin,
        twinA,
        twinOk,
        status: domainStatus(now),
        notice: domainNotice(now),
        message:
          problems.length === 0
            ? DOMAIN_MESSAGES.allGood
            : `${problems.join(' ')} ${DOMAIN_MESSAGES.propagation}`,
      },
      200,
    );
  });

  return domain;
}
