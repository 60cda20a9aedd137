// /api/company — the signed-in owner's company and its settings (the spec's Screens Settings, Calls settings save).
// The company is c.get('company'), resolved by requireOwner; nothing here reads a CVR from the client.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { COMPANY_MESSAGES, companySchema, settingsSchema } from '../../contracts/company';
import { updateCompany, verifiedDomainHolder } from '../../db';
import { AppError } from '../../lib/errors';
import { normalizeHost } from '../../rules/domain';
import { MESSAGES } from '../../rules/messages';
import { DOMAIN_MESSAGES } from '../../rules/settings-messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { valueOrRefuse } from '../refusals';
import { toCompanyJson } from '../responses';
import { commitChange } from '../services/commit-change';
import { settingsPatch } from '../services/settings-patch';

const read = createRoute({
  method: 'get',
  path: '/',
  tags: ['company'],
  summary: "The owner's company",
  responses: { 200: answer(companySchema, 'The company') },
});

const saveSettings = createRoute({
  method: 'put',
  path: '/settings',
  tags: ['company'],
  summary: 'Save contact details, opening hours, social links, theme and custom domain; publishes',
  middleware: JSON_BODY,
  request: jsonBody(settingsSchema),
  responses: {
    200: answer(companySchema, 'The company as saved'),
    ...refusals('invalid_input', 'conflict', 'rate_limited', 'internal'),
  },
});

export function createCompanyRoutes(): OpenAPIHono<OwnerEnv> {
  const company = routeGroup<OwnerEnv>();

  company.openapi(read, (c) => c.json(toCompanyJson(c.get('company')), 200));
  company.openapi(saveSettings, async (c) => {
    const current = c.get('company');
    const patch = settingsPatch(c.req.valid('json'), current);
    if (patch.customDomain && isProductHost(patch.customDomain, c.get('config').publicHost)) {
      throw new AppError('invalid_input', COMPANY_MESSAGES.invalidDomain);
    }
    // A domain (or its www twin) that another company has proved is theirs; a pending claim is nobody's.
    if (patch.customDomain && (await verifiedDomainHolder(c.get('db'), patch.customDomain, current.cvr))) {
      throw new AppError('conflict', DOMAIN_MESSAGES.domainTaken);
    }
    const saved = await orFail(c, MESSAGES.saveFailed, () =>
      commitChange(c.var, current.cvr, async (trx) =>
        valueOrRefuse(await updateCompany(trx, current.cvr, patch, c.get('now')()), {
          'company-not-found': ['not_found', MESSAGES.companyNotFound],
          'domain-taken': ['conflict', DOMAIN_MESSAGES.domainTaken],
        }),
      ),
    );
    return c.json(toCompanyJson(saved), 200);
  });

  return company;
}

/** The product's own host and its subdomains belong to the product, not to one company's domain. */
function isProductHost(hostname: string, publicHost: string): boolean {
  const product = normalizeHost(publicHost);
  return hostname === product || hostname.endsWith(`.${product}`);
}
