// Issue 52 item 6: the next free booking time the company's live homepage shows ("Næste ledige tid"),
// or the one a publish was last asked to show: an ISO instant, '' for no line, null before the first
// publish that knew of it. The booking routes compare the time they find with it and ask for a
// publish only when it differs, so a flood of visits asks once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publish_state').addColumn('next_free_shown', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publish_state').dropColumn('next_free_shown').execute();
}
