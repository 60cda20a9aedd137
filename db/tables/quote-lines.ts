// The lines of one version of a tilbud (issue 51): written whole with the draft, in order, never on
// their own, so a version's lines and its sums always agree.
import { randomUUID } from 'node:crypto';
import type { LineKind, LineUnit } from '../../rules/quote-money';
import type { Db } from '../database';

export interface QuoteLinesTable {
  id: string;
  quoteId: string;
  position: number;
  kind: string;
  text: string;
  quantityHundredths: number;
  unit: string;
  unitPriceOre: number;
  deduction: string | null;
}

export interface QuoteLine {
  kind: LineKind;
  text: string;
  quantityHundredths: number;
  unit: LineUnit;
  unitPriceOre: number;
  deduction: 'craft' | 'service' | null;
}

/** Replaces the lines of `quoteId` (inside the caller's transaction). */
export async function writeQuoteLines(trx: Db, quoteId: string, lines: readonly QuoteLine[]): Promise<void> {
  await trx.deleteFrom('quoteLines').where('quoteId', '=', quoteId).execute();
  if (lines.length === 0) return;
  await trx
    .insertInto('quoteLines')
    .values(lines.map((line, position) => ({ id: randomUUID(), quoteId, position, ...line })))
    .execute();
}

/** The lines of each quote in `quoteIds`, in order. */
export async function readQuoteLines(db: Db, quoteIds: readonly string[]): Promise<Map<string, QuoteLine[]>> {
  const found = new Map<string, QuoteLine[]>(quoteIds.map((id) => [id, []]));
  if (quoteIds.length === 0) return found;
  const rows = await db
    .selectFrom('quoteLines')
    .selectAll()
    .where('quoteId', 'in', [...quoteIds])
    .orderBy('quoteId')
    .orderBy('position')
    .execute();
  for (const row of rows)
    found.get(row.quoteId)?.push({
      kind: row.kind as LineKind,
      text: row.text,
      quantityHundredths: Number(row.quantityHundredths),
      unit: row.unit as LineUnit,
      unitPriceOre: Number(row.unitPriceOre),
      deduction: (row.deduction as QuoteLine['deduction']) ?? null,
    });
  return found;
}
