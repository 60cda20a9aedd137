// PostgreSQL schemas made by the test databases (tests/support/databases.ts) carry the run's tag, so
// the end of the run (tests/support/leak-check.ts) can drop what test processes kept for reuse.
import pg from 'pg';

/** `t_<tag>_`: the start of every schema name of the run marked `run`. */
export function testSchemaPrefix(run: string | undefined): string {
  return `t_${(run ?? 'norun').replaceAll('-', '').slice(0, 12)}_`;
}

/** Drops every schema of the run; quietly does nothing when PostgreSQL does not answer. */
export async function dropRunSchemas(databaseUrl: string, run: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      'select nspname as name from pg_namespace where starts_with(nspname, $1)',
      [testSchemaPrefix(run)],
    );
    for (const { name } of rows) await client.query(`drop schema "${name.replaceAll('"', '""')}" cascade`);
  } catch {
    // No PostgreSQL in this run: nothing was made there.
  } finally {
    await client.end().catch(() => {});
  }
}
