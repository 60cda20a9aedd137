// A PostgreSQL database of its own for one bench run, beside the test database (TEST_DATABASE_URL),
// dropped after: the benches that run on PostgreSQL (`npm run bench -- --database postgres`, and
// the scale section) never touch another run's tables.
import pg from 'pg';

export async function scratchPostgres(
  serverUrl: string,
  label: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mesterside_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // WITH (FORCE): a pool the run did not close cleanly must not keep the database.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
