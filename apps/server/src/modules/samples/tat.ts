// The turnaround-time (TAT) report's rules (docs/samples.md, decision 072): each test of a container counts
// once, at its visit's first release, in the India week (Monday to Sunday) of that release, in a bucket of
// hours from the container's receipt, on time when released at or before its expected time. The report
// reads only these counts (a histogram per test, week and bucket), so its median and 90th percentile are a
// bucket's upper edge: exact to 15 minutes up to a day, to an hour up to 3 days, to 6 hours up to 14 days;
// longer waits share one bucket, answered as 336 hours (shown "336+"). Pure: no database, no clock.
import { inIndia } from '@lab/contract';
import { addDays } from '../../lib/time.ts';

/** the last bucket holds every wait longer than this (14 days) */
export const TAT_CAP_MINUTES = 14 * 24 * 60;
export const TAT_CAP_HOURS = TAT_CAP_MINUTES / 60;

/**
 * The bucket of a wait in minutes: 0 for none (or a clock that ran back), then buckets closed at their
 * upper edge (a wait of exactly 6 h is in the bucket ending at 6 h): 15 minutes wide up to 24 h (1–96),
 * an hour up to 72 h (97–144), 6 hours up to 336 h (145–188), and 189 beyond.
 */
export function tatBucket(minutes: number): number {
  if (minutes <= 0) return 0;
  if (minutes <= 1440) return Math.ceil(minutes / 15);
  if (minutes <= 4320) return 96 + Math.ceil((minutes - 1440) / 60);
  if (minutes <= TAT_CAP_MINUTES) return 144 + Math.ceil((minutes - 4320) / 360);
  return 189;
}

/** a bucket's upper edge in hours (the last bucket: the cap) */
export function tatBucketHours(bucket: number): number {
  if (bucket <= 96) return (bucket * 15) / 60;
  if (bucket <= 144) return 24 + (bucket - 96);
  if (bucket <= 188) return 72 + (bucket - 144) * 6;
  return TAT_CAP_HOURS;
}

/** the Monday (India date, YYYY-MM-DD) of the India week an instant falls in */
export function indiaWeek(at: Date | number): string {
  const date = inIndia(at).date;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

export interface TatCount {
  test_id: number;
  week: string;
  bucket: number;
  released: number;
  on_time: number;
}

/** one test of one container released: where it counts (the minutes run whole, rounded up) */
export function tatCountOf(testId: number, receivedAt: string, releasedAt: string, expectedAt: string | null): TatCount {
  const released = Date.parse(releasedAt);
  const minutes = Math.ceil((released - Date.parse(receivedAt)) / 60_000);
  return {
    test_id: testId,
    week: indiaWeek(released),
    bucket: tatBucket(minutes),
    released: 1,
    on_time: expectedAt !== null && releasedAt <= expectedAt ? 1 : 0,
  };
}

/** counts of the same test, week and bucket added together */
export function addCounts(counts: readonly TatCount[]): TatCount[] {
  const out = new Map<string, TatCount>();
  for (const c of counts) {
    const key = `${c.week}|${c.test_id}|${c.bucket}`;
    const had = out.get(key);
    if (had) {
      had.released += c.released;
      had.on_time += c.on_time;
    } else out.set(key, { ...c });
  }
  return [...out.values()];
}

/**
 * The nearest-rank percentile (p in 0–1) of a histogram, as the upper edge in hours of the bucket that
 * holds it: the smallest bucket whose running count reaches ceil(p × n). Null for no counts.
 */
export function histogramPercentile(buckets: ReadonlyMap<number, number>, p: number): number | null {
  let total = 0;
  for (const n of buckets.values()) total += n;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let running = 0;
  for (const bucket of [...buckets.keys()].sort((a, b) => a - b)) {
    running += buckets.get(bucket)!;
    if (running >= rank) return tatBucketHours(bucket);
  }
  return null;
}

/** the Mondays of `weeks` India weeks ending with the week of `lastDay` (YYYY-MM-DD), oldest first */
export function weeksEnding(lastDay: string, weeks: number): string[] {
  const weekday = new Date(`${lastDay}T00:00:00Z`).getUTCDay();
  const last = addDays(lastDay, -((weekday + 6) % 7));
  return Array.from({ length: weeks }, (_, i) => addDays(last, (i - weeks + 1) * 7));
}
