// /api/company — the signed-in owner's company and its settings (SPEC §2 Settings, §7 settings save).
// The company is c.var.company, resolved by requireOwner; nothing here reads a CVR from the client.
import { Hono } from 'hono';
import { type CompanyPatch, updateCompany } from '../../db';
import { AppError } from '../../lib/errors';
import { normalizeHost } from '../../rules/domain';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { requireJson } from '../middleware/origin-check';
import { COMPANY_MESSAGES, type Settings, settingsSchema } from '../schemas/company';
import { jsonBody } from '../schemas/json-body';
import { commitChange } from '../services/commit-change';

export const company = new Hono<OwnerEnv>();

// GET /api/company – the owner's company
company.get('/', (c) => c.json(c.var.company));

// PUT /api/company/settings – save contact details, hours, social links, theme and custom domain
company.put('/settings', requireJson, jsonBody(settingsSchema), async (c) => {
  const current = c.var.company;
  const patch = settingsPatch(c.req.valid('json'), current);
  if (patch.customDomain && isProductHost(patch.customDomain, c.var.config.publicHost)) {
    throw new AppError('invalid_input', COMPANY_MESSAGES.invalidDomain);
  }
  const saved = await orFail(c, MESSAGES.saveFailed, () =>
    commitChange(c.var, current.cvr, (trx) => updateCompany(trx, current.cvr, patch, c.var.now())),
  );
  return c.json(saved);
});

/** Hours and social links may be sent in part; the days and networks not sent keep their values. */
function settingsPatch(input: Settings, current: OwnerEnv['Variables']['company']): CompanyPatch {
  const { hours, socialMedia, ...plain } = input;
  const patch: CompanyPatch = { ...plain };
  if (hours) patch.hours = { ...current.hours, ...hours };
  if (socialMedia) patch.socialMedia = { ...current.socialMedia, ...socialMedia };
  return patch;
}

/** The product's own host and its subdomains belong to the product, not to one company's domain. */
function isProductHost(hostname: string, publicHost: string): boolean {
  const product = normalizeHost(publicHost);
  return hostname === product || hostname.endsWith(`.${product}`);
}
