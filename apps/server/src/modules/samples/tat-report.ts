// The turnaround-time report for staff (docs/samples.md, decision 072): per test and India week, the tests
// released, the median and 90th percentile of hours from receipt to release and the share on time, read
// from the summary the releases keep (migration 059), never from the containers: the database walks the
// range's tests × weeks × buckets rows, whatever the years of containers behind them, and answers a row per
// test and week with its buckets.
import { inIndia, type TatFigures, type TatReport } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays } from '../../lib/time.ts';
import { tatWeeklyRows, testNamesById } from './queries.ts';
import { histogramPercentile, TAT_CAP_HOURS, weeksEnding } from './tat.ts';

interface Tally {
  buckets: Map<number, number>;
  released: number;
  onTime: number;
}

const tally = (): Tally => ({ buckets: new Map(), released: 0, onTime: 0 });

function figures(t: Tally): TatFigures {
  return {
    released: t.released,
    median_hours: histogramPercentile(t.buckets, 0.5) ?? 0,
    p90_hours: histogramPercentile(t.buckets, 0.9) ?? 0,
    on_time: t.onTime,
    on_time_share: t.released === 0 ? 0 : Math.round((t.onTime / t.released) * 1000) / 1000,
  };
}

export async function tatReport(db: Kysely<Database>, query: { weeks: number; to?: string | undefined; test_id?: number | undefined }, now: Date): Promise<TatReport> {
  const weeks = weeksEnding(query.to ?? inIndia(now).date, query.weeks);
  const from = weeks[0]!;
  const last = weeks[weeks.length - 1]!;
  const rows = await tatWeeklyRows(db, from, last, query.test_id ?? null);
  const byTest = new Map<number, { total: Tally; weeks: Map<string, Tally> }>();
  for (const r of rows) {
    const test = byTest.get(r.test_id) ?? { total: tally(), weeks: new Map<string, Tally>() };
    byTest.set(r.test_id, test);
    const week = test.weeks.get(r.week) ?? tally();
    test.weeks.set(r.week, week);
    for (const pair of r.buckets.split(',')) {
      const colon = pair.indexOf(':');
      const bucket = Number(pair.slice(0, colon));
      const released = Number(pair.slice(colon + 1));
      week.buckets.set(bucket, (week.buckets.get(bucket) ?? 0) + released);
      test.total.buckets.set(bucket, (test.total.buckets.get(bucket) ?? 0) + released);
    }
    for (const t of [week, test.total]) {
      t.released += r.released;
      t.onTime += r.on_time;
    }
  }
  const names = await testNamesById(db, [...byTest.keys()]);
  const tests = [...byTest.entries()]
    .map(([testId, t]) => ({
      test_id: testId,
      test_name: names.get(testId) ?? `Test ${testId}`,
      weeks: [...t.weeks.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([week, w]) => ({ week, ...figures(w) })),
      total: figures(t.total),
    }))
    .sort((a, b) => a.test_name.localeCompare(b.test_name) || a.test_id - b.test_id);
  return { weeks, from, to: addDays(last, 6), cap_hours: TAT_CAP_HOURS, tests };
}
