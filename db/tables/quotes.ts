// The owner's tilbud (issue 51): one row per version. A draft is edited freely; sending takes the
// next number of the company's series for the year and locks the version; "Ret og send igen" makes
// a new draft with the same number and the next version, and sending it marks the old one replaced.
// Accepting and declining (the customer's page, phase 2) write the record on the row.
import { randomUUID } from 'node:crypto';
import { copenhagenDay } from '../../rules/ai-limit';
import { danishYear } from '../../rules/tax-deduction';
import { type Db, inTransaction } from '../database';
import { accepted, type Outcome, refused } from '../outcome';
import { takeNextNumber } from './document-sequences';
import { type QuoteLine, readQuoteLines, writeQuoteLines } from './quote-lines';

export interface QuotesTable {
  id: string;
  companyCvr: string;
  number: string | null;
  version: number;
  replacesId: string | null;
  replacedById: string | null;
  leadId: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  title: string;
  description: string;
  state: string;
  validUntil: string;
  terms: string;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  seenAt: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  acceptedName: string | null;
  acceptedIp: string | null;
  documentHash: string | null;
  invoiceId: string | null;
}

/** What is stored; 'expired' is never stored but read from valid_until (quoteState). */
type StoredQuoteState = 'draft' | 'sent' | 'seen' | 'accepted' | 'declined';
export type QuoteState = StoredQuoteState | 'expired';

export interface QuoteDraft {
  leadId: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  title: string;
  description: string;
  /** ISO date (Danish day), the last day the tilbud holds. */
  validUntil: string;
  terms: string;
  lines: QuoteLine[];
}

/** A stored version as the product reads it: its row, the state as stored, and its lines. */
export interface Quote extends QuoteDraft, Omit<QuotesTable, 'state'> {
  storedState: StoredQuoteState;
}

/** The state the owner and the customer see at `now`: a sent or seen tilbud past its date has expired. */
export function quoteState(quote: Pick<Quote, 'storedState' | 'validUntil'>, now: Date): QuoteState {
  if ((quote.storedState === 'sent' || quote.storedState === 'seen') && quote.validUntil < copenhagenDay(now))
    return 'expired';
  return quote.storedState;
}

/** "2027-0001". */
function formatQuoteNumber(year: number, value: number): string {
  return `${year}-${String(value).padStart(4, '0')}`;
}

function toQuote(row: QuotesTable, lines: QuoteLine[]): Quote {
  const { state, ...columns } = row;
  return { ...columns, version: Number(row.version), storedState: state as StoredQuoteState, lines };
}

/** The columns a draft sets, picked by name so a Quote passed in brings none of its other fields. */
function draftColumns(draft: QuoteDraft) {
  return {
    leadId: draft.leadId,
    customerName: draft.customerName,
    customerEmail: draft.customerEmail,
    customerPhone: draft.customerPhone,
    customerAddress: draft.customerAddress,
    title: draft.title,
    description: draft.description,
    validUntil: draft.validUntil,
    terms: draft.terms,
  };
}

export async function createQuote(db: Db, cvr: string, draft: QuoteDraft, now: Date): Promise<Quote> {
  const id = randomUUID();
  const at = now.toISOString();
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('quotes')
      .values({
        id,
        companyCvr: cvr,
        version: 1,
        state: 'draft',
        createdAt: at,
        updatedAt: at,
        ...draftColumns(draft),
      })
      .execute();
    await writeQuoteLines(trx, id, draft.lines);
  });
  const quote = await findQuote(db, cvr, id);
  if (!quote) throw new Error('a quote just created is missing');
  return quote;
}

export async function findQuote(db: Db, cvr: string, id: string): Promise<Quote | null> {
  const row = await db
    .selectFrom('quotes')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const lines = await readQuoteLines(db, [row.id]);
  return toQuote(row, lines.get(row.id) ?? []);
}

/** The company's tilbud, newest first (every version), optionally those answering one request. */
export async function listQuotes(
  db: Db,
  cvr: string,
  options: { limit?: number; leadId?: string } = {},
): Promise<Quote[]> {
  let query = db.selectFrom('quotes').selectAll().where('companyCvr', '=', cvr);
  if (options.leadId) query = query.where('leadId', '=', options.leadId);
  const rows = await query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 500)
    .execute();
  const lines = await readQuoteLines(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toQuote(row, lines.get(row.id) ?? []));
}

export type DraftRefusal = 'not_found' | 'not_draft';

/** Saves a draft's fields and lines; a sent version is never changed. */
export async function saveQuoteDraft(
  db: Db,
  cvr: string,
  id: string,
  draft: QuoteDraft,
  now: Date,
): Promise<Outcome<Quote, DraftRefusal>> {
  const reason = await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('quotes')
      .set({ ...draftColumns(draft), leadId: undefined, updatedAt: now.toISOString() })
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .where('state', '=', 'draft')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return (await exists(trx, cvr, id)) ? 'not_draft' : 'not_found';
    await writeQuoteLines(trx, id, draft.lines);
    return null;
  });
  if (reason) return refused(reason);
  return accepted((await findQuote(db, cvr, id)) as Quote);
}

async function exists(db: Db, cvr: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('quotes')
    .select('id')
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a draft (a sent version is kept: the customer has it). */
export async function deleteQuoteDraft(
  db: Db,
  cvr: string,
  id: string,
): Promise<Outcome<null, DraftRefusal>> {
  const deleted = await db
    .deleteFrom('quotes')
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('state', '=', 'draft')
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) > 0) return accepted(null);
  return refused((await exists(db, cvr, id)) ? 'not_draft' : 'not_found');
}

/** 'replaces_accepted': the version it replaces was accepted meanwhile (the customer's agreement stands). */
export type SendRefusal = DraftRefusal | 'no_lines' | 'replaces_accepted';

/**
 * Locks a draft as sent: the first version takes the next number of the company's series for the
 * Danish year, in this transaction; a new version keeps its number and marks the one it replaces.
 * The mail and the customer's page are phase 2 (issue 51 item 3): they run after this commits.
 */
export async function markQuoteSent(
  db: Db,
  cvr: string,
  id: string,
  now: Date,
): Promise<Outcome<Quote, SendRefusal>> {
  const reason = await inTransaction(db, async (trx): Promise<SendRefusal | null> => {
    const row = await trx
      .selectFrom('quotes')
      .selectAll()
      .where('companyCvr', '=', cvr)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return 'not_found';
    if (row.state !== 'draft') return 'not_draft';
    const lines = await trx
      .selectFrom('quoteLines')
      .select('id')
      .where('quoteId', '=', id)
      .limit(1)
      .execute();
    if (lines.length === 0) return 'no_lines';
    const at = now.toISOString();
    // A new version replaces the one before unless the customer accepted that one meanwhile (the
    // accept is conditional on replacedById being null, so one of the two wins).
    if (row.replacesId) {
      const replaced = await trx
        .updateTable('quotes')
        .set({ replacedById: id, updatedAt: at })
        .where('companyCvr', '=', cvr)
        .where('id', '=', row.replacesId)
        .where('state', '!=', 'accepted')
        .executeTakeFirst();
      if (Number(replaced.numUpdatedRows) === 0) return 'replaces_accepted';
    }
    let number = row.number;
    if (number === null) {
      const year = danishYear(now);
      number = formatQuoteNumber(year, await takeNextNumber(trx, cvr, `quote-${year}`));
    }
    await trx
      .updateTable('quotes')
      .set({ state: 'sent', number, sentAt: at, updatedAt: at })
      .where('id', '=', id)
      .where('state', '=', 'draft')
      .execute();
    return null;
  });
  if (reason) return refused(reason);
  return accepted((await findQuote(db, cvr, id)) as Quote);
}

export type ReviseRefusal = 'not_found' | 'not_sent' | 'accepted';

/**
 * "Ret og send igen": a new draft copying a sent version, with its number and the next version. A
 * draft already open for it is answered instead of a second one. When the version's last valid day
 * has passed, the new one holds to `freshValidUntil` instead.
 */
export async function reviseQuote(
  db: Db,
  cvr: string,
  id: string,
  now: Date,
  freshValidUntil: string,
): Promise<Outcome<Quote, ReviseRefusal>> {
  const source = await findQuote(db, cvr, id);
  if (!source) return refused('not_found');
  if (source.storedState === 'draft' || source.replacedById) return refused('not_sent');
  // An accepted tilbud is the customer's agreement: a new version would hide it behind "replaced".
  if (source.storedState === 'accepted') return refused('accepted');
  const open = await db
    .selectFrom('quotes')
    .select('id')
    .where('companyCvr', '=', cvr)
    .where('replacesId', '=', id)
    .where('state', '=', 'draft')
    .executeTakeFirst();
  if (open) return accepted((await findQuote(db, cvr, open.id)) as Quote);
  const newId = randomUUID();
  const at = now.toISOString();
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('quotes')
      .values({
        id: newId,
        companyCvr: cvr,
        number: source.number,
        version: source.version + 1,
        replacesId: source.id,
        state: 'draft',
        createdAt: at,
        updatedAt: at,
        ...draftColumns(source),
        ...(source.validUntil < copenhagenDay(now) ? { validUntil: freshValidUntil } : {}),
      })
      .execute();
    await writeQuoteLines(trx, newId, source.lines);
  });
  return accepted((await findQuote(db, cvr, newId)) as Quote);
}

export interface AcceptanceRecord {
  name: string;
  ip: string;
  /** SHA-256 of the exact document the customer saw. */
  documentHash: string;
}

export type AnswerRefusal = 'not_found' | 'not_open' | 'expired' | 'replaced';

/** The customer accepts (phase 2 calls this from the customer's page); only an open, current version. */
export async function acceptQuote(
  db: Db,
  cvr: string,
  id: string,
  record: AcceptanceRecord,
  now: Date,
): Promise<Outcome<Quote, AnswerRefusal>> {
  return answerQuote(db, cvr, id, now, {
    state: 'accepted',
    acceptedAt: now.toISOString(),
    acceptedName: record.name,
    acceptedIp: record.ip,
    documentHash: record.documentHash,
  });
}

export async function declineQuote(
  db: Db,
  cvr: string,
  id: string,
  reason: string,
  now: Date,
): Promise<Outcome<Quote, AnswerRefusal>> {
  return answerQuote(db, cvr, id, now, {
    state: 'declined',
    declinedAt: now.toISOString(),
    declineReason: reason,
  });
}

async function answerQuote(
  db: Db,
  cvr: string,
  id: string,
  now: Date,
  change: Partial<QuotesTable>,
): Promise<Outcome<Quote, AnswerRefusal>> {
  const quote = await findQuote(db, cvr, id);
  if (!quote) return refused('not_found');
  if (quote.replacedById) return refused('replaced');
  const state = quoteState(quote, now);
  if (state === 'expired') return refused('expired');
  if (state !== 'sent' && state !== 'seen') return refused('not_open');
  const updated = await db
    .updateTable('quotes')
    .set({ ...change, updatedAt: now.toISOString() })
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('state', 'in', ['sent', 'seen'])
    .where('replacedById', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return refused('not_open');
  return accepted((await findQuote(db, cvr, id)) as Quote);
}

/** The customer opened the link (phase 2): 'sent' becomes 'seen' once. */
export async function markQuoteSeen(db: Db, cvr: string, id: string, now: Date): Promise<void> {
  await db
    .updateTable('quotes')
    .set({ state: 'seen', seenAt: now.toISOString() })
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('state', '=', 'sent')
    .execute();
}
