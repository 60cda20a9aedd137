// A custom domain is the company's only once its TXT record (`_mesterside.<domain>` = the value
// the domain tab shows) has been found: until then it serves nothing, gets no certificate and is no
// canonical address (issue 13). The check runs when the owner presses "Tjek nu" and periodically;
// a verified domain whose record has been missing for DOMAIN_GRACE_MS goes back to pending (a DNS
// hiccup of a few hours does not take a site offline). Becoming verified or pending changes what
// visitors see (canonical addresses), so those two go through commitChange and republish the site.

import type { DomainStatus } from '../../contracts/company';
import {
  type Company,
  type Db,
  expirePendingDomainClaims,
  listCompaniesWithCustomDomain,
  setCustomDomainState,
  verifiedDomainHolder,
} from '../../db';
import type { Logger } from '../../lib/logger';
import { DAY_MS } from '../../rules/trial';
import { type ChangeDeps, commitChange } from './commit-change';

export const DOMAIN_GRACE_MS = 3 * DAY_MS;
/** A domain never proved (or lapsed) this long is dropped: an unproved claim must not sit for ever. */
export const PENDING_DOMAIN_TTL_MS = 30 * DAY_MS;
/** How often the periodic re-check runs in a web process. */
export const DOMAIN_RECHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/** Another company verified the same domain a moment earlier. */
class ProvedElsewhere extends Error {}

export function domainStatus(company: Company): DomainStatus {
  if (!company.customDomain) return 'none';
  return company.customDomainVerified ? 'verified' : 'pending';
}

/** Records one TXT check of the company's custom domain; answers the company as it is now. */
export async function applyDomainCheck(
  deps: ChangeDeps,
  company: Company,
  txtFound: boolean,
): Promise<Company> {
  const domain = company.customDomain;
  if (!domain) return company;
  const now = deps.now();
  const stamp = now.toISOString();
  const set = async (db: Db, verifiedAt: string | null, missingSince: string | null) => {
    const outcome = await setCustomDomainState(db, company.cvr, domain, { verifiedAt, missingSince }, now);
    // Thrown, so the transaction (spoilt on PostgreSQL) rolls back and nothing is published.
    if (!outcome.ok) throw new ProvedElsewhere();
    return outcome.value;
  };

  if (txtFound) {
    if (company.customDomainVerified && company.customDomainMissingSince === null) return company;
    if (company.customDomainVerified) return (await set(deps.db, stamp, null)) ?? company;
    // Another company proved this domain (or its twin) first: it stays theirs, this claim pending.
    if (await verifiedDomainHolder(deps.db, domain, company.cvr)) return company;
    try {
      return (await commitChange(deps, company.cvr, (trx) => set(trx, stamp, null))) ?? company;
    } catch (error) {
      // Both proved it at the same moment: the unique index on verified domains keeps the first.
      if (error instanceof ProvedElsewhere) return company;
      throw error;
    }
  }
  if (!company.customDomainVerified) return company;
  const missingSince = company.customDomainMissingSince;
  if (missingSince === null) return (await set(deps.db, stamp, stamp)) ?? company;
  if (now.getTime() - new Date(missingSince).getTime() < DOMAIN_GRACE_MS) return company;
  // Gone for days: back to pending. missingSince stays, so the admin can say why.
  return (await commitChange(deps, company.cvr, (trx) => set(trx, null, missingSince))) ?? company;
}

/** The periodic re-check: every company with a custom domain, one at a time. */
export async function recheckCustomDomains(
  deps: ChangeDeps & { logger: Logger },
  txtFound: (company: Company) => Promise<boolean>,
): Promise<void> {
  for (const company of await listCompaniesWithCustomDomain(deps.db)) {
    try {
      await applyDomainCheck(deps, company, await txtFound(company));
    } catch (error) {
      // A resolver failure is no evidence either way: change nothing, try again next round.
      deps.logger.warn({ err: error, cvr: company.cvr }, 'custom domain re-check failed');
    }
  }
  const now = deps.now();
  const expired = await expirePendingDomainClaims(
    deps.db,
    new Date(now.getTime() - PENDING_DOMAIN_TTL_MS),
    now,
  );
  if (expired.length > 0) deps.logger.info({ cvrs: expired }, 'unproved custom domains expired');
}
