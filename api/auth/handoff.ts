// One login across the product's hosts (issue 13). Cookies stay host-only, so an owner signed in on
// the main host has no session on `<subdomain>.<host>` or on their verified custom domain. The
// other host sends the browser to the main host's GET /api/auth/handoff?to=<host>; signed in there,
// the owner gets a one-time hand-off token (SHA-256 stored, one minute, bound to that host) in the
// URL FRAGMENT of the target's /admin (never a session token, and never sent to a server in a
// Referer or log); the admin there redeems it with a same-origin POST and gets a session of its own,
// recorded as made from the main host's session, so logging out on either host ends both. The token
// is bound to the session it was issued from (account_tokens.session_id): logout spends it, and it
// is refused once that session is gone (logout, password reset or change, expiry).
import {
  type Db,
  findCompanyByCustomDomain,
  findCompanyBySubdomain,
  findLiveSession,
  spendAccountToken,
} from '../../db';
import { classifyHost } from '../../rules/request-target';
import { schemeFor } from '../../rules/site-url';
import { accountTokenId, issueAccountToken } from './account-tokens';

const HANDOFF_TTL_MS = 60 * 1000;
const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$/;

/** The CVR of the company a host of ours belongs to (subdomain, or verified custom domain), or null. */
export async function companyOfHost(db: Db, host: string, publicHost: string): Promise<string | null> {
  const name = host.trim().toLowerCase();
  if (!HOST_PATTERN.test(name)) return null;
  const mode = classifyHost(name, publicHost);
  if (mode?.mode === 'subdomain') return (await findCompanyBySubdomain(db, mode.subdomain))?.cvr ?? null;
  if (mode?.mode === 'custom-domain')
    return (await findCompanyByCustomDomain(db, mode.hostname))?.cvr ?? null;
  return null;
}

export function hostOrigin(host: string): string {
  return `${schemeFor(host)}://${host.toLowerCase()}`;
}

export async function issueHandoff(
  db: Db,
  input: { userId: string; sessionId: string; host: string },
  now: Date,
): Promise<string> {
  return issueAccountToken(
    db,
    {
      userId: input.userId,
      purpose: 'handoff',
      ttlMs: HANDOFF_TTL_MS,
      detail: input.host.toLowerCase(),
      sessionId: input.sessionId,
    },
    now,
  );
}

/**
 * Spends a hand-off token meant for `host`; answers its user and parent session, or null when the
 * token is unknown, used, expired, meant for another host, or its parent session has ended.
 */
export async function redeemHandoff(
  db: Db,
  token: string,
  host: string,
  now: Date,
): Promise<{ userId: string; parentId: string } | null> {
  const id = accountTokenId(token);
  if (id === null) return null;
  return db.transaction().execute(async (trx) => {
    const row = await spendAccountToken(trx, id, 'handoff', now);
    const parentId = row?.sessionId;
    if (!row || !parentId || row.detail !== host.trim().toLowerCase()) return null;
    const parent = await findLiveSession(trx, parentId, now);
    if (!parent || parent.userId !== row.userId) return null;
    return { userId: row.userId, parentId };
  });
}
