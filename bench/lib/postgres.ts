// A PostgreSQL database of a benchmark's own, dropped afterwards: the run starts empty and leaves
// nothing behind. At DATABASE_URL (postgres://…) or, with `forced`, at the local default.
// BENCH_PG_SCRATCH=1 runs in DATABASE_URL's own database instead, emptying its public schema before
// and after: for a machine where one may use a given database but not create others.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function withPostgresDatabase<T>(forced: boolean, run: (url: string) => Promise<T>): Promise<T | { skipped: string }> {
  const fromEnv = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : undefined;
  const base = fromEnv ?? LOCAL_PG;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch (e) {
    if (forced || fromEnv) throw e;
    return { skipped: `no PostgreSQL answers at ${base}` };
  }
  if (process.env.BENCH_PG_SCRATCH === '1' && fromEnv) {
    const empty = () => admin.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
    try {
      await empty();
      return await run(base);
    } finally {
      await empty();
      await admin.end();
    }
  }
  const name = `lab_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
