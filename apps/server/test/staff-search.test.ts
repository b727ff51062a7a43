// The staff search at scale: its text lookups go through the trigram index (FTS5 on SQLite, pg_trgm
// on PostgreSQL) rather than reading every appointment, and the index stays in step with changes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDocumentSql } from '../src/db/search-document.ts';
import { bearer, isPostgres, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let staff: StaffAccount;
beforeAll(async () => {
  t = await makeApp();
  staff = await createStaff(t.app);
});
afterAll(() => t.close());

const search = async (q: string) =>
  ((await t.app.inject({ method: 'GET', url: `/api/staff/appointments?q=${encodeURIComponent(q)}`, headers: bearer(staff) })).json() as { items: Array<{ id: string; user_name: string }> }).items;

/** the plan of the queue's text search, with sequential scans ruled out on PostgreSQL so a usable index shows */
async function plan(q: string): Promise<string> {
  const { db } = t.app.deps;
  const pattern = `%${q}%`;
  if (isPostgres) {
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const doc = sql.raw(searchDocumentSql('a.'));
      const rows = await sql<{ 'QUERY PLAN': string }>`explain select a.id from appointments a where (${doc}) like ${pattern}`.execute(trx);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const rows = await sql<{ detail: string }>`explain query plan select a.id from appointments a where a.rowid in (select rowid from appointments_search where appointments_search match ${`"${q}"`})`.execute(db);
  return rows.rows.map((r) => r.detail).join('\n');
}

describe('staff search through the trigram index', () => {
  it('answers from the index', async () => {
    expect(await plan('ramachandran')).toMatch(isPostgres ? /Bitmap Index Scan on appointments_search/ : /SCAN appointments_search VIRTUAL TABLE INDEX/);
  });

  it('finds a booking by any part of its name, e-mail, phone (with or without spaces) and id, and follows changes', async () => {
    const id = await book(t.app, { user_name: 'Lakshmi Ramachandran', user_email: 'L.Ramachandran@Example.org', user_phone: '+91 98450 77123' });
    const other = await book(t.app, { user_name: 'Arjun Mehta', user_email: 'arjun@example.com', user_phone: '9000012345' });
    for (const q of ['RAMACHAND', 'lakshmi r', 'l.ramachandran@ex', '98450 77', '9845077123', id.slice(2, 10)]) {
      expect((await search(q)).map((a) => a.id), q).toEqual([id]);
    }
    // A short text still finds by the row-by-row comparison.
    expect((await search('Ar')).map((a) => a.id)).toContain(other);
    // Renamed (staff correct a spelling): found by the new name only.
    await t.app.deps.db.updateTable('appointments').set({ user_name: 'Lakshmi Ramaswamy', user_name_key: 'lakshmi ramaswamy' }).where('id', '=', id).execute();
    expect((await search('ramaswa')).map((a) => a.id)).toEqual([id]);
    expect(await search('ramachandran r')).toEqual([]);
  });
});

describe('staff search by an e-mail address (decision 039)', () => {
  it("a whole address, in any case, finds that address's bookings through its own index; a prefix too", async () => {
    const first = await book(t.app, { user_name: 'Nisha Varghese', user_email: 'nisha.v@example.net' });
    const second = await book(t.app, { user_name: 'Nisha Varghese', user_email: 'Nisha.V@Example.net' });
    const lookalike = await book(t.app, { user_name: 'Anisha Varghese', user_email: 'anisha.v@example.net' });
    const ids = async (q: string) => (await search(q)).map((a) => a.id).sort();
    expect(await ids('NISHA.V@example.NET')).toEqual([first, second].sort());
    expect(await ids('nisha.v@exam')).toEqual([first, second].sort());
    expect(await ids('anisha.v@example.net')).toEqual([lookalike]);
    // A part of an address that begins none: found as before, as a substring of the search document.
    expect(await ids('isha.v@example.net')).toEqual([first, second, lookalike].sort());
    expect(await search('nobody.here@example.net')).toEqual([]);
  });

  it('reads the e-mail index, not the trigram index', async () => {
    const { db } = t.app.deps;
    const [from, to] = ['nisha.v@example.net', 'nisha.v@example.net\u{10FFFF}'];
    const detail = isPostgres
      ? await db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const rows = await sql<{ 'QUERY PLAN': string }>`explain select a.id from appointments a where lower(a.user_email) collate "C" >= ${from} and lower(a.user_email) collate "C" < ${to}`.execute(trx);
          return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
        })
      : (await sql<{ detail: string }>`explain query plan select a.id from appointments a where lower(a.user_email) >= ${from} and lower(a.user_email) < ${to}`.execute(db)).rows.map((r) => r.detail).join('\n');
    expect(detail).toMatch(/appointments_email_key/);
  });
});
