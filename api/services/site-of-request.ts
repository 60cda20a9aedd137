// The company whose site a public request came from (the quote form, the review link): /api answers on
// every host, and on a company's subdomain or verified custom domain the CVR in the path must be that
// host's company; on the main host any company's path form (/<cvr>/…) is its own.
import type { Context } from 'hono';
import { type Company, findCompanyByCvr } from '../../db';
import { classifyHost } from '../../rules/request-target';
import type { AppEnv } from '../env';

export interface SiteOfRequest {
  company: Company;
  /** `/<cvr>` on the main host, '' on the company's own host: the site's paths start with it. */
  base: string;
}

/** The company whose site the request came from; null when the CVR is not this host's company. */
export async function siteOfRequest(c: Context<AppEnv>, cvr: string): Promise<SiteOfRequest | null> {
  const company = await findCompanyByCvr(c.get('db'), cvr);
  if (!company) return null;
  const mode = classifyHost(c.req.header('host') ?? '', c.get('config').publicHost);
  if (mode === null) return null;
  if (mode.mode === 'main') return { company, base: `/${cvr}` };
  if (mode.mode === 'subdomain') return mode.subdomain === company.subdomain ? { company, base: '' } : null;
  const verified = company.customDomainVerified && company.customDomain === mode.hostname;
  return verified ? { company, base: '' } : null;
}
