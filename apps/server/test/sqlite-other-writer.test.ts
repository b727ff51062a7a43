// SQLite with another process writing the same file (docs/operations.md: `npm run staff:create` and
// backups open the server's database): a transaction that reads, then writes, after the other writer
// committed, still commits. With a deferred BEGIN, SQLite refused its first write at once with
// SQLITE_BUSY_SNAPSHOT (the busy timeout does not apply to it), and the request answered 500.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createDb } from '../src/db/index.ts';
import { isPostgres } from './helpers.ts';

const closers: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

it.skipIf(isPostgres)('a transaction that read before another connection wrote still writes', async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lab-other-writer-')), 'lab.db');
  const server = await createDb(`file:${file}`);
  closers.push(() => server.close());
  await sql`create table counters (name text primary key, value integer not null)`.execute(server.db);
  await sql`insert into counters (name, value) values ('a', 0), ('b', 0)`.execute(server.db);

  // the other process's connection: it waits for no lock, so it says at once whether the file was free
  const other = new SQLite(file);
  closers.push(() => {
    other.close();
  });
  other.pragma('busy_timeout = 0');
  let otherWrote: boolean | undefined;

  for (const transaction of [(work: Parameters<typeof server.durableTransaction>[0]) => server.db.transaction().execute(work), server.durableTransaction]) {
    await transaction(async (trx) => {
      const before = await sql<{ value: number }>`select value from counters where name = 'a'`.execute(trx);
      try {
        other.prepare("update counters set value = value + 1 where name = 'b'").run();
        otherWrote = true;
      } catch (error) {
        expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
        otherWrote = false;
      }
      await sql`update counters set value = ${before.rows[0]!.value + 1} where name = 'a'`.execute(trx);
    });
    // the server's write held the file from its BEGIN: the other connection waited its turn (here, refused)
    expect(otherWrote).toBe(false);
  }
  const rows = await sql<{ name: string; value: number }>`select name, value from counters order by name`.execute(server.db);
  expect(rows.rows).toEqual([{ name: 'a', value: 2 }, { name: 'b', value: 0 }]);
});
