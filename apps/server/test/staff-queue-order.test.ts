// The staff queue opens on today's work (decision 052): today first, then the coming days earliest
// first, then the past latest first, for the unfiltered queue (read in steps through the date index),
// a narrow search and a status filter alike; the steps stay on the date index. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueStepEndQuery } from '../src/modules/appointments/queries.ts';
import { bearer, isPostgres, istDate, makeApp, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let staff: StaffAccount;

/** in the order the queue must show them */
const expected = [
  { id: 'queueorder-t0900', date: istDate(0), time: '09:00' },
  { id: 'queueorder-t1100', date: istDate(0), time: '11:00' },
  { id: 'queueorder-n1', date: istDate(1), time: '10:00' },
  { id: 'queueorder-n3', date: istDate(3), time: '09:30' },
  { id: 'queueorder-p1', date: istDate(-1), time: '12:00' },
  { id: 'queueorder-p2', date: istDate(-2), time: '09:00' },
];

beforeAll(async () => {
  t = await makeApp();
  staff = await createStaff(t.app);
  const at = new Date().toISOString();
  // inserted in an order of their own, so the answer's order is the queue's, not the table's
  const shuffled = [expected[4]!, expected[2]!, expected[5]!, expected[1]!, expected[3]!, expected[0]!];
  await t.app.deps.db
    .insertInto('appointments')
    .values(
      shuffled.map((r, i) => ({
        id: r.id,
        reference: `LB-QO${String(i).padStart(4, '0')}`,
        user_id: null,
        user_name: 'Zubin Queueorder',
        user_name_key: 'zubin queueorder',
        user_email: `${r.id}@example.com`,
        user_phone: `+91 98${String(i).padStart(8, '0')}`,
        date: r.date,
        time: r.time,
        home_sample: 0 as const,
        address: '',
        status: i % 2 ? 'booked' : 'approved',
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  if (isPostgres) await sql`analyze appointments`.execute(t.app.deps.db);
});
afterAll(() => t.close());

async function queue(params: Record<string, string | number> = {}): Promise<string[]> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.inject({ method: 'GET', url: `/api/staff/appointments?${query}`, headers: bearer(staff) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((a) => a.id).filter((id) => id.startsWith('queueorder-'));
}

describe('the staff queue', () => {
  it("opens on today's work, then the coming days, then the past, latest first", async () => {
    expect(await queue()).toEqual(expected.map((r) => r.id));
  });

  it('pages on in that order across the turn from the coming days to the past', async () => {
    expect(await queue({ limit: 2, offset: 3 })).toEqual([expected[3]!.id, expected[4]!.id]);
  });

  it('keeps the order for a narrow search and a status filter', async () => {
    expect(await queue({ q: 'queueorder' })).toEqual(expected.map((r) => r.id));
    const booked = await queue({ status: 'booked' });
    expect(booked).toEqual(expected.map((r) => r.id).filter((id) => booked.includes(id)));
    expect(booked.length).toBeGreaterThan(1);
  });

  it('still reads one past day when asked', async () => {
    expect(await queue({ date: istDate(-2) })).toEqual([expected[5]!.id]);
  });

  it.skipIf(isPostgres)("finds each step's end through the date index, never by reading the table (SQLite's plan)", async () => {
    const { db } = t.app.deps;
    for (const [range, order] of [
      [{ gte: istDate(0) }, 'asc'],
      [{ gt: istDate(2) }, 'asc'],
      [{ lt: istDate(0) }, 'desc'],
      [{ lt: istDate(-1) }, 'desc'],
    ] as const) {
      const step = queueStepEndQuery(db, range, order).compile();
      const plan = await db.executeQuery({ ...step, sql: `explain query plan ${step.sql}` });
      expect(JSON.stringify(plan.rows), JSON.stringify(range)).toMatch(/SEARCH a USING COVERING INDEX appointments_date \(date[<>]/);
    }
  });
});
