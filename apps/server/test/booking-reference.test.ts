// Booking references people read aloud: issued with every booking, unique, shown on the bill, the
// member's list and the staff queue, found by staff in any case, and given to appointments booked
// before they existed. SQLite and, with DATABASE_URL, PostgreSQL.
import { normalizeReference, REFERENCE_PATTERN } from '@lab/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { type Account, bearer, makeApp, openDate, type TestApp, withDatabaseAt } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

const SHAPE = REFERENCE_PATTERN;

let t: TestApp;
let staff: Account;
beforeAll(async () => {
  t = await makeApp();
  staff = await createStaff(t.app);
});
afterAll(() => t.close());

/** books as a guest and answers the id and the reference the bill shows */
async function booked(overrides: Parameters<typeof book>[1]): Promise<{ id: string; reference: string }> {
  const id = await book(t.app, overrides);
  const bill = await t.app.inject({ method: 'GET', url: `/api/billing/${id}/` });
  return { id, reference: bill.json().reference };
}

describe('normalizeReference', () => {
  it('reads a reference in any case, with or without the prefix and dashes, and refuses look-alikes', () => {
    expect(normalizeReference('lc-7k4m-q2')).toBe('LC-7K4M-Q2');
    expect(normalizeReference(' 7K4M Q2 ')).toBe('LC-7K4M-Q2');
    expect(normalizeReference('LC7K4MQ2')).toBe('LC-7K4M-Q2');
    expect(normalizeReference('LC-7K4M-O2')).toBeNull();
    expect(normalizeReference('LC-7K4M-Q')).toBeNull();
    expect(normalizeReference('')).toBeNull();
  });
});

describe('booking references', () => {
  it('gives each booking its own reference, shown on the answer, the bill, the list and the staff queue', async () => {
    const first = await booked({ user_name: 'Reference One' });
    const second = await booked({ user_name: 'Reference Two' });
    expect(first.reference).toMatch(SHAPE);
    expect(second.reference).toMatch(SHAPE);
    expect(second.reference).not.toBe(first.reference);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      payload: { date: openDate(3), time: '10:30', user_name: 'Direct Booker', user_email: 'd@example.com', user_phone: '9876543210', tests: [(await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().reference).toMatch(SHAPE);

    const queue = await t.app.inject({ method: 'GET', url: `/api/staff/appointments?q=${encodeURIComponent(first.reference.toLowerCase())}`, headers: bearer(staff) });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((a: { id: string; reference: string }) => [a.id, a.reference])).toEqual([[first.id, first.reference]]);
    // Read out without its dashes, it still finds the booking.
    const spoken = await t.app.inject({ method: 'GET', url: `/api/staff/appointments?q=${first.reference.replace(/-/g, ' ').slice(3)}`, headers: bearer(staff) });
    expect(spoken.json().items.map((a: { id: string }) => a.id)).toEqual([first.id]);
  });

  it('is refused twice by the unique index', async () => {
    const a = await booked({});
    const b = await booked({});
    await expect(t.app.deps.db.updateTable('appointments').set({ reference: a.reference }).where('id', '=', b.id).execute()).rejects.toThrow();
  });
});

describe('migration 006 on a database that has appointments', () => {
  it('gives every existing appointment a unique reference', async () => {
    await withDatabaseAt('005-staff-second-factor', async ({ db, dialect }) => {
      // The rows as they were then, without the columns the schema type now has.
      const raw = db as unknown as Kysely<any>;
      const at = new Date().toISOString();
      await raw
        .insertInto('appointments')
        .values(
          ['legacyOne', 'legacyTwo', 'legacyThree'].map((id) => ({
            id, user_id: null, user_name: 'Old Booking', user_email: 'o@example.com', user_phone: '9876543210',
            date: '2026-01-01', time: '10:00', home_sample: 0, address: '', status: 'booked', package_id: null, created_at: at, updated_at: at,
          })),
        )
        .execute();

      await migrateToLatest(db, dialect);
      const refs = (await db.selectFrom('appointments').select('reference').execute()).map((r) => r.reference);
      expect(refs).toHaveLength(3);
      for (const r of refs) expect(r).toMatch(SHAPE);
      expect(new Set(refs).size).toBe(3);
    });
  });
});
