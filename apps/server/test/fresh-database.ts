// A PostgreSQL database of its own for a test that starts server processes on it (test/*-processes.test.ts),
// dropped after the test once every connection to it has closed: the processes' (stopped first) and this
// process's. A pool's end() settles while its clients are still closing; a forced drop then cut one
// mid-close, and its error escaped the test run. After 20 s of waiting the drop is forced all the same.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDb } from '../src/db/index.ts';

export async function freshDatabase(prefix: string, cleanups: Array<() => Promise<void>>): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = await createDb(process.env.DATABASE_URL!);
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  cleanups.push(async () => {
    for (let waited = 0; waited < 20_000; waited += 100) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin.db);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await admin.close();
  });
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
