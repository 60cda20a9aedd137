// Issue 44: a publish of a one-page edit of a 300-page site read and hashed every page's text (15 MB)
// to find the one that changed. Each page row now carries a revision that the database itself raises
// on every UPDATE of the row, whoever writes it (a trigger on both dialects, so no writer can forget
// it). A publish keeps each page's revision and the hash of its content beside the build
// (generator/write-site.ts) and reads from the database only the pages whose revision moved.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pages')
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql`create function pages_next_revision() returns trigger language plpgsql as $$
      begin
        if new.revision = old.revision then new.revision := old.revision + 1; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger pages_revision before update on pages
      for each row execute function pages_next_revision()`.execute(db);
  } else {
    // SQLite cannot change NEW in a BEFORE trigger: the row is raised once more after the update (no
    // recursion: recursive triggers are off, and the WHEN fails on the inner update anyway).
    await sql`create trigger pages_revision after update on pages
      for each row when new.revision = old.revision
      begin update pages set revision = old.revision + 1 where rowid = new.rowid; end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger pages_revision${isPostgres(db) ? sql` on pages` : sql``}`.execute(db);
  if (isPostgres(db)) await sql`drop function pages_next_revision()`.execute(db);
  await db.schema.alterTable('pages').dropColumn('revision').execute();
}
