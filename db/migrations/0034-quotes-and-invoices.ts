// Issue 51, from request to agreed job: the owner's tilbud and the faktura made from an accepted one.
// - quotes: one row per version of a tilbud. A draft ('draft') is edited freely; sending assigns its
//   number ("Tilbud 2027-0001", from document_sequences in the same transaction) and locks it. "Ret og
//   send igen" makes a new row with the same number, version + 1 and replaces_id; the old one keeps
//   replaced_by_id. The acceptance record (name, time, client address, hash of the exact document)
//   is kept on the row. Goes with its company (cascade).
// - quote_lines: a version's lines, amounts in øre and quantities in hundredths (rules/quote-money.ts).
// - invoices + invoice_lines: a full invoice (momsbekendtgørelsen § 58) or a kreditnota referring to
//   one, each a snapshot of seller, buyer, lines and sums, never edited. No foreign key to companies:
//   bogføringsloven keeps invoices 5 years after the company leaves (the retention sweep and the
//   privacy page say so).
// - document_sequences: per company and series ('quote-2027', 'invoice') the last number given. It is
//   raised in the transaction that stores the document, so a rolled-back send gives its number back
//   and concurrent sends never share or skip one.
// - quote_settings: the company's standard terms, payment days, bank account and MobilePay number.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_settings')
    .addColumn('company_cvr', 'text', (col) =>
      col.primaryKey().references('companies.cvr').onDelete('cascade'),
    )
    .addColumn('terms', 'text', (col) => col.notNull())
    .addColumn('payment_days', 'integer', (col) => col.notNull().defaultTo(8))
    .addColumn('valid_days', 'integer', (col) => col.notNull().defaultTo(30))
    .addColumn('bank_reg', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bank_account', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('mobilepay', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('document_sequences')
    .addColumn('company_cvr', 'text', (col) => col.notNull())
    .addColumn('series', 'text', (col) => col.notNull())
    .addColumn('last_value', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('document_sequences_pk', ['company_cvr', 'series'])
    .execute();
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull().references('companies.cvr').onDelete('cascade'))
    // '2027-0001' once sent; null for a draft never sent.
    .addColumn('number', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('replaces_id', 'text')
    .addColumn('replaced_by_id', 'text')
    // The request it answers (a lead is deleted after its time: no foreign key).
    .addColumn('lead_id', 'text')
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('customer_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('customer_phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('customer_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    // 'draft' | 'sent' | 'seen' | 'accepted' | 'declined' ('expired' is read from valid_until).
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('valid_until', 'text', (col) => col.notNull())
    .addColumn('terms', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('seen_at', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('decline_reason', 'text')
    .addColumn('accepted_name', 'text')
    .addColumn('accepted_ip', 'text')
    // SHA-256 of the exact document the customer accepted (the document's HTML as the page showed it, api/quotes/quote-page.ts).
    .addColumn('document_hash', 'text')
    .addColumn('invoice_id', 'text')
    .execute();
  await db.schema
    .createIndex('quotes_company_idx')
    .on('quotes')
    .columns(['company_cvr', 'created_at'])
    .execute();
  await db.schema.createIndex('quotes_lead_idx').on('quotes').columns(['company_cvr', 'lead_id']).execute();
  await db.schema
    .createIndex('quotes_number_uq')
    .on('quotes')
    .columns(['company_cvr', 'number', 'version'])
    .unique()
    .execute();
  await db.schema
    .createTable('quote_lines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('quote_id', 'text', (col) => col.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('quantity_hundredths', 'integer', (col) => col.notNull())
    .addColumn('unit', 'text', (col) => col.notNull())
    .addColumn('unit_price_ore', 'bigint', (col) => col.notNull())
    // 'craft' | 'service' | null: labour that counts for fradrag.
    .addColumn('deduction', 'text')
    .execute();
  await db.schema
    .createIndex('quote_lines_quote_idx')
    .on('quote_lines')
    .columns(['quote_id', 'position'])
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('company_cvr', 'text', (col) => col.notNull())
    .addColumn('number', 'integer', (col) => col.notNull())
    // 'invoice' | 'credit'
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('credits_invoice_id', 'text')
    .addColumn('quote_id', 'text')
    .addColumn('issue_date', 'text', (col) => col.notNull())
    .addColumn('delivery_date', 'text', (col) => col.notNull())
    .addColumn('delivery_text', 'text', (col) => col.notNull())
    .addColumn('seller_name', 'text', (col) => col.notNull())
    .addColumn('seller_address', 'text', (col) => col.notNull())
    .addColumn('seller_cvr', 'text', (col) => col.notNull())
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('buyer_address', 'text', (col) => col.notNull())
    .addColumn('buyer_email', 'text', (col) => col.notNull())
    .addColumn('buyer_phone', 'text', (col) => col.notNull())
    .addColumn('payment_days', 'integer', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull())
    .addColumn('bank_reg', 'text', (col) => col.notNull())
    .addColumn('bank_account', 'text', (col) => col.notNull())
    .addColumn('mobilepay', 'text', (col) => col.notNull())
    .addColumn('net_ore', 'bigint', (col) => col.notNull())
    .addColumn('vat_ore', 'bigint', (col) => col.notNull())
    .addColumn('total_ore', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('invoices_number_uq')
    .on('invoices')
    .columns(['company_cvr', 'number'])
    .unique()
    .execute();
  await db.schema
    .createTable('invoice_lines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('quantity_hundredths', 'integer', (col) => col.notNull())
    .addColumn('unit', 'text', (col) => col.notNull())
    .addColumn('unit_price_ore', 'bigint', (col) => col.notNull())
    .addColumn('net_ore', 'bigint', (col) => col.notNull())
    .addColumn('vat_ore', 'bigint', (col) => col.notNull())
    .addColumn('deduction', 'text')
    .execute();
  await db.schema
    .createIndex('invoice_lines_invoice_idx')
    .on('invoice_lines')
    .columns(['invoice_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('quote_lines').execute();
  await db.schema.dropTable('quotes').execute();
  await db.schema.dropTable('document_sequences').execute();
  await db.schema.dropTable('quote_settings').execute();
}
