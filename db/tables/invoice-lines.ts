// The lines of a faktura or kreditnota (issue 51): copied from the accepted tilbud with their amounts
// as computed then, so the invoice reads the same in five years whatever the rules do.
import { randomUUID } from 'node:crypto';
import type { LineKind, LineUnit } from '../../rules/quote-money';
import type { Db } from '../database';

export interface InvoiceLinesTable {
  id: string;
  invoiceId: string;
  position: number;
  kind: string;
  text: string;
  quantityHundredths: number;
  unit: string;
  unitPriceOre: number;
  netOre: number;
  vatOre: number;
  deduction: string | null;
}

export interface InvoiceLine {
  kind: LineKind;
  text: string;
  quantityHundredths: number;
  unit: LineUnit;
  unitPriceOre: number;
  netOre: number;
  vatOre: number;
  deduction: 'craft' | 'service' | null;
}

export async function insertInvoiceLines(
  trx: Db,
  invoiceId: string,
  lines: readonly InvoiceLine[],
): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto('invoiceLines')
    .values(lines.map((line, position) => ({ id: randomUUID(), invoiceId, position, ...line })))
    .execute();
}

export async function readInvoiceLines(
  db: Db,
  invoiceIds: readonly string[],
): Promise<Map<string, InvoiceLine[]>> {
  const found = new Map<string, InvoiceLine[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return found;
  const rows = await db
    .selectFrom('invoiceLines')
    .selectAll()
    .where('invoiceId', 'in', [...invoiceIds])
    .orderBy('invoiceId')
    .orderBy('position')
    .execute();
  for (const row of rows)
    found.get(row.invoiceId)?.push({
      kind: row.kind as LineKind,
      text: row.text,
      quantityHundredths: Number(row.quantityHundredths),
      unit: row.unit as LineUnit,
      unitPriceOre: Number(row.unitPriceOre),
      netOre: Number(row.netOre),
      vatOre: Number(row.vatOre),
      deduction: (row.deduction as InvoiceLine['deduction']) ?? null,
    });
  return found;
}
