// The companies table and its repository. A company is keyed by its CVR (the spec: the CVR is the
// document id). Nested shapes are JSON text; this file is the one place that maps rows to objects.
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { domainTwin } from '../../rules/domain';
import { normalizeEmail } from '../../rules/email';
import { DEFAULT_HOURS, normalizeHours, type OpeningHours } from '../../rules/hours';
import { EMPTY_SOCIAL_MEDIA, type SocialMedia } from '../../rules/social';
import { RESERVED_SUBDOMAINS, subdomainCandidate } from '../../rules/subdomain';
import { DEFAULT_THEME, isThemeId, type ThemeId } from '../../rules/themes';
import { PLAN_STATUS_CANCELLED, PLAN_STATUS_ORDERED, trialPeriod } from '../../rules/trial';
import { type Db, inTransaction, isUniqueViolation } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { prepared } from '../prepared';
import { addToCounter } from './counters';
import { cancelCompanyJobs } from './jobs';
import { parseJson } from './json';

export interface CompaniesTable {
  cvr: string;
  name: string;
  address: string;
  zipcode: string;
  city: string;
  phone: string;
  email: string;
  companyEmail: string | null;
  logo: string | null;
  industryDesc: string;
  /** DB07 code from the CVR registry ('433200'); '' when unknown. */
  industryCode: string;
  companyDesc: string;
  startDate: string;
  employees: number | null;
  hours: string;
  showHours: number;
  subdomain: string;
  customDomain: string | null;
  customDomainVerifiedAt: string | null;
  customDomainMissingSince: string | null;
  /** When the current custom domain was entered; a claim never verified expires (issue 23). */
  customDomainClaimedAt: string | null;
  existingWebsite: string | null;
  socialMedia: string;
  websiteContent: string | null;
  theme: string;
  status: string;
  planType: string;
  planStatus: string;
  trialStartDate: string;
  trialEndDate: string;
  /** A cancelled subscription's end (migration 0032): shown until then. Null otherwise. */
  planEndsAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type CompanyRow = Selectable<CompaniesTable>;
export type NewCompanyRow = Insertable<CompaniesTable>;
type CompanyRowUpdate = Updateable<CompaniesTable>;

interface ExistingWebsite {
  url: string;
  title: string;
  description: string;
}

interface WebsiteText {
  title: string;
  subtitle: string;
  content: string;
}

interface WebsiteContent extends WebsiteText {
  processedContent: WebsiteText | null;
}

interface CompanyPlan {
  type: 'Free';
  status: string;
  trialStartDate: string;
  trialEndDate: string;
  /** Until when a cancelled subscription's site is shown (rules/trial.ts siteState). */
  endsAt: string | null;
}

/** A company as the rest of the product sees it. */
export interface Company {
  /** The CVR; kept as `id` too because the spec names both. */
  id: string;
  cvr: string;
  name: string;
  address: string;
  zipcode: string;
  city: string;
  phone: string;
  email: string;
  /** The owner's login e-mail (lowercased); links the company to its owner account. */
  companyEmail: string | null;
  logo: string | null;
  industryDesc: string;
  /** DB07 code from the CVR registry ('433200'); '' when unknown. */
  industryCode: string;
  companyDesc: string;
  startDate: string;
  employees: number | null;
  hours: OpeningHours;
  showHours: boolean;
  subdomain: string;
  /** A bare hostname in punycode, e.g. `www.xn--tmrer-vua.dk`, as the owner entered it. */
  customDomain: string | null;
  /**
   * True once the domain's TXT record was found (issue 13). Until then the domain serves nothing,
   * gets no certificate and is no canonical address: use canonicalOrigin(), which checks this.
   */
  customDomainVerified: boolean;
  /** When a verified domain's TXT record was first found missing; null while it is there. */
  customDomainMissingSince: string | null;
  existingWebsite: ExistingWebsite | null;
  socialMedia: SocialMedia;
  websiteContent: WebsiteContent | null;
  theme: ThemeId;
  status: string;
  plan: CompanyPlan;
  createdAt: string;
  updatedAt: string;
}

export interface NewCompany {
  cvr: string;
  name: string;
  address?: string;
  zipcode?: string;
  city?: string;
  phone?: string;
  email?: string;
  companyEmail?: string | null;
  logo?: string | null;
  industryDesc?: string;
  industryCode?: string;
  companyDesc?: string;
  startDate?: string;
  employees?: number | null;
  hours?: OpeningHours;
  showHours?: boolean;
  /** Chosen from the name when absent (the spec's Validation rules), with a numeric suffix when taken. */
  subdomain?: string;
  customDomain?: string | null;
  existingWebsite?: ExistingWebsite | null;
  socialMedia?: SocialMedia;
  websiteContent?: WebsiteContent | null;
  theme?: ThemeId;
}

/** The fields an owner may change (the spec's Calls, settings save), plus the logo. */
export type CompanyPatch = Partial<
  Pick<
    Company,
    | 'name'
    | 'phone'
    | 'email'
    | 'address'
    | 'zipcode'
    | 'city'
    | 'hours'
    | 'showHours'
    | 'socialMedia'
    | 'customDomain'
    | 'theme'
    | 'logo'
    | 'websiteContent'
    | 'existingWebsite'
  >
>;

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.cvr,
    cvr: row.cvr,
    name: row.name,
    address: row.address,
    zipcode: row.zipcode,
    city: row.city,
    phone: row.phone,
    email: row.email,
    companyEmail: row.companyEmail,
    logo: row.logo,
    industryDesc: row.industryDesc,
    industryCode: row.industryCode,
    companyDesc: row.companyDesc,
    startDate: row.startDate,
    employees: row.employees,
    hours: normalizeHours(parseJson(row.hours, {})),
    showHours: row.showHours === 1,
    subdomain: row.subdomain,
    customDomain: row.customDomain,
    customDomainVerified: row.customDomain !== null && row.customDomainVerifiedAt !== null,
    customDomainMissingSince: row.customDomainMissingSince,
    existingWebsite: parseJson<ExistingWebsite | null>(row.existingWebsite, null),
    socialMedia: { ...EMPTY_SOCIAL_MEDIA, ...parseJson<Partial<SocialMedia>>(row.socialMedia, {}) },
    websiteContent: parseJson<WebsiteContent | null>(row.websiteContent, null),
    theme: isThemeId(row.theme) ? row.theme : DEFAULT_THEME,
    status: row.status,
    plan: {
      type: 'Free',
      status: row.planStatus,
      trialStartDate: row.trialStartDate,
      trialEndDate: row.trialEndDate,
      endsAt: row.planEndsAt ?? null,
    },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function patchToRow(patch: CompanyPatch): CompanyRowUpdate {
  const row: CompanyRowUpdate = {};
  const plain = [
    'name',
    'phone',
    'email',
    'address',
    'zipcode',
    'city',
    'customDomain',
    'theme',
    'logo',
  ] as const;
  const target = row as Record<string, unknown>;
  for (const key of plain) if (patch[key] !== undefined) target[key] = patch[key];
  if (patch.hours !== undefined) row.hours = JSON.stringify(normalizeHours(patch.hours));
  if (patch.showHours !== undefined) row.showHours = patch.showHours ? 1 : 0;
  if (patch.socialMedia !== undefined) row.socialMedia = JSON.stringify(patch.socialMedia);
  if (patch.websiteContent !== undefined) row.websiteContent = jsonOrNull(patch.websiteContent);
  if (patch.existingWebsite !== undefined) row.existingWebsite = jsonOrNull(patch.existingWebsite);
  return row;
}

function jsonOrNull(value: unknown): string | null {
  return value === null ? null : JSON.stringify(value);
}

/** Why a new company cannot be stored: a unique value another company holds ('taken': one of
 *  them, found only by the unique index in a race inside the caller's transaction). A custom domain
 *  never clashes: a new company's claim is pending, and pending claims block nobody. */
export type CompanyClash = 'cvr-taken' | 'email-taken' | 'subdomain-taken';

/**
 * Inserts a new company: status active, plan Free and active, a 90-day trial from `now`, theme amber
 * and the default hours unless given (the spec's States). A CVR, owner e-mail or subdomain another
 * company holds is refused with the reason.
 */
export async function insertCompany(
  db: Db,
  input: NewCompany,
  now = new Date(),
): Promise<Outcome<Company, CompanyClash | 'taken'>> {
  const clash = await companyClash(db, input);
  if (clash) return refused(clash);
  // Two sign-ups with the same name may pick the same free subdomain at once; the unique index
  // stops the second, which then picks again.
  for (let attempt = 1; ; attempt++) {
    const subdomain = input.subdomain ?? (await chooseSubdomain(db, input.name));
    try {
      const row = await inTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('companies')
          .values(newCompanyRow(input, subdomain, now))
          .returningAll()
          .executeTakeFirstOrThrow();
        await addToCounter(trx, 'companies', 1);
        return inserted;
      });
      return accepted(toCompany(row));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another insert won a race since the check. In a transaction of its own the failed statement
      // is rolled back and the check can say which value; in the caller's (PostgreSQL has spoilt it)
      // the caller rolls back and may ask again.
      if (db.isTransaction) return refused('taken');
      const found = await companyClash(db, input);
      if (found) return refused(found);
      if (input.subdomain === undefined && attempt < 5) continue;
      return refused('taken');
    }
  }
}

/** The first unique value of `input` another company holds, by the same indexes the insert meets. */
async function companyClash(db: Db, input: NewCompany): Promise<CompanyClash | undefined> {
  const email = input.companyEmail ? normalizeEmail(input.companyEmail) : null;
  const rows = await db
    .selectFrom('companies')
    .select(['cvr', 'companyEmail', 'subdomain'])
    .where((eb) =>
      eb.or([
        eb('cvr', '=', input.cvr),
        ...(email ? [eb('companyEmail', '=', email)] : []),
        ...(input.subdomain ? [eb('subdomain', '=', input.subdomain)] : []),
      ]),
    )
    .execute();
  if (rows.some((row) => row.cvr === input.cvr)) return 'cvr-taken';
  if (email && rows.some((row) => row.companyEmail === email)) return 'email-taken';
  if (input.subdomain && rows.some((row) => row.subdomain === input.subdomain)) return 'subdomain-taken';
  return undefined;
}

function newCompanyRow(input: NewCompany, subdomain: string, now: Date): NewCompanyRow {
  const trial = trialPeriod(now);
  const stamp = now.toISOString();
  return {
    cvr: input.cvr,
    name: input.name,
    address: input.address ?? '',
    zipcode: input.zipcode ?? '',
    city: input.city ?? '',
    phone: input.phone ?? '',
    email: input.email ?? '',
    companyEmail: input.companyEmail ? normalizeEmail(input.companyEmail) : null,
    logo: input.logo ?? null,
    industryDesc: input.industryDesc ?? '',
    industryCode: input.industryCode ?? '',
    companyDesc: input.companyDesc ?? '',
    startDate: input.startDate ?? '',
    employees: input.employees ?? null,
    hours: JSON.stringify(input.hours ?? DEFAULT_HOURS),
    showHours: input.showHours === false ? 0 : 1,
    subdomain,
    customDomain: input.customDomain ?? null,
    customDomainClaimedAt: input.customDomain ? stamp : null,
    existingWebsite: jsonOrNull(input.existingWebsite ?? null),
    socialMedia: JSON.stringify(input.socialMedia ?? EMPTY_SOCIAL_MEDIA),
    websiteContent: jsonOrNull(input.websiteContent ?? null),
    theme: input.theme ?? DEFAULT_THEME,
    status: 'active',
    planType: 'Free',
    planStatus: 'active',
    trialStartDate: trial.start.toISOString(),
    trialEndDate: trial.end.toISOString(),
    planEndsAt: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** A free subdomain for a company name: the name's subdomain, or it with the lowest free suffix.
 *  Asks for the candidates by name, a batch at a time, so the unique index answers (no scan). */
async function chooseSubdomain(db: Db, name: string): Promise<string> {
  const BATCH = 25;
  for (let first = 1; ; first += BATCH) {
    const candidates = Array.from({ length: BATCH }, (_, offset) => subdomainCandidate(name, first + offset));
    const rows = await db
      .selectFrom('companies')
      .select('subdomain')
      .where('subdomain', 'in', candidates)
      .execute();
    const taken = new Set(rows.map((row) => row.subdomain));
    const free = candidates.find((candidate) => !taken.has(candidate) && !RESERVED_SUBDOMAINS.has(candidate));
    if (free) return free;
  }
}

// Every publish reads the company (and so does the API, often): built once (prepared.ts).
const selectCompany = prepared((db: Db, cvr: string) =>
  db.selectFrom('companies').selectAll().where('cvr', '=', cvr),
);

export async function findCompanyByCvr(db: Db, cvr: string): Promise<Company | undefined> {
  const row = (await selectCompany(db, cvr)).rows[0];
  return row && toCompany(row);
}

/** The company a signed-in owner administers (the spec: found by companyEmail). */
export async function findCompanyByOwnerEmail(db: Db, email: string): Promise<Company | undefined> {
  const row = await db
    .selectFrom('companies')
    .selectAll()
    .where('companyEmail', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row && toCompany(row);
}

export async function findCompanyBySubdomain(db: Db, subdomain: string): Promise<Company | undefined> {
  const row = await db
    .selectFrom('companies')
    .selectAll()
    .where('subdomain', '=', subdomain.toLowerCase())
    .executeTakeFirst();
  return row && toCompany(row);
}

/** The company whose VERIFIED custom domain this is; a pending domain belongs to nobody yet. */
export async function findCompanyByCustomDomain(db: Db, hostname: string): Promise<Company | undefined> {
  const row = await db
    .selectFrom('companies')
    .selectAll()
    .where('customDomain', '=', hostname.toLowerCase())
    .where('customDomainVerifiedAt', 'is not', null)
    .executeTakeFirst();
  return row && toCompany(row);
}

/** Companies oldest first; `limit` caps how many (start-up lists a few, not 100,000). */
export async function listCompanies(db: Db, options: { limit?: number } = {}): Promise<Company[]> {
  let query = db.selectFrom('companies').selectAll().orderBy('createdAt').orderBy('cvr');
  if (options.limit !== undefined) query = query.limit(options.limit);
  return (await query.execute()).map(toCompany);
}

/** The newest companies first (the landing page's cards). */
// The landing page's refresh after every publish reads it: built once (prepared.ts).
const selectNewestCompanies = prepared((db: Db, limit: number) =>
  db.selectFrom('companies').selectAll().orderBy('createdAt', 'desc').orderBy('cvr', 'desc').limit(limit),
);

export async function listNewestCompanies(db: Db, limit: number): Promise<Company[]> {
  return (await selectNewestCompanies(db, limit)).rows.map(toCompany);
}

/** Only what decides whether a company's site is shown (rules/trial.ts siteState); undefined when no
 *  company has that CVR. */
export async function findCompanyPlan(
  db: Db,
  cvr: string,
): Promise<{ status: string; trialEndDate: string; endsAt: string | null } | undefined> {
  const row = await db
    .selectFrom('companies')
    .select(['planStatus', 'trialEndDate', 'planEndsAt'])
    .where('cvr', '=', cvr)
    .executeTakeFirst();
  return row && { status: row.planStatus, trialEndDate: row.trialEndDate, endsAt: row.planEndsAt };
}

/** Marks the company's plan ordered; false when it already was (of two orders at once, one wins). */
export async function markCompanyOrdered(db: Db, cvr: string, now = new Date()): Promise<boolean> {
  const marked = await db
    .updateTable('companies')
    .set({ planStatus: PLAN_STATUS_ORDERED, planEndsAt: null, updatedAt: now.toISOString() })
    .where('cvr', '=', cvr)
    .where('planStatus', '!=', PLAN_STATUS_ORDERED)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/** Marks an ordered plan cancelled, shown until `endsAt` (issue 49); false when it was not ordered
 *  (of two cancellations at once, one wins). */
export async function markCompanyCancelled(
  db: Db,
  cvr: string,
  endsAt: Date,
  now = new Date(),
): Promise<boolean> {
  const marked = await db
    .updateTable('companies')
    .set({
      planStatus: PLAN_STATUS_CANCELLED,
      planEndsAt: endsAt.toISOString(),
      updatedAt: now.toISOString(),
    })
    .where('cvr', '=', cvr)
    .where('planStatus', '=', PLAN_STATUS_ORDERED)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/** The company administered from `oldEmail` is administered from `newEmail` from now on. */
export async function moveCompanyEmail(
  db: Db,
  oldEmail: string,
  newEmail: string,
  now = new Date(),
): Promise<Outcome<void, 'email-taken'>> {
  try {
    await db
      .updateTable('companies')
      .set({ companyEmail: normalizeEmail(newEmail), updatedAt: now.toISOString() })
      .where('companyEmail', '=', normalizeEmail(oldEmail))
      .execute();
    return accepted(undefined);
  } catch (error) {
    if (isUniqueViolation(error)) return refused('email-taken');
    throw error;
  }
}

/** Every company's CVR in order (only the column: there may be 100,000 rows). */
export async function listCompanyCvrs(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('companies').select('cvr').orderBy('cvr').execute();
  return rows.map((row) => row.cvr);
}

/** Which of `cvrs` are companies (one query; the caller batches). */
export async function existingCvrs(db: Db, cvrs: readonly string[]): Promise<string[]> {
  if (cvrs.length === 0) return [];
  const rows = await db.selectFrom('companies').select('cvr').where('cvr', 'in', cvrs).execute();
  return rows.map((row) => row.cvr);
}

export async function countCompanies(db: Db): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Merges `patch` into the company and stamps updatedAt (the spec's Calls, company update). An unknown
 * CVR is refused; so is a custom domain another company holds (the patch's only unique column, so a
 * unique violation can mean nothing else).
 */
export async function updateCompany(
  db: Db,
  cvr: string,
  patch: CompanyPatch,
  now = new Date(),
): Promise<Outcome<Company, 'company-not-found' | 'domain-taken'>> {
  try {
    const row = await db
      .updateTable('companies')
      .set({ ...patchToRow(patch), ...domainClaim(patch.customDomain, now), updatedAt: now.toISOString() })
      .where('cvr', '=', cvr)
      .returningAll()
      .executeTakeFirst();
    return row ? accepted(toCompany(row)) : refused('company-not-found');
  } catch (error) {
    if (isUniqueViolation(error)) return refused('domain-taken');
    throw error;
  }
}

/**
 * The verification columns for a saved custom domain. The same domain sent again (the domain tab
 * always sends it) keeps its verification and its claim date; another domain, or none, must prove
 * itself again. Decided in the statement (the right-hand sides read the row before the update), so
 * two saves at once cannot leave a new domain verified.
 */
function domainClaim(domain: string | null | undefined, now: Date) {
  if (domain === undefined) return {};
  if (domain === null) {
    return { customDomainVerifiedAt: null, customDomainMissingSince: null, customDomainClaimedAt: null };
  }
  const keep = (column: string, otherwise: string | null) =>
    sql<string | null>`case when custom_domain = ${domain} then ${sql.ref(column)} else ${otherwise} end`;
  return {
    customDomainVerifiedAt: keep('custom_domain_verified_at', null),
    customDomainMissingSince: keep('custom_domain_missing_since', null),
    customDomainClaimedAt: keep('custom_domain_claimed_at', now.toISOString()),
  };
}

/**
 * Records what the TXT check found for the company's custom domain `domain` (ignored if the owner has
 * entered another one meanwhile): verified now, still missing since `missingSince`, or back to
 * pending. Answers the company as it is now (undefined: the domain is no longer the company's).
 * Refused when another company verified the same domain first (the unique index on verified domains).
 */
export async function setCustomDomainState(
  db: Db,
  cvr: string,
  domain: string,
  state: { verifiedAt: string | null; missingSince: string | null },
  now = new Date(),
): Promise<Outcome<Company | undefined, 'domain-taken'>> {
  try {
    const row = await db
      .updateTable('companies')
      .set({
        customDomainVerifiedAt: state.verifiedAt,
        customDomainMissingSince: state.missingSince,
        updatedAt: now.toISOString(),
      })
      .where('cvr', '=', cvr)
      .where('customDomain', '=', domain)
      .returningAll()
      .executeTakeFirst();
    return accepted(row && toCompany(row));
  } catch (error) {
    if (isUniqueViolation(error)) return refused('domain-taken');
    throw error;
  }
}

/**
 * Another company that holds `domain`, or its www/apex twin, VERIFIED: then the domain is theirs and a
 * claim of it is refused. Pending claims hold nothing (issue 23).
 */
export async function verifiedDomainHolder(
  db: Db,
  domain: string,
  exceptCvr: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('cvr')
    .where('customDomain', 'in', [domain, domainTwin(domain)])
    .where('customDomainVerifiedAt', 'is not', null)
    .where('cvr', '!=', exceptCvr)
    .executeTakeFirst();
  return row?.cvr;
}

/**
 * Drops custom domains that were never proved (no TXT record found) since before `cutoff`, and those
 * that lapsed before it: an unproved claim must not sit on a domain for ever. Answers the CVRs.
 */
export async function expirePendingDomainClaims(db: Db, cutoff: Date, now = new Date()): Promise<string[]> {
  const before = cutoff.toISOString();
  const rows = await db
    .updateTable('companies')
    .set({
      customDomain: null,
      customDomainClaimedAt: null,
      customDomainMissingSince: null,
      updatedAt: now.toISOString(),
    })
    .where('customDomain', 'is not', null)
    .where('customDomainVerifiedAt', 'is', null)
    .where((eb) => eb.or([eb('customDomainClaimedAt', 'is', null), eb('customDomainClaimedAt', '<', before)]))
    .where((eb) =>
      eb.or([eb('customDomainMissingSince', 'is', null), eb('customDomainMissingSince', '<', before)]),
    )
    .returning('cvr')
    .execute();
  return rows.map((row) => row.cvr);
}

/** Companies with a custom domain, for the periodic re-check. */
export async function listCompaniesWithCustomDomain(db: Db): Promise<Company[]> {
  const rows = await db.selectFrom('companies').selectAll().where('customDomain', 'is not', null).execute();
  return rows.map(toCompany);
}

/** Deletes a company and, through foreign keys, its pages, images, usage and publish state. */
export async function deleteCompany(db: Db, cvr: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('companies').where('cvr', '=', cvr).executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) await addToCounter(trx, 'companies', -1);
    // Its mails and reminders not yet sent go with it (their tables cascaded before the job table).
    if (deleted) await cancelCompanyJobs(trx, cvr);
    return deleted;
  });
}

/** Sign-ups per UTC day since `fromIso` (operator view), read through companies_created_idx. */
export async function countSignupsByDay(db: Db, fromIso: string): Promise<{ day: string; count: number }[]> {
  const day = sql<string>`substr(${sql.ref('created_at')}, 1, 10)`;
  const rows = await db
    .selectFrom('companies')
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('createdAt', '>=', fromIso)
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** Companies whose trial ends in [fromIso, toIso) and that have not ordered, soonest first. */
export async function listTrialsEnding(
  db: Db,
  fromIso: string,
  toIso: string,
  limit = 100,
): Promise<{ cvr: string; name: string; companyEmail: string | null; trialEndDate: string }[]> {
  return db
    .selectFrom('companies')
    .select(['cvr', 'name', 'companyEmail', 'trialEndDate'])
    .where('trialEndDate', '>=', fromIso)
    .where('trialEndDate', '<', toIso)
    .where('planStatus', '!=', PLAN_STATUS_ORDERED)
    .orderBy('trialEndDate')
    .limit(limit)
    .execute();
}

/** What decides where a company's hosts lead (server/host-routes.ts): its names and its plan. */
export interface CompanyRoute {
  cvr: string;
  subdomain: string;
  /** The custom domain if VERIFIED; a pending domain leads nowhere. */
  verifiedDomain: string | null;
  planStatus: string;
  trialEndDate: string;
  planEndsAt: string | null;
}

function companyRouteQuery(db: Db) {
  return db
    .selectFrom('companies')
    .select([
      'cvr',
      'subdomain',
      'customDomain',
      'customDomainVerifiedAt',
      'planStatus',
      'trialEndDate',
      'planEndsAt',
    ]);
}

function toCompanyRoute(row: {
  cvr: string;
  subdomain: string;
  customDomain: string | null;
  customDomainVerifiedAt: string | null;
  planStatus: string;
  trialEndDate: string;
  planEndsAt: string | null;
}): CompanyRoute {
  return {
    cvr: row.cvr,
    subdomain: row.subdomain,
    verifiedDomain: row.customDomainVerifiedAt === null ? null : row.customDomain,
    planStatus: row.planStatus,
    trialEndDate: row.trialEndDate,
    planEndsAt: row.planEndsAt,
  };
}

// Every publish syncs the company's host routes: built once (prepared.ts).
const selectCompanyRoute = prepared((db: Db, cvr: string) => companyRouteQuery(db).where('cvr', '=', cvr));

export async function findCompanyRoute(db: Db, cvr: string): Promise<CompanyRoute | undefined> {
  const row = (await selectCompanyRoute(db, cvr)).rows[0];
  return row && toCompanyRoute(row);
}

/** One page of every company's routing, by CVR after `afterCvr` (the primary key: no sort). */
export async function listCompanyRoutes(db: Db, afterCvr: string, limit: number): Promise<CompanyRoute[]> {
  const rows = await companyRouteQuery(db).where('cvr', '>', afterCvr).orderBy('cvr').limit(limit).execute();
  return rows.map(toCompanyRoute);
}
