// The booking writer's multi-row insert (db/insert-many.ts), on SQLite and, with DATABASE_URL,
// PostgreSQL: rows land as given, NULL where a value is left undefined, batches of every size, and a
// row naming other columns is refused before anything is written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertMany } from '../src/db/insert-many.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const pinsFrom = async (prefix: string) =>
  (await t.app.deps.db.selectFrom('service_pins').selectAll().where('pin', 'like', `${prefix}%`).orderBy('pin').execute()).map((r) => [r.pin, r.locality]);

it('writes every row of a batch, in batches of any size', async () => {
  const { db, dialect } = t.app.deps;
  await insertMany(db, dialect, 'service_pins', [
    { pin: '990001', locality: 'Ward 1' },
    { pin: '990002', locality: 'Ward 2' },
    { pin: '990003', locality: 'Ward 3' },
  ]);
  await insertMany(db, dialect, 'service_pins', [{ pin: '990004', locality: 'Ward 4' }]);
  await insertMany(db, dialect, 'service_pins', []);
  expect(await pinsFrom('9900')).toEqual([
    ['990001', 'Ward 1'],
    ['990002', 'Ward 2'],
    ['990003', 'Ward 3'],
    ['990004', 'Ward 4'],
  ]);
});

it('writes an undefined value as NULL', async () => {
  const { db, dialect } = t.app.deps;
  const at = new Date().toISOString();
  const row = { kind: 'test', appointment_id: undefined, unique_key: null, recipient: 'a@example.com', subject: 'S', message_json: null, state: 'queued' as const, run_at: at, attempts: 0, created_at: at, updated_at: at };
  await insertMany(db, dialect, 'mail_jobs', [row]);
  const saved = await db.selectFrom('mail_jobs').selectAll().where('kind', '=', 'test').executeTakeFirstOrThrow();
  expect(saved).toMatchObject({ appointment_id: null, unique_key: null, recipient: 'a@example.com', state: 'queued' });
});

it('refuses a batch whose rows name different columns, and writes none of it', async () => {
  const { db, dialect } = t.app.deps;
  const rows = [{ pin: '990101', locality: 'Ward 1' }, { pin: '990102', place: 'Ward 2' }] as unknown as Array<{ pin: string; locality: string }>;
  await expect(insertMany(db, dialect, 'service_pins', rows)).rejects.toThrow(/names the columns pin, locality/);
  expect(await pinsFrom('9901')).toEqual([]);
});
