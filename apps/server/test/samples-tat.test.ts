// The TAT report (docs/samples.md, decision 072): per test and India week, the tests released, the median and
// 90th percentile of hours from receipt to release and the share on time, from the summary the release keeps
// in its own transaction; a container counted once (an amendment's release adds nothing), a rejected one not
// at all (and taken out when rejected after the release); the migration's backfill agrees with the live
// counts; bad input is named by field; the roles of the queue may read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillTat } from '../src/db/migrations/tat-summary-backfill.ts';
import { indiaMoment } from '../src/lib/time.ts';
import { reportReleased } from '../src/modules/samples/journey.ts';
import { tatWeeklyQuery } from '../src/modules/samples/queries.ts';
import { indiaWeek } from '../src/modules/samples/tat.ts';
import { bearer, isPostgres, makeApp, queryPlan, type TestApp } from './helpers.ts';
import { testIdsByName } from './report-helpers.ts';
import { book, createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let pinned: Date | null = null;
let desk: StaffAccount;
let phlebotomist: StaffAccount;
let technician: StaffAccount;
let pathologist: StaffAccount;
let second: StaffAccount;
let tests: Map<string, number>;

const as = (who: StaffAccount | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/staff${url}`,
    headers: who ? bearer(who) : {},
    ...(payload ? { payload } : {}),
  });
const testId = (name: string) => tests.get(name)!;
const HOUR = 3_600_000;

interface Figures {
  released: number;
  median_hours: number;
  p90_hours: number;
  on_time: number;
  on_time_share: number;
}
interface Report {
  weeks: string[];
  from: string;
  to: string;
  cap_hours: number;
  tests: Array<{
    test_id: number;
    test_name: string;
    weeks: Array<Figures & { week: string }>;
    total: Figures;
  }>;
}

async function collected(names: string[]): Promise<{ id: string; accession: string }> {
  const id = await book(t.app, { tests: names.map(testId) });
  expect(
    (
      await as(desk, 'POST', `/appointments/${id}/status`, {
        status: 'approved',
      })
    ).statusCode,
  ).toBe(200);
  const res = await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
  expect(res.statusCode, res.body).toBe(200);
  const samples = res.json().samples as Array<{ accession: string }>;
  expect(samples).toHaveLength(1);
  return { id, accession: samples[0]!.accession };
}

/** received at an India date and time; answers the receipt and the expected time fixed at it */
async function receivedAt(visit: { accession: string }, date: string, time: string): Promise<{ received: Date; expected: Date }> {
  pinned = indiaMoment(date, time);
  try {
    const res = await as(technician, 'POST', '/samples/receive', {
      accession: visit.accession,
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      received: pinned,
      expected: new Date(res.json().expected_at as string),
    };
  } finally {
    pinned = null;
  }
}

/** the release's hook at a chosen moment, in a transaction as the release runs it (reports/service.ts) */
const releasedAt = (id: string, at: Date) => t.app.deps.db.transaction().execute((trx) => reportReleased(trx, id, at.toISOString()));

// two India weeks long past (Mondays), so the default range of the last 8 weeks holds none of them
const W1 = '2026-09-07';
const W2 = '2026-09-14';

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' }, { now: () => pinned ?? new Date() });
  desk = await createStaff(t.app, 'reception', {
    first_name: 'Asha',
    last_name: 'Rao',
  });
  phlebotomist = await createStaff(t.app, 'phlebotomist', {
    first_name: 'Ravi',
    last_name: 'Yadav',
  });
  technician = await createStaff(t.app, 'technician', {
    first_name: 'Vikram',
    last_name: 'Singh',
  });
  pathologist = await createStaff(t.app, 'pathologist', {
    first_name: 'Neha',
    last_name: 'Gupta',
  });
  second = await createStaff(t.app, 'pathologist', {
    first_name: 'Anil',
    last_name: 'Mehta',
  });
  tests = await testIdsByName(t.app);
  expect((await as(technician, 'PUT', `/samples/turnaround/${testId('Uric Acid')}`, { hours: 4, cutoff: null })).statusCode).toBe(200);
  expect((await as(technician, 'PUT', `/samples/turnaround/${testId('Serum Calcium')}`, { hours: 4, cutoff: null })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the TAT report per test and week', () => {
  it('counts releases by India week with their median, 90th percentile and share on time', { timeout: 120_000 }, async () => {
    const uric = testId('Uric Acid');
    const calcium = testId('Serum Calcium');
    // week 1: 3 h on time, 6 h late, 1.5 h on time
    const v1 = await collected(['Uric Acid']);
    const r1 = await receivedAt(v1, '2026-09-08', '10:00');
    expect(r1.expected.getTime()).toBe(r1.received.getTime() + 4 * HOUR);
    await releasedAt(v1.id, new Date(r1.received.getTime() + 3 * HOUR));
    const v2 = await collected(['Uric Acid']);
    const r2 = await receivedAt(v2, '2026-09-08', '10:00');
    await releasedAt(v2.id, new Date(r2.received.getTime() + 6 * HOUR));
    const v3 = await collected(['Uric Acid']);
    const r3 = await receivedAt(v3, '2026-09-09', '10:00');
    await releasedAt(v3.id, new Date(r3.received.getTime() + 1.5 * HOUR));
    // week 2: 26 h late (received Monday, released Tuesday), and one container of both tests 2 h on time
    const v4 = await collected(['Uric Acid']);
    const r4 = await receivedAt(v4, '2026-09-14', '10:00');
    await releasedAt(v4.id, new Date(r4.received.getTime() + 26 * HOUR));
    const v5 = await collected(['Uric Acid', 'Serum Calcium']);
    const r5 = await receivedAt(v5, '2026-09-15', '10:00');
    await releasedAt(v5.id, new Date(r5.received.getTime() + 2 * HOUR));
    // released again (as if a second release ran): counted once
    await releasedAt(v1.id, new Date(r1.received.getTime() + 50 * HOUR));
    // rejected before the release: never counted; rejected after it: taken out again
    const v6 = await collected(['Uric Acid']);
    await receivedAt(v6, '2026-09-15', '11:00');
    expect(
      (
        await as(technician, 'POST', '/samples/reject', {
          accession: v6.accession,
          reason: 'haemolysed',
        })
      ).statusCode,
    ).toBe(200);
    await releasedAt(v6.id, indiaMoment('2026-09-15', '15:00'));
    const v7 = await collected(['Serum Calcium']);
    await receivedAt(v7, '2026-09-16', '10:00');
    await releasedAt(v7.id, indiaMoment('2026-09-16', '12:00'));
    const before = (await as(technician, 'GET', `/samples/tat?weeks=2&to=2026-09-20&test_id=${calcium}`)).json() as Report;
    expect(before.tests[0]!.total.released).toBe(2);
    expect(
      (
        await as(technician, 'POST', '/samples/reject', {
          accession: v7.accession,
          reason: 'clotted',
        })
      ).statusCode,
    ).toBe(200);

    const res = await as(technician, 'GET', '/samples/tat?weeks=2&to=2026-09-20');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Report;
    expect(report).toMatchObject({
      weeks: [W1, W2],
      from: W1,
      to: '2026-09-20',
      cap_hours: 336,
    });
    const a = report.tests.find((x) => x.test_id === uric)!;
    expect(a.test_name).toBe('Uric Acid');
    expect(a.weeks).toEqual([
      {
        week: W1,
        released: 3,
        median_hours: 3,
        p90_hours: 6,
        on_time: 2,
        on_time_share: 0.667,
      },
      {
        week: W2,
        released: 2,
        median_hours: 2,
        p90_hours: 26,
        on_time: 1,
        on_time_share: 0.5,
      },
    ]);
    // the range as one: 1.5, 2, 3, 6, 26 hours
    expect(a.total).toEqual({
      released: 5,
      median_hours: 3,
      p90_hours: 26,
      on_time: 3,
      on_time_share: 0.6,
    });
    const b = report.tests.find((x) => x.test_id === calcium)!;
    expect(b.weeks).toEqual([
      {
        week: W2,
        released: 1,
        median_hours: 2,
        p90_hours: 2,
        on_time: 1,
        on_time_share: 1,
      },
    ]);

    // one test, one week
    const only = (await as(desk, 'GET', `/samples/tat?weeks=1&to=2026-09-10&test_id=${uric}`)).json() as Report;
    expect(only.weeks).toEqual([W1]);
    expect(only.tests.map((x) => [x.test_id, x.total.released])).toEqual([[uric, 3]]);
    // the default: the last 8 weeks, none of these
    const recent = (await as(technician, 'GET', `/samples/tat?test_id=${calcium}`)).json() as Report;
    expect(recent.weeks).toHaveLength(8);
    expect(recent.tests).toEqual([]);
  });

  it('counts a real release once, in this week, however often the report is amended', { timeout: 120_000 }, async () => {
    const uric = testId('Uric Acid');
    const week = indiaWeek(Date.now());
    const visit = await collected(['Uric Acid']);
    expect(
      (
        await as(technician, 'POST', '/samples/receive', {
          accession: visit.accession,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await as(desk, 'PUT', `/results/${visit.id}/patient`, {
          age_years: 40,
          sex: 'female',
        })
      ).statusCode,
    ).toBe(200);
    const rows = (await as(technician, 'GET', `/results/${visit.id}`)).json().rows as Array<{ parameter_id: number }>;
    expect(
      (
        await as(technician, 'PUT', `/results/${visit.id}`, {
          results: rows.map((r) => ({
            parameter_id: r.parameter_id,
            value: '5.0',
          })),
          final: true,
        })
      ).statusCode,
    ).toBe(200);
    const read = async () => ((await as(pathologist, 'GET', `/samples/tat?weeks=1&test_id=${uric}`)).json() as Report).tests[0]?.weeks.find((w) => w.week === week)?.released ?? 0;
    const none = await read();
    expect((await as(pathologist, 'POST', `/results/${visit.id}/release`)).statusCode).toBe(200);
    expect(await read()).toBe(none + 1);
    const amended = await as(second, 'POST', `/results/${visit.id}/amend`, {
      reason: 'Transcription error',
      results: [{ parameter_id: rows[0]!.parameter_id, value: '5.5' }],
    });
    expect(amended.statusCode, amended.body).toBe(200);
    expect((await as(pathologist, 'POST', `/results/${visit.id}/amendment/release`)).statusCode).toBe(200);
    expect(await read()).toBe(none + 1);
  });

  it("is what the migration's backfill makes of the containers", async () => {
    const { db } = t.app.deps;
    const key = (r: { week: string; test_id: number; bucket: number }) => `${r.week}|${r.test_id}|${r.bucket}`;
    const live = (await db.selectFrom('tat_weekly').selectAll().where('released', '>', 0).execute()).sort((x, y) => key(x).localeCompare(key(y)));
    expect(live.length).toBeGreaterThan(0);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tat_weekly').execute();
      await backfillTat(trx);
      const rebuilt = (await trx.selectFrom('tat_weekly').selectAll().execute()).sort((x, y) => key(x).localeCompare(key(y)));
      expect(rebuilt).toEqual(live);
    });
  });
});

describe('the TAT report\'s read', () => {
  it('is a range of the summary\'s key or its test index, never a scan of the table or of the containers', async () => {
    const { db } = t.app.deps;
    for (const testFilter of [null, 7]) {
      const compiled = tatWeeklyQuery(db, W1, W2, testFilter).compile();
      const plan = await queryPlan(db, compiled);
      expect(plan).toMatch(isPostgres ? /Index.* on tat_weekly/ : /SEARCH tat_weekly USING/);
      expect(plan).not.toMatch(/samples/);
    }
  });
});

describe("the TAT report's refusals", () => {
  it('names the bad field, never 500, and is closed to other roles', async () => {
    for (const weeks of ['0', '53', 'abc', String(2 ** 40), '1.5', '']) {
      const res = await as(technician, 'GET', `/samples/tat?weeks=${weeks}`);
      expect(res.statusCode, weeks).toBe(400);
      expect(res.json(), weeks).toEqual({ weeks: ['Ask for 1 to 52 weeks.'] });
    }
    for (const id of [String(2 ** 40), 'abc', '0', '-3']) {
      const res = await as(technician, 'GET', `/samples/tat?test_id=${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(Object.keys(res.json()), id).toEqual(['test_id']);
    }
    for (const to of ['2026-13-01', 'yesterday', '2026-09-10%00']) {
      const res = await as(technician, 'GET', `/samples/tat?to=${to}`);
      expect(res.statusCode, to).toBe(400);
      expect(Object.keys(res.json()), to).toEqual(['to']);
    }
    expect((await as(phlebotomist, 'GET', '/samples/tat')).statusCode).toBe(403);
    expect((await as(null, 'GET', '/samples/tat')).statusCode).toBe(401);
  });
});
