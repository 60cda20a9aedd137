// A custom domain is only the company's once its TXT record is found (issue 13), so only a VERIFIED
// domain may be unique: a pending claim (typed by anyone, proved by nobody) must never block the
// real owner, who has the record (issue 23). The old index made every claim unique; this one covers
// verified domains only. `custom_domain_claimed_at` dates a claim, so pending claims can expire.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('custom_domain_claimed_at', 'text').execute();
  await sql`update companies set custom_domain_claimed_at = updated_at where custom_domain is not null`.execute(
    db,
  );
  await db.schema.dropIndex('companies_custom_domain_key').execute();
  // The name carries the column's: PostgreSQL's unique-violation message names only the index.
  await db.schema
    .createIndex('companies_custom_domain_verified_key')
    .on('companies')
    .column('custom_domain')
    .unique()
    .where(sql.ref('custom_domain_verified_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('companies_custom_domain_verified_key').execute();
  // Pending claims that now share a domain with another company's cannot keep it under the old rule.
  await sql`update companies set custom_domain = null
    where custom_domain_verified_at is null and custom_domain in (
      select custom_domain from companies group by custom_domain having count(*) > 1)`.execute(db);
  await db.schema
    .createIndex('companies_custom_domain_key')
    .on('companies')
    .column('custom_domain')
    .unique()
    .execute();
  await db.schema.alterTable('companies').dropColumn('custom_domain_claimed_at').execute();
}
