// A broad staff search over years of bookings (decision 037): a text the trigram index finds
// more than NARROW_SEARCH_MAX bookings for, or no text at all, is read in steps down the date index and
// counted only up to QUEUE_COUNT_CAP ("more than 500": count_capped); a narrow one, or one day's
// queue, is counted exactly. Either way the page holds the same bookings in the same order.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NARROW_SEARCH_MAX, QUEUE_STEP_ROWS } from '../src/modules/appointments/queries.ts';
import { QUEUE_COUNT_CAP } from '../src/modules/appointments/service.ts';
import { bearer, isPostgres, makeApp, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let staff: StaffAccount;

interface Row {
  id: string;
  user_name: string;
  date: string;
  time: string;
  status: 'booked' | 'completed' | 'cancelled';
  created_at: string;
}

/** more bookings than a step of the date index holds, and more "Meera"s than a narrow search */
const ROWS = NARROW_SEARCH_MAX + 1500;
const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const rows: Row[] = Array.from({ length: ROWS }, (_, i) => ({
  id: `broad${String(i).padStart(6, '0')}`,
  // every row is a Meera but 1 in 7; the oldest 40 rows are also the only Savitris
  user_name: i < 40 ? `Savitri Meera ${i}` : i % 7 === 0 ? `Arjun Rao ${i}` : `Meera Iyer ${i}`,
  date: day(Math.floor(i / 9)),
  time: `${String(9 + (i % 5)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  // cancelled only among the oldest: found by the last steps down the date index
  status: i < 300 ? 'cancelled' : i % 3 ? 'completed' : 'booked',
  created_at: `2023-12-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
}));

beforeAll(async () => {
  t = await makeApp();
  staff = await createStaff(t.app);
  const { db } = t.app.deps;
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('appointments')
      .values(
        rows.slice(i, i + 500).map((r, k) => ({
          id: r.id,
          reference: `LB-B${String(i + k).padStart(6, '0')}`,
          user_id: null,
          user_name: r.user_name,
          user_name_key: r.user_name.toLowerCase(),
          user_email: `${r.id}@example.com`,
          user_phone: `+91 97${String(i + k).padStart(8, '0')}`,
          date: r.date,
          time: r.time,
          home_sample: 0 as const,
          address: '',
          status: r.status,
          created_at: r.created_at,
          updated_at: r.created_at,
        })),
      )
      .execute();
  }
  // PostgreSQL picks the way by the planner's estimate: the statistics autovacuum would gather by now
  if (isPostgres) await sql`analyze appointments`.execute(db);
}, 120_000);
afterAll(() => t.close());

interface Page {
  total: number;
  count_capped: boolean;
  limit: number;
  offset: number;
  items: Array<{ id: string; user_name: string; status: string; date: string }>;
}

async function queue(params: Record<string, string | number>): Promise<Page> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.inject({ method: 'GET', url: `/api/staff/appointments?${query}`, headers: bearer(staff) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** the queue's order: latest date first; within a day by time, then the latest booked, then id */
const inQueueOrder = (list: Row[]) =>
  [...list].sort((a, b) => b.date.localeCompare(a.date) || a.time.localeCompare(b.time) || b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));

const idsOf = (p: Page) => p.items.map((a) => a.id);

describe('a broad staff search', () => {
  const meeras = inQueueOrder(rows.filter((r) => r.user_name.startsWith('Meera') || r.user_name.includes(' Meera')));

  it('holds more matches than a narrow search and more rows than a step, so it goes down the date index', () => {
    expect(meeras.length).toBeGreaterThan(NARROW_SEARCH_MAX);
    expect(rows.length).toBeGreaterThan(QUEUE_STEP_ROWS);
  });

  it('answers the latest first and says "more than 500" instead of counting them all', async () => {
    const page = await queue({ q: 'meera', limit: 25 });
    expect(page).toMatchObject({ total: QUEUE_COUNT_CAP, count_capped: true, limit: 25, offset: 0 });
    expect(idsOf(page)).toEqual(meeras.slice(0, 25).map((r) => r.id));
  });

  it('pages on without gaps or repeats, and past the cap says more than what it has read', async () => {
    const second = await queue({ q: 'MEERA', limit: 25, offset: 25 });
    expect(idsOf(second)).toEqual(meeras.slice(25, 50).map((r) => r.id));
    const deep = await queue({ q: 'meera', limit: 100, offset: 1200 });
    expect(deep).toMatchObject({ total: 1300, count_capped: true });
    expect(idsOf(deep)).toEqual(meeras.slice(1200, 1300).map((r) => r.id));
  });

  it('counts exactly once the matches run out, however deep in the years they are', async () => {
    // The 300 cancelled bookings are the oldest: found only by the last steps.
    const cancelled = inQueueOrder(rows.filter((r) => r.status === 'cancelled' && r.user_name.includes('Meera')));
    const page = await queue({ q: 'meera', status: 'cancelled', limit: 100, offset: 200 });
    expect(page).toMatchObject({ total: cancelled.length, count_capped: false });
    expect(idsOf(page)).toEqual(cancelled.slice(200, 300).map((r) => r.id));
    expect(page.items.every((a) => a.status === 'cancelled')).toBe(true);
  });

  it('counts one day exactly, broad text or not', async () => {
    const date = rows[3000]!.date;
    const thatDay = meeras.filter((r) => r.date === date);
    const page = await queue({ q: 'meera', date });
    expect(page).toMatchObject({ total: thatDay.length, count_capped: false });
    expect(idsOf(page)).toEqual(thatDay.map((r) => r.id));
  });

  it('caps the count of the unfiltered queue and of a text too short for the index', async () => {
    const all = inQueueOrder(rows);
    const unfiltered = await queue({ limit: 10 });
    expect(unfiltered).toMatchObject({ total: QUEUE_COUNT_CAP, count_capped: true });
    expect(idsOf(unfiltered)).toEqual(all.slice(0, 10).map((r) => r.id));
    const short = await queue({ q: 'eR', limit: 10 });
    expect(short).toMatchObject({ total: QUEUE_COUNT_CAP, count_capped: true });
    expect(idsOf(short)).toEqual(all.filter((r) => r.user_name.toLowerCase().includes('er')).slice(0, 10).map((r) => r.id));
  });
});

describe('a narrow staff search', () => {
  it('is counted exactly', async () => {
    const savitris = inQueueOrder(rows.filter((r) => r.user_name.startsWith('Savitri')));
    const page = await queue({ q: 'savitri', limit: 10 });
    expect(page).toMatchObject({ total: savitris.length, count_capped: false });
    expect(idsOf(page)).toEqual(savitris.slice(0, 10).map((r) => r.id));
  });

  it('finds nothing with a count of 0', async () => {
    expect(await queue({ q: 'no such person' })).toMatchObject({ total: 0, count_capped: false, items: [] });
  });
});
