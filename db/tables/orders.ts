// Subscription orders (issue 14 item 5): the owner's "Bestil abonnement" is the hand-off to
// invoicing, so an order is a plain record of who ordered which plan and where the invoice goes.
// There is no payment provider; nothing here charges anyone.
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../database';

export interface OrdersTable {
  id: string;
  companyCvr: string;
  plan: string;
  billingEmail: string;
  /** Public customers are invoiced by EAN (13 digits); null when invoiced by CVR. */
  ean: string | null;
  /** The CVR the invoice is made out to; usually the company's own. */
  invoiceCvr: string | null;
  createdAt: string;
  /** When the owner cancelled ("Opsig abonnement", issue 49, migration 0032); null while it runs. */
  cancelledAt: string | null;
}

export type Order = Selectable<OrdersTable>;

export interface NewOrder {
  plan: string;
  billingEmail: string;
  ean: string | null;
  invoiceCvr: string | null;
}

export async function insertOrder(db: Db, cvr: string, input: NewOrder, now = new Date()): Promise<Order> {
  const order: Order = {
    id: randomUUID(),
    companyCvr: cvr,
    ...input,
    createdAt: now.toISOString(),
    cancelledAt: null,
  };
  await db.insertInto('orders').values(order).execute();
  return order;
}

/** The company's newest order, if it has ordered. */
export async function findLatestOrder(db: Db, cvr: string): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Records the order's cancellation; false when it was already cancelled. */
export async function cancelOrder(db: Db, cvr: string, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ cancelledAt: now.toISOString() })
    .where('companyCvr', '=', cvr)
    .where('id', '=', id)
    .where('cancelledAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The newest orders of every company, with the company's name (operator view). */
export async function listRecentOrders(
  db: Db,
  limit = 50,
): Promise<(Order & { companyName: string | null })[]> {
  return db
    .selectFrom('orders')
    .leftJoin('companies', 'companies.cvr', 'orders.companyCvr')
    .selectAll('orders')
    .select('companies.name as companyName')
    .orderBy('orders.createdAt', 'desc')
    .limit(limit)
    .execute();
}
