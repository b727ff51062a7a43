// A PostgreSQL database of a benchmark's own, dropped afterwards: the run starts empty and leaves
// nothing behind. At DATABASE_URL (postgres://…) or, with `forced`, at the local default.
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
