// Bookings on an SQLite file: concurrent bookings are group-committed, the write-ahead log is
// checkpointed by the background thread (not inside a request), and everything acknowledged is in the
// database file after a clean shutdown. SQLite only: PostgreSQL keeps its own log.
import { copyFileSync, existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { isPostgres, spreadVisit } from './helpers.ts';

describe.skipIf(isPostgres)('bookings on an SQLite file', () => {
  it('keeps every acknowledged booking and checkpoints the log in the background', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lab-durable-')), 'lab.db');
    const config = {
      ...loadConfig({ DATABASE_URL: `file:${file}`, JWT_SECRET: 'test-secret-test-secret-test-secret-0123', RATE_LIMITS: 'off' }),
      webDist: undefined,
    };
    const app = await buildApp(config, { logger: false, mailer: { send: async () => {} } });
    // Tests any time of day suits: fasting tests are booked before 11:00 only.
    const tests = (await app.inject({ method: 'GET', url: '/api/tests/' })).json().filter((x: { preparation?: { latest_time: string | null } }) => !x.preparation?.latest_time);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/appointments/',
          payload: { ...spreadVisit(i), user_name: 'Durable Patient', user_email: 'p@example.com', user_phone: '9876543210', tests: [tests[i % tests.length].id] },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    // The request path never checkpoints; the background thread does, within a few rounds.
    expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(app.deps.db)).rows[0]?.wal_autocheckpoint).toBe(0);
    const walFile = `${file}-wal`;
    // A copy of the database file without its log holds only what has been checkpointed into it.
    const inFile = () => {
      const copy = path.join(path.dirname(file), 'copy.db');
      copyFileSync(file, copy);
      try {
        const reader = new SQLite(copy, { readonly: true });
        try {
          return (reader.prepare('select count(*) as n from appointments').get() as { n: number }).n;
        } finally {
          reader.close();
        }
      } catch {
        return -1; // copied in the middle of a checkpoint: look again
      }
    };
    let copied = inFile();
    for (let i = 0; i < 50 && copied < 300; i++) {
      await new Promise((r) => setTimeout(r, 100));
      copied = inFile();
    }
    expect(copied).toBe(300);
    await app.close();

    // After close the log is truncated and the database file alone holds every booking.
    expect(!existsSync(walFile) || statSync(walFile).size === 0).toBe(true);
    const db = new SQLite(file, { readonly: true });
    try {
      const row = db.prepare('select (select count(*) from appointments) as a, (select count(*) from bills) as b').get() as { a: number; b: number };
      expect(row).toEqual({ a: 300, b: 300 });
    } finally {
      db.close();
    }
  });
});
