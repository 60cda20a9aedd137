// Quote requests from the company sites (issue 25) and everything kept with them: the outbox row that
// has the request mailed to the owner until the mail server takes it, the owner's form settings, the
// single-use form tokens already spent and the key those tokens are signed with. A request and its
// outbox row commit together, so a stored request is always mailed, whatever fails afterwards.
// A request marked as possible spam (issue 39, api/leads/lead-limits.ts) gets no mail of its own:
// it is counted, in the same transaction, for the company's next summary (lead-spam-summaries.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, inTransaction, isUniqueViolation } from '../database';
import { prepared } from '../prepared';
import { cancelByPrefix, dueJobs, enqueue, type Job, releaseByPrefix } from './jobs';
import { parseJson } from './json';
import { countSpamDropped, countSpamForSummary } from './lead-spam-summaries';

export interface LeadsTable {
  id: string;
  companyCvr: string;
  name: string;
  phone: string;
  email: string;
  postcode: string;
  message: string;
  photos: string;
  contentHash: string;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
  /** 1: past the company's hourly allowance, "Mulig spam" (migration 0020). */
  spam: number;
  /** A keyed hash of the client it came from (migration 0027): possible spam is capped per client. */
  clientHash: string | null;
  /** The owner's own note (migration 0037): never shown to the customer. */
  ownerNote: string;
  /** The car's number plate, from a garage's form (migration 0039); '' otherwise. */
  plate: string;
}

/** At most this many receipts to one address a day, whatever the sites: the form must not become a
 *  way to send our mail to someone else's inbox. The owner's mail goes out regardless. */
const LEAD_RECEIPTS_PER_ADDRESS_PER_DAY = 3;

export interface LeadSettingsTable {
  companyCvr: string;
  formEnabled: number;
  recipientEmail: string | null;
  pendingRecipientEmail: string | null;
  pendingRecipientSentAt: string | null;
}

export interface LeadTokensSpentTable {
  nonce: string;
  expiresAt: string;
}

export interface LeadFormKeyTable {
  id: number;
  secret: string;
}

/** A photo of a request: a re-encoded JPEG under `<STORAGE_DIR>/leads/<cvr>/`, never public. */
export interface LeadPhoto {
  /** A flat file name, `<lead id>-<n>.jpg`. */
  file: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

export interface Lead {
  id: string;
  companyCvr: string;
  name: string;
  phone: string;
  email: string;
  postcode: string;
  message: string;
  photos: LeadPhoto[];
  contentHash: string;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
  /** Possible spam: not mailed one by one, listed apart, kept a shorter time. */
  spam: boolean;
  /** The owner's own note, '' when none (rules/lead-notes.ts). */
  ownerNote: string;
  /** The car's number plate (a garage's form), '' when not asked or not given. */
  plate: string;
}

export type NewLead = Pick<
  Lead,
  'name' | 'phone' | 'email' | 'postcode' | 'message' | 'photos' | 'contentHash'
> & { plate?: string; spam?: boolean; clientHash?: string | null };

/** How much possible spam a company keeps (api/leads/lead-limits.ts says why). */
export interface SpamKeep {
  /** Of each client's possible spam, its oldest this many are kept… */
  clientOldest: number;
  /** …and its newest this many; the ones between are deleted. */
  clientNewest: number;
  /** The company's whole list; past it, the client with the most loses its newest. */
  company: number;
}

/** Which of the inbox's two lists: the requests, or "Mulig spam". */
export type LeadList = 'requests' | 'spam';

export interface LeadSettings {
  formEnabled: boolean;
  /** Where requests are mailed, chosen and confirmed; null: the owner's login e-mail (issue 39). */
  recipientEmail: string | null;
}

/** An address the owner asked for that its inbox has not confirmed yet (it gets no requests). */
export interface PendingLeadRecipient {
  email: string;
  /** When its confirmation mail last went out. */
  sentAt: string;
}

const DEFAULT_LEAD_SETTINGS: LeadSettings = Object.freeze({ formEnabled: true, recipientEmail: null });

function toLead(row: LeadsTable): Lead {
  const { clientHash: _client, ...rest } = row;
  return { ...rest, photos: parseJson<LeadPhoto[]>(row.photos, []), spam: row.spam === 1 };
}

/**
 * Stores a request and its pending mail in one transaction; the mail is due at once. A spam request
 * gets no mail: it is counted for the company's next summary instead.
 */
export async function insertLead(
  db: Db,
  cvr: string,
  input: NewLead,
  now = new Date(),
  id = randomUUID(),
): Promise<Lead> {
  const createdAt = now.toISOString();
  const { spam = false, clientHash = null, plate = '', ...fields } = input;
  const row: LeadsTable = {
    id,
    companyCvr: cvr,
    ...fields,
    photos: JSON.stringify(input.photos),
    createdAt,
    readAt: null,
    handledAt: null,
    spam: spam ? 1 : 0,
    clientHash,
    ownerNote: '',
    plate,
  };
  await inTransaction(db, async (trx) => {
    await trx.insertInto('leads').values(row).execute();
    if (spam) {
      await countSpamForSummary(trx, cvr, now);
      return;
    }
    await enqueue(trx, 'lead-mail', { cvr, leadId: id } satisfies LeadMailPayload, {
      key: leadMailKey(cvr, id),
      now,
    });
    if (fields.email !== '') await queueLeadReceipt(trx, id, cvr, fields.email, now);
  });
  return toLead(row);
}

/** The customer's receipt, unless that address already had its receipts for the day. */
async function queueLeadReceipt(
  db: Db,
  leadId: string,
  cvr: string,
  email: string,
  now: Date,
): Promise<void> {
  const address = email.trim().toLowerCase();
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  // Receipts still waiting, and requests of the day from the address that were not spam: a sent
  // receipt's row is gone, its request stays.
  const recent = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .where('createdAt', '>=', since)
    .where('spam', '=', 0)
    .where('id', '!=', leadId)
    .executeTakeFirst();
  if (Number(recent?.count ?? 0) >= LEAD_RECEIPTS_PER_ADDRESS_PER_DAY) return;
  await enqueue(db, 'lead-receipt', { cvr, leadId, email: address } satisfies LeadReceiptPayload, {
    key: `lead-receipt:${cvr}:${leadId}`,
    now,
  });
}

/** True when the company got a request with these words since `since` (duplicate suppression). */
export async function hasRecentLead(db: Db, cvr: string, contentHash: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('leads')
    .select('id')
    .where('companyCvr', '=', cvr)
    .where('contentHash', '=', contentHash)
    .where('createdAt', '>=', since.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's requests (or its possible spam), newest first. */
export async function listLeads(
  db: Db,
  cvr: string,
  limit = 500,
  list: LeadList = 'requests',
): Promise<Lead[]> {
  const rows = await db
    .selectFrom('leads')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('spam', '=', list === 'spam' ? 1 : 0)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toLead);
}

export async function findLead(db: Db, cvr: string, id: string): Promise<Lead | undefined> {
  const row = await db
    .selectFrom('leads')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toLead(row) : undefined;
}

/** Unread requests; possible spam is never counted as news. */
export async function countUnreadLeads(db: Db, cvr: string): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('companyCvr', '=', cvr)
    .where('spam', '=', 0)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** How many requests are under "Mulig spam". */
export async function countSpamLeads(db: Db, cvr: string): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('companyCvr', '=', cvr)
    .where('spam', '=', 1)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Keeps the company's possible spam within `keep` after one from `clientHash` was stored (issue 48):
 * of that client's, its oldest and its newest few; over the company's cap, the newest of the client
 * with the most (a request is never pushed out by another client's flood while that client has more
 * than one), or, when every client has just one, the newest of all (the oldest are kept: they came
 * before the flood). Unknown clients count one each. What is deleted is counted as dropped for the
 * owner's summary, in the same transaction; answers the deleted requests (their photos to remove).
 */
export async function pruneSpam(
  db: Db,
  cvr: string,
  clientHash: string | null,
  keep: SpamKeep,
): Promise<Lead[]> {
  return inTransaction(db, async (trx) => {
    const spam = () => trx.selectFrom('leads').where('companyCvr', '=', cvr).where('spam', '=', 1);
    const deleted: LeadsTable[] = [];
    const remove = async (rows: LeadsTable[]) => {
      if (rows.length === 0) return;
      await trx
        .deleteFrom('leads')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      deleted.push(...rows);
    };
    if (clientHash !== null) {
      const rows = await spam()
        .selectAll()
        .where('clientHash', '=', clientHash)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      await remove(
        rows.slice(keep.clientOldest, Math.max(keep.clientOldest, rows.length - keep.clientNewest)),
      );
    }
    const client = sql<string>`coalesce(client_hash, id)`;
    const countRow = await spam()
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst();
    // One request was stored: one over the cap at most, a few more if the cap was lowered.
    for (let over = Number(countRow?.count ?? 0) - keep.company; over > 0; over--) {
      const heaviest = await spam()
        .select((eb) => [client.as('client'), eb.fn.countAll<number | string>().as('count')])
        .groupBy(client)
        .orderBy('count', 'desc')
        .limit(1)
        .executeTakeFirst();
      const newest = spam().selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1);
      const row =
        heaviest && Number(heaviest.count) > 1
          ? await newest.where(client, '=', heaviest.client).executeTakeFirst()
          : await newest.executeTakeFirst();
      if (!row) break;
      await remove([row]);
    }
    if (deleted.length > 0) await countSpamDropped(trx, cvr, deleted.length);
    return deleted.map(toLead);
  });
}

/** Deletes up to `limit` possible-spam requests made before `cutoff` (the 30-day sweep); answers them. */
export async function deleteSpamBefore(db: Db, cutoff: Date, limit = 500): Promise<Lead[]> {
  return inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom('leads')
      .selectAll()
      .where('spam', '=', 1)
      .where('createdAt', '<', cutoff.toISOString())
      .orderBy('createdAt')
      .limit(limit)
      .execute();
    if (rows.length === 0) return [];
    await trx
      .deleteFrom('leads')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map(toLead);
  });
}

/** Marks one request read and/or handled (null clears); answers the updated request. */
export async function updateLeadState(
  db: Db,
  cvr: string,
  id: string,
  change: { read?: boolean; handled?: boolean; note?: string },
  now = new Date(),
): Promise<Lead | undefined> {
  const at = now.toISOString();
  const set: { readAt?: string | null; handledAt?: string | null; ownerNote?: string } = {};
  if (change.note !== undefined) set.ownerNote = change.note;
  if (change.read !== undefined) set.readAt = change.read ? at : null;
  if (change.handled !== undefined) {
    set.handledAt = change.handled ? at : null;
    // Handling a request means it was read.
    if (change.handled && change.read === undefined)
      set.readAt = sql<string>`coalesce(read_at, ${at})` as never;
  }
  if (Object.keys(set).length > 0) {
    await db.updateTable('leads').set(set).where('companyCvr', '=', cvr).where('id', '=', id).execute();
  }
  return findLead(db, cvr, id);
}

/** Deletes one request and its pending mail; answers the deleted request (its photos to remove). */
export async function deleteLead(db: Db, cvr: string, id: string): Promise<Lead | undefined> {
  return inTransaction(db, async (trx) => {
    const lead = await findLead(trx, cvr, id);
    if (!lead) return undefined;
    await cancelLeadJobs(trx, cvr, id);
    await trx.deleteFrom('leads').where('id', '=', id).execute();
    return lead;
  });
}

/** Deletes up to `limit` requests made before `cutoff` (the 12-month sweep); answers them. */
export async function deleteLeadsBefore(db: Db, cutoff: Date, limit = 500): Promise<Lead[]> {
  return inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom('leads')
      .selectAll()
      .where('createdAt', '<', cutoff.toISOString())
      .orderBy('createdAt')
      .limit(limit)
      .execute();
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    for (const row of rows) await cancelLeadJobs(trx, row.companyCvr, row.id);
    await trx.deleteFrom('leads').where('id', 'in', ids).execute();
    return rows.map(toLead);
  });
}

/** Every company's counts for the operator: requests, unread, mails not yet sent. Never contents. */
export async function leadCounts(db: Db): Promise<{ total: number; unread: number; unsent: number }> {
  const [leads, unsent] = await Promise.all([
    db
      .selectFrom('leads')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.count<number | string>('id').filterWhere('readAt', 'is', null).as('unread'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('kind', '=', 'lead-mail')
      .executeTakeFirst(),
  ]);
  return {
    total: Number(leads?.total ?? 0),
    unread: Number(leads?.unread ?? 0),
    unsent: Number(unsent?.count ?? 0),
  };
}

// ---- Its mails (jobs, db/tables/jobs.ts) ------------------------------------------------------

/** The owner's mail of a request: a job of kind 'lead-mail' (api/jobs/mail-jobs.ts sends it). */
export interface LeadMailPayload {
  cvr: string;
  leadId: string;
}

/** The customer's receipt of a request (issue 49): a job of kind 'lead-receipt'. */
export interface LeadReceiptPayload extends LeadMailPayload {
  /** The customer's address, lower case. */
  email: string;
}

const leadMailKey = (cvr: string, leadId: string) => `lead-mail:${cvr}:${leadId}`;

/** The request's mails not yet sent go with it. */
async function cancelLeadJobs(db: Db, cvr: string, leadId: string): Promise<void> {
  await cancelByPrefix(db, leadMailKey(cvr, leadId));
  await cancelByPrefix(db, `lead-receipt:${cvr}:${leadId}`);
}

/** The owners' mails of requests due at `now` (tests look at what waits). */
export async function dueLeadMails(db: Db, now: Date, limit = 20): Promise<Job<LeadMailPayload>[]> {
  const due = await dueJobs(db, now, limit * 10);
  return due.filter((job) => job.kind === 'lead-mail').slice(0, limit) as Job<LeadMailPayload>[];
}

/** The company's waiting mails are due now (the owner has just confirmed the address, issue 48). */
export async function releaseLeadMails(db: Db, cvr: string, now: Date): Promise<void> {
  await releaseByPrefix(db, `lead-mail:${cvr}:`, now);
}

// ---- Settings, tokens, key --------------------------------------------------------------------

const DEFAULT_ROW = {
  formEnabled: 1,
  recipientEmail: null,
  pendingRecipientEmail: null,
  pendingRecipientSentAt: null,
} as const;

// Every publish reads them: built once (prepared.ts).
const selectLeadSettings = prepared((db: Db, cvr: string) =>
  db.selectFrom('leadSettings').selectAll().where('companyCvr', '=', cvr),
);

export async function getLeadSettings(db: Db, cvr: string): Promise<LeadSettings> {
  const row = (await selectLeadSettings(db, cvr)).rows[0];
  return row
    ? { formEnabled: row.formEnabled === 1, recipientEmail: row.recipientEmail }
    : DEFAULT_LEAD_SETTINGS;
}

/** Stores the form switch and the confirmed recipient; a pending address is left as it is. */
export async function saveLeadSettings(db: Db, cvr: string, settings: LeadSettings): Promise<void> {
  const values = {
    companyCvr: cvr,
    formEnabled: settings.formEnabled ? 1 : 0,
    recipientEmail: settings.recipientEmail,
  };
  await db
    .insertInto('leadSettings')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('companyCvr')
        .doUpdateSet({ formEnabled: values.formEnabled, recipientEmail: values.recipientEmail }),
    )
    .execute();
}

// ---- The recipient waiting for its confirmation (issue 39) -------------------------------------

export async function getPendingLeadRecipient(db: Db, cvr: string): Promise<PendingLeadRecipient | null> {
  const row = await db
    .selectFrom('leadSettings')
    .select(['pendingRecipientEmail', 'pendingRecipientSentAt'])
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  return row?.pendingRecipientEmail
    ? { email: row.pendingRecipientEmail, sentAt: row.pendingRecipientSentAt ?? '' }
    : null;
}

/** Records `email` as the address waiting for confirmation (replacing any other), mailed `now`. */
export async function setPendingLeadRecipient(db: Db, cvr: string, email: string, now = new Date()) {
  const sentAt = now.toISOString();
  await db
    .insertInto('leadSettings')
    .values({
      ...DEFAULT_ROW,
      companyCvr: cvr,
      pendingRecipientEmail: email,
      pendingRecipientSentAt: sentAt,
    })
    .onConflict((oc) =>
      oc.column('companyCvr').doUpdateSet({ pendingRecipientEmail: email, pendingRecipientSentAt: sentAt }),
    )
    .execute();
}

/** Forgets the address waiting for confirmation, if any. */
export async function clearPendingLeadRecipient(db: Db, cvr: string): Promise<void> {
  await db
    .updateTable('leadSettings')
    .set({ pendingRecipientEmail: null, pendingRecipientSentAt: null })
    .where('companyCvr', '=', cvr)
    .execute();
}

/**
 * The address waiting for confirmation becomes the recipient, if it is still `email` (a link to an
 * address the owner has since replaced or cancelled confirms nothing); answers whether it did.
 */
export async function confirmPendingLeadRecipient(db: Db, cvr: string, email: string): Promise<boolean> {
  const result = await db
    .updateTable('leadSettings')
    .set({ recipientEmail: email, pendingRecipientEmail: null, pendingRecipientSentAt: null })
    .where('companyCvr', '=', cvr)
    .where('pendingRecipientEmail', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a single-use token as spent; false when it already was (a replay). */
export async function spendLeadToken(
  db: Db,
  nonce: string,
  expiresAt: Date,
  now = new Date(),
): Promise<boolean> {
  try {
    await db.insertInto('leadTokensSpent').values({ nonce, expiresAt: expiresAt.toISOString() }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  // Spent tokens are kept only until they would be refused as too old anyway.
  await db.deleteFrom('leadTokensSpent').where('expiresAt', '<', now.toISOString()).execute();
  return true;
}

export async function isLeadTokenSpent(db: Db, nonce: string): Promise<boolean> {
  const row = await db
    .selectFrom('leadTokensSpent')
    .select('nonce')
    .where('nonce', '=', nonce)
    .executeTakeFirst();
  return row !== undefined;
}

export async function leadFormSecret(db: Db): Promise<string> {
  const row = await db
    .selectFrom('leadFormKey')
    .select('secret')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.secret;
}
