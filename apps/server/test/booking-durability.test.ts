// Bookings on an SQLite file: concurrent bookings are group-committed, the write-ahead log is
// checkpointed by the background thread (not inside a request), synced off the event loop before an
// answer (decision 042), and everything acknowledged is in the database file after a clean shutdown.
// SQLite only: PostgreSQL keeps its own log.
import { copyFileSync, existsSync, mkdtempSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { isPostgres, spreadVisit } from './helpers.ts';

async function fileApp() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lab-durable-')), 'lab.db');
  const config = {
    ...loadConfig({ DATABASE_URL: `file:${file}`, JWT_SECRET: 'test-secret-test-secret-test-secret-0123', RATE_LIMITS: 'off' }),
    webDist: undefined,
  };
  return { file, app: await buildApp(config, { logger: false, mailer: { send: async () => {} } }) };
}

const synchronousOf = async (app: Awaited<ReturnType<typeof buildApp>>) =>
  (await sql<{ synchronous: number }>`pragma synchronous`.execute(app.deps.db)).rows[0]?.synchronous;

describe.skipIf(isPostgres)('bookings on an SQLite file', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers a booking only after the log holding its commit is synced, and leaves the connection's other writes synced in their commit", async () => {
    const { file, app } = await fileApp();
    try {
      const tests = (await app.inject({ method: 'GET', url: '/api/tests/' })).json().filter((x: { preparation?: { latest_time: string | null } }) => !x.preparation?.latest_time);
      // Every FileHandle shares one prototype: watch its datasync, the call the WAL's sync makes.
      const probe = await open(file, 'r');
      const prototype = Object.getPrototypeOf(probe) as { datasync(): Promise<void> };
      await probe.close();
      const events: string[] = [];
      const original = prototype.datasync;
      vi.spyOn(prototype, 'datasync').mockImplementation(function (this: unknown) {
        events.push('sync started');
        return original.call(this).then(() => void events.push('synced'));
      });
      const booked = app
        .inject({ method: 'POST', url: '/api/appointments/', payload: { ...spreadVisit(1), user_name: 'Synced Patient', user_email: 'p@example.com', user_phone: '9876543210', tests: [tests[0].id] } })
        .then((r) => {
          events.push('answered');
          return r;
        });
      expect((await booked).statusCode).toBe(201);
      expect(events).toEqual(['sync started', 'synced', 'answered']);
      // The booking's commit went to the WAL with synchronous = NORMAL; everything else commits with FULL.
      expect(await synchronousOf(app)).toBe(2);
      // A failed transaction leaves it at FULL too, and writes nothing.
      await expect(
        app.deps.durableTransaction(async (trx) => {
          await trx.updateTable('appointments').set({ user_name: 'Changed' }).execute();
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await synchronousOf(app)).toBe(2);
      expect(await app.deps.db.selectFrom('appointments').select('user_name').execute()).toEqual([{ user_name: 'Synced Patient' }]);
    } finally {
      await app.close();
    }
  });

  it('keeps every acknowledged booking and checkpoints the log in the background', async () => {
    const { file, app } = await fileApp();
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
