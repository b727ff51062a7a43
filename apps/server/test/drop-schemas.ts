// Vitest global teardown: drops the PostgreSQL schemas the test files made (t_… by makeApp, m_… by
// withDatabaseAt) once every file has finished. Not per file: Kysely's migrator introspects the tables
// of every schema, and a schema dropped by one file while another file migrates fails that migration
// with "schema … does not exist".
import pg from 'pg';

export async function teardown(): Promise<void> {
  const url = process.env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(url)) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(String.raw`SELECT nspname AS name FROM pg_namespace WHERE nspname ~ '^[tm]_[0-9a-f]{12}$'`);
    for (const { name } of rows) await client.query(`DROP SCHEMA "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}
