// The TAT summary's backfill (migration 059, decision 072): the counts per India week of the release, test and
// bucket of the wait, of the containers already reported. Apart from the migration so a test can check it
// agrees with the live counts and a benchmark can fill a seeded database the same way. Frozen like the
// migrations: the bucket and week rules are copied from samples/tat.ts as they stood, not imported.
import type { Kysely } from 'kysely';

/** India has kept +05:30 all year since 1945 */
const INDIA_OFFSET_MS = 330 * 60_000;

function bucketOf(minutes: number): number {
  if (minutes <= 0) return 0;
  if (minutes <= 1440) return Math.ceil(minutes / 15);
  if (minutes <= 4320) return 96 + Math.ceil((minutes - 1440) / 60);
  if (minutes <= 20160) return 144 + Math.ceil((minutes - 4320) / 360);
  return 189;
}

function weekOf(at: number): string {
  const local = new Date(at + INDIA_OFFSET_MS);
  const monday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - ((local.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday).toISOString().slice(0, 10);
}

const BATCH = 5000;

/**
 * The counts of the containers already reported, read a batch at a time by id and added up in memory (a year
 * of a busy lab is some thousands of rows of summary). Exported so a test can check it agrees with the live
 * counts, and a benchmark can fill a seeded database's summary the same way.
 */
export async function backfillTat(db: Kysely<any>): Promise<void> {
  const counts = new Map<
    string,
    {
      week: string;
      test_id: number;
      bucket: number;
      released: number;
      on_time: number;
    }
  >();
  let after = 0;
  for (;;) {
    const rows: Array<{
      id: number;
      received_at: string;
      reported_at: string;
      expected_at: string | null;
      test_id: number;
    }> = await db
      .selectFrom('samples as s')
      .innerJoin('sample_tests as st', 'st.sample_id', 's.id')
      .select(['s.id', 's.received_at', 's.reported_at', 's.expected_at', 'st.test_id'])
      .where('s.id', 'in', (eb: any) =>
        eb
          .selectFrom('samples')
          .select('id')
          .where('id', '>', after)
          .where('status', '=', 'received')
          .where('reported_at', 'is not', null)
          .where('received_at', 'is not', null)
          // received after the release (never counted by it)
          .whereRef('received_at', '<=', 'reported_at')
          .orderBy('id')
          .limit(BATCH),
      )
      .orderBy('s.id')
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const released = Date.parse(r.reported_at);
      const week = weekOf(released);
      const bucket = bucketOf(Math.ceil((released - Date.parse(r.received_at)) / 60_000));
      const key = `${week}|${r.test_id}|${bucket}`;
      const c = counts.get(key) ?? {
        week,
        test_id: r.test_id,
        bucket,
        released: 0,
        on_time: 0,
      };
      c.released += 1;
      if (r.expected_at !== null && r.reported_at <= r.expected_at) c.on_time += 1;
      counts.set(key, c);
    }
    after = rows[rows.length - 1]!.id;
  }
  const all = [...counts.values()];
  for (let i = 0; i < all.length; i += 500)
    await db
      .insertInto('tat_weekly')
      .values(all.slice(i, i + 500))
      .execute();
}
