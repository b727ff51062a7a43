// The samples module's SQL: tests' container settings, a visit's tests with what they are drawn into, the
// containers drawn and the tests each serves, and a container by its accession number (unique index).
import { type Kysely, sql } from 'kysely';
import type { ContainerCode } from '@lab/contract';
import type { Database, SampleStatus } from '../../db/schema.ts';
import type { Dialect } from '../../db/index.ts';

type Db = Kysely<Database>;

export interface TestSettingRow {
  test_id: number;
  name: string;
  slug: string;
  container: string | null;
  volume_ul: number | null;
  /** the turnaround staff set (null: none set) */
  tat_hours: number | null;
  tat_cutoff: string | null;
}

/** every active test with its category and the container staff set (null: none set) */
export function activeTestSettings(db: Db): Promise<TestSettingRow[]> {
  return db
    .selectFrom('tests as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .leftJoin('test_samples as s', 's.test_id', 't.id')
    .leftJoin('test_turnaround as tt', 'tt.test_id', 't.id')
    .select(['t.id as test_id', 't.name', 'c.slug', 's.container', 's.volume_ul', 'tt.hours as tat_hours', 'tt.cutoff as tat_cutoff'])
    .where('t.active', '=', 1)
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
}

export function testSetting(db: Db, testId: number): Promise<TestSettingRow | undefined> {
  return db
    .selectFrom('tests as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .leftJoin('test_samples as s', 's.test_id', 't.id')
    .leftJoin('test_turnaround as tt', 'tt.test_id', 't.id')
    .select(['t.id as test_id', 't.name', 'c.slug', 's.container', 's.volume_ul', 'tt.hours as tat_hours', 'tt.cutoff as tat_cutoff'])
    .where('t.id', '=', testId)
    .executeTakeFirst();
}

export async function putTestSetting(db: Db, testId: number, container: ContainerCode, volumeUl: number, by: number, at: string): Promise<void> {
  await db
    .insertInto('test_samples')
    .values({ test_id: testId, container, volume_ul: volumeUl, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column('test_id').doUpdateSet({ container, volume_ul: volumeUl, updated_at: at, updated_by: by }))
    .execute();
}

/** a visit's tests as charged (a test booked twice once), with the catalogue's category and staff's setting */
export function visitTests(db: Db, appointmentId: string): Promise<TestSettingRow[]> {
  return db
    .selectFrom('appointment_tests as at')
    .innerJoin('tests as t', 't.id', 'at.test_id')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .leftJoin('test_samples as s', 's.test_id', 't.id')
    .leftJoin('test_turnaround as tt', 'tt.test_id', 't.id')
    .select(['at.test_id', 'at.name', 'c.slug', 's.container', 's.volume_ul', 'tt.hours as tat_hours', 'tt.cutoff as tat_cutoff'])
    .where('at.appointment_id', '=', appointmentId)
    .orderBy('at.position')
    .execute();
}

export interface VisitRow {
  id: string;
  status: string;
  reference: string;
  user_name: string;
  patient_date_of_birth: string | null;
  patient_age_years: number | null;
  patient_sex: string | null;
  sample_collected_at: string | null;
}

export function visit(db: Db, appointmentId: string): Promise<VisitRow | undefined> {
  return db
    .selectFrom('appointments')
    .select(['id', 'status', 'reference', 'user_name', 'patient_date_of_birth', 'patient_age_years', 'patient_sex', 'sample_collected_at'])
    .where('id', '=', appointmentId)
    .executeTakeFirst();
}

export interface SampleRow {
  id: number;
  accession: string;
  appointment_id: string;
  container: string;
  volume_ul: number;
  status: SampleStatus;
  collected_at: string;
  received_at: string | null;
  reject_reason: string | null;
  problem: string | null;
  expected_at: string | null;
}

const sampleColumns = ['id', 'accession', 'appointment_id', 'container', 'volume_ul', 'status', 'collected_at', 'received_at', 'reject_reason', 'problem', 'expected_at'] as const;

export function samplesOf(db: Db, appointmentId: string): Promise<SampleRow[]> {
  return db.selectFrom('samples').select(sampleColumns).where('appointment_id', '=', appointmentId).orderBy('id').execute();
}

export function sampleByAccession(db: Db, accession: string): Promise<SampleRow | undefined> {
  return db.selectFrom('samples').select(sampleColumns).where('accession', '=', accession).executeTakeFirst();
}

/** the names (as charged) of the tests each container serves, by sample id */
export async function testNamesOf(db: Db, appointmentId: string, sampleIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (sampleIds.length === 0) return out;
  const rows = await db
    .selectFrom('sample_tests as st')
    .innerJoin('appointment_tests as at', (j) => j.onRef('at.test_id', '=', 'st.test_id').on('at.appointment_id', '=', appointmentId))
    .select(['st.sample_id', 'at.name', 'at.position'])
    .where('st.sample_id', 'in', [...sampleIds])
    .orderBy('at.position')
    .execute();
  for (const r of rows) {
    const names = out.get(r.sample_id) ?? [];
    if (!names.includes(r.name)) names.push(r.name);
    out.set(r.sample_id, names);
  }
  return out;
}

export async function insertSample(
  trx: Db,
  row: { accession: string; appointment_id: string; container: string; volume_ul: number; collected_at: string; collected_by: number; created_at: string },
  testIds: readonly number[],
): Promise<void> {
  const { id } = await trx
    .insertInto('samples')
    .values({ ...row, status: 'collected' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('sample_tests')
    .values([...new Set(testIds)].map((test_id) => ({ sample_id: id, test_id })))
    .execute();
}

/** marks a collected container received (with a problem, if any); false when it was not 'collected' any more (someone else was first) */
export async function markReceived(trx: Db, sampleId: number, by: number, at: string, problem: string | null, expectedAt: string): Promise<boolean> {
  const res = await trx
    .updateTable('samples')
    .set({ status: 'received', received_at: at, received_by: by, problem, expected_at: expectedAt })
    .where('id', '=', sampleId)
    .where('status', '=', 'collected')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** rejects a container not rejected yet (collected or received); false when someone rejected it first */
export async function markRejected(trx: Db, sampleId: number, reason: string, by: number, at: string): Promise<boolean> {
  const res = await trx
    .updateTable('samples')
    .set({ status: 'rejected', reject_reason: reason, rejected_at: at, rejected_by: by })
    .where('id', '=', sampleId)
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** who to tell of a visit, in which language */
export function contactOf(db: Db, appointmentId: string) {
  return db.selectFrom('appointments').select(['user_email', 'user_name', 'reference', 'language', 'home_sample', 'status']).where('id', '=', appointmentId).executeTakeFirst();
}

export async function insertRecollection(trx: Db, row: { sample_id: number; appointment_id: string; home_sample: 0 | 1; created_at: string }): Promise<void> {
  await trx.insertInto('recollections').values(row).execute();
}

export interface RecollectionRow {
  id: number;
  sample_id: number;
  appointment_id: string;
  home_sample: number;
  date: string | null;
  time: string | null;
  chosen_at: string | null;
  reject_reason: string | null;
}

/** a rejected container's recollection (unique per container) with the reason */
export function recollection(db: Db, sampleId: number): Promise<RecollectionRow | undefined> {
  return db
    .selectFrom('recollections as r')
    .innerJoin('samples as s', 's.id', 'r.sample_id')
    .select(['r.id', 'r.sample_id', 'r.appointment_id', 'r.home_sample', 'r.date', 'r.time', 'r.chosen_at', 's.reject_reason'])
    .where('r.sample_id', '=', sampleId)
    .executeTakeFirst();
}

/** the slot, once: false when it was picked meanwhile */
export async function chooseRecollection(trx: Db, id: number, date: string, time: string, at: string): Promise<boolean> {
  const res = await trx.updateTable('recollections').set({ date, time, chosen_at: at }).where('id', '=', id).where('chosen_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** the tests a container not rejected serves */
export async function coveredTests(db: Db, appointmentId: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('samples as s')
    .innerJoin('sample_tests as st', 'st.sample_id', 's.id')
    .select('st.test_id')
    .where('s.appointment_id', '=', appointmentId)
    .where('s.status', '<>', 'rejected')
    .execute();
  return new Set(rows.map((r) => r.test_id));
}

/** the visit's recollections not drawn yet, marked drawn; false when there were none (drawn meanwhile) */
export async function markRecollected(trx: Db, appointmentId: string, at: string): Promise<boolean> {
  const res = await trx.updateTable('recollections').set({ collected_at: at }).where('appointment_id', '=', appointmentId).where('collected_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function putTurnaround(db: Db, testId: number, hours: number, cutoff: string | null, by: number, at: string): Promise<void> {
  await db
    .insertInto('test_turnaround')
    .values({ test_id: testId, hours, cutoff, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column('test_id').doUpdateSet({ hours, cutoff, updated_at: at, updated_by: by }))
    .execute();
}

/** the tests one container serves, with their category and the turnaround staff set */
export function sampleTestSettings(db: Db, sampleId: number): Promise<Array<{ name: string; slug: string; tat_hours: number | null; tat_cutoff: string | null }>> {
  return db
    .selectFrom('sample_tests as st')
    .innerJoin('tests as t', 't.id', 'st.test_id')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .leftJoin('test_turnaround as tt', 'tt.test_id', 't.id')
    .select(['t.name', 'c.slug', 'tt.hours as tat_hours', 'tt.cutoff as tat_cutoff'])
    .where('st.sample_id', '=', sampleId)
    .execute();
}

/**
 * A visit's containers leave the turnaround queue: its report is released. Answers the containers it marked,
 * as they are under the update's lock (so a rejection at the same moment is seen, on either side of it).
 */
export function markReported(trx: Db, appointmentId: string, at: string): Promise<Array<{ id: number; status: SampleStatus; received_at: string | null; expected_at: string | null }>> {
  return trx
    .updateTable('samples')
    .set({ reported_at: at })
    .where('appointment_id', '=', appointmentId)
    .where('reported_at', 'is', null)
    .returning(['id', 'status', 'received_at', 'expected_at'])
    .execute();
}

export interface QueueRow {
  id: number;
  accession: string;
  appointment_id: string;
  container: string;
  received_at: string | null;
  expected_at: string | null;
  reference: string;
  user_name: string;
}

/**
 * The containers received and not yet reported, soonest expected first: read through the partial index
 * holding only those (migration 053), so it never walks the containers already reported. A cancelled
 * visit's container is skipped.
 */
export function turnaroundQueue(db: Db, limit: number): Promise<QueueRow[]> {
  return turnaroundQueueQuery(db, limit).execute();
}

/** the queue's query, apart so a test can read its plan */
export function turnaroundQueueQuery(db: Db, limit: number) {
  return db
    .selectFrom('samples as s')
    .innerJoin('appointments as a', 'a.id', 's.appointment_id')
    .select(['s.id', 's.accession', 's.appointment_id', 's.container', 's.received_at', 's.expected_at', 'a.reference', 'a.user_name'])
    .where('s.status', '=', 'received')
    .where('s.reported_at', 'is', null)
    .where('a.status', '<>', 'cancelled')
    .orderBy('s.expected_at')
    .orderBy('s.id')
    .limit(limit);
}

/** the catalogue names of the tests each of a few containers serves, by sample id */
export async function testNamesOfSamples(db: Db, sampleIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (sampleIds.length === 0) return out;
  const rows = await db
    .selectFrom('sample_tests as st')
    .innerJoin('tests as t', 't.id', 'st.test_id')
    .select(['st.sample_id', 't.name'])
    .where('st.sample_id', 'in', [...sampleIds])
    .orderBy('t.name')
    .execute();
  for (const r of rows) out.set(r.sample_id, [...(out.get(r.sample_id) ?? []), r.name]);
  return out;
}

/** per visit: when its first container was received and the latest expected time of those not rejected */
export async function journeyOf(db: Db, appointmentIds: readonly string[]): Promise<Map<string, { received_at: string | null; expected_at: string | null }>> {
  const out = new Map<string, { received_at: string | null; expected_at: string | null }>();
  if (appointmentIds.length === 0) return out;
  const rows = await db
    .selectFrom('samples')
    // a late report's renewed time (decision 071) stands over the one fixed at receipt
    .select((eb) => ['appointment_id', eb.fn.min('received_at').as('received_at'), eb.fn.max(eb.fn.coalesce('renewed_expected_at', 'expected_at')).as('expected_at')])
    .where('appointment_id', 'in', [...appointmentIds])
    .where('status', '=', 'received')
    .groupBy('appointment_id')
    .execute();
  for (const r of rows) out.set(r.appointment_id, { received_at: r.received_at ?? null, expected_at: r.expected_at ?? null });
  return out;
}

/** the turnaround of each test of some visits, as charged (a test booked twice counts once), for the expected time before receipt */
/** a test's turnaround as staff set it (null: the default for its name and category, turnaround.ts turnaroundOf) */
export interface TestTurnaroundRow {
  test_id: number;
  name: string;
  slug: string;
  tat_hours: number | null;
  tat_cutoff: string | null;
}

/** the turnarounds of these tests (the booking keeps them per catalogue version: booking/catalogue-reads.ts) */
export function testTurnarounds(db: Db, testIds: readonly number[]): Promise<TestTurnaroundRow[]> {
  if (testIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tests as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .leftJoin('test_turnaround as tt', 'tt.test_id', 't.id')
    .select(['t.id as test_id', 't.name', 'c.slug', 'tt.hours as tat_hours', 'tt.cutoff as tat_cutoff'])
    .where('t.id', 'in', [...new Set(testIds)])
    .execute();
}

export function visitTurnarounds(db: Db, appointmentIds: readonly string[]): Promise<Array<{ appointment_id: string; name: string; slug: string; tat_hours: number | null; tat_cutoff: string | null }>> {
  return db
    .selectFrom('appointment_tests as at')
    .innerJoin('tests as t', 't.id', 'at.test_id')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .leftJoin('test_turnaround as tt', 'tt.test_id', 't.id')
    .select(['at.appointment_id', 't.name', 'c.slug', 'tt.hours as tat_hours', 'tt.cutoff as tat_cutoff'])
    .where('at.appointment_id', 'in', [...appointmentIds])
    .execute();
}

/**
 * The visits with a container whose report is late and not yet told (decision 071), the longest late
 * first: read through the partial index of exactly those containers (migration 058), so the years of
 * reported containers are never read. SQLite, without statistics, could take the queue's index (every
 * container waiting): it is told which to use.
 */
export async function lateVisits(db: Db, dialect: Dialect, before: string, limit: number): Promise<{ containers: number; visits: string[] }> {
  const rows = (await lateVisitsQuery(dialect, before, limit).execute(db)).rows;
  return { containers: rows.length, visits: [...new Set(rows.map((r) => r.appointment_id))] };
}

/** the late containers' query, apart so a test can read its plan */
export function lateVisitsQuery(dialect: Dialect, before: string, limit: number) {
  const indexed = dialect === 'sqlite' ? sql.raw('indexed by samples_late_due') : sql.raw('');
  return sql<{ id: number; appointment_id: string }>`select id, appointment_id from samples ${indexed}
    where status = 'received' and reported_at is null and late_notice_at is null and expected_at < ${before}
    order by expected_at, id limit ${limit}`;
}

/** a visit's containers waiting for their report, with the turnaround of the tests each serves */
export function waitingOf(db: Db, appointmentId: string) {
  return db
    .selectFrom('samples as s')
    .innerJoin('sample_tests as st', 'st.sample_id', 's.id')
    .innerJoin('tests as t', 't.id', 'st.test_id')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .leftJoin('test_turnaround as tt', 'tt.test_id', 't.id')
    .select(['s.id', 's.late_notice_at', 's.expected_at', 't.name', 'c.slug', 'tt.hours as tat_hours', 'tt.cutoff as tat_cutoff'])
    .where('s.appointment_id', '=', appointmentId)
    .where('s.status', '=', 'received')
    .where('s.reported_at', 'is', null)
    .execute();
}

/** whether the visit's patient was told of a late report already (any of its containers) */
export async function visitNoticed(db: Db, appointmentId: string): Promise<boolean> {
  const row = await db.selectFrom('samples').select('id').where('appointment_id', '=', appointmentId).where('late_notice_at', 'is not', null).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the visit's late containers noticed with the renewed time, guarded: only those still unreported
 * and unnoticed, so of two runners at once the second changes none (and sends nothing). Answers how many.
 */
export async function markLateNoticed(trx: Db, appointmentId: string, at: string, renewed: string): Promise<number> {
  const res = await trx
    .updateTable('samples')
    .set({ late_notice_at: at, renewed_expected_at: renewed })
    .where('appointment_id', '=', appointmentId)
    .where('status', '=', 'received')
    .where('reported_at', 'is', null)
    .where('late_notice_at', 'is', null)
    .where('expected_at', '<', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** the tests each of some containers serves */
export async function testIdsOfSamples(trx: Db, sampleIds: readonly number[]): Promise<Array<{ sample_id: number; test_id: number }>> {
  if (sampleIds.length === 0) return [];
  return trx.selectFrom('sample_tests').select(['sample_id', 'test_id']).where('sample_id', 'in', [...sampleIds]).execute();
}

/**
 * The tests of one container as the TAT report counted them: received before its visit's report was released
 * (a container received only after the release was never counted). Read after the container's rejection,
 * under its lock, so a release at the same moment is on one side of it.
 */
export function tatCountedOfSample(trx: Db, sampleId: number) {
  return trx
    .selectFrom('samples as s')
    .innerJoin('sample_tests as st', 'st.sample_id', 's.id')
    .select(['st.test_id', 's.received_at', 's.expected_at', 's.reported_at'])
    .where('s.id', '=', sampleId)
    .where('s.received_at', 'is not', null)
    .where('s.reported_at', 'is not', null)
    .whereRef('s.received_at', '<=', 's.reported_at')
    .execute();
}

/**
 * Adds counts to (or, with sign -1, takes them from) the TAT report's summary, in the caller's transaction.
 * Keys are written in one order (week, test, bucket), so two releases at once never wait on each other in a circle.
 */
export async function addTatCounts(trx: Db, counts: ReadonlyArray<{ week: string; test_id: number; bucket: number; released: number; on_time: number }>, sign: 1 | -1 = 1): Promise<void> {
  const ordered = [...counts].sort((a, b) => (a.week < b.week ? -1 : a.week > b.week ? 1 : a.test_id - b.test_id || a.bucket - b.bucket));
  for (const c of ordered) {
    const released = sign * c.released;
    const onTime = sign * c.on_time;
    await trx
      .insertInto('tat_weekly')
      .values({ week: c.week, test_id: c.test_id, bucket: c.bucket, released, on_time: onTime })
      .onConflict((oc) =>
        oc.columns(['week', 'test_id', 'bucket']).doUpdateSet((eb) => ({
          released: eb('tat_weekly.released', '+', released),
          on_time: eb('tat_weekly.on_time', '+', onTime),
        })),
      )
      .execute();
  }
}

/**
 * The TAT summary of some India weeks (Mondays, inclusive), of one test or all, a row per test and week with
 * its buckets as "bucket:released" pairs joined by commas (string_agg, in both databases): the database walks
 * the range of the summary's key or its test index and the answer holds a row per test and week, not per bucket.
 */
export async function tatWeeklyRows(db: Db, fromWeek: string, toWeek: string, testId: number | null) {
  const rows = await tatWeeklyQuery(db, fromWeek, toWeek, testId).execute();
  // PostgreSQL answers sums as bigint text
  return rows.map((r) => ({ test_id: Number(r.test_id), week: r.week, released: Number(r.released), on_time: Number(r.on_time), buckets: r.buckets }));
}

/** the summary's query, apart so a test can read its plan */
export function tatWeeklyQuery(db: Db, fromWeek: string, toWeek: string, testId: number | null) {
  const query = db
    .selectFrom('tat_weekly')
    .select((eb) => [
      'test_id',
      'week',
      eb.fn.sum<number>('released').as('released'),
      eb.fn.sum<number>('on_time').as('on_time'),
      sql<string>`string_agg(bucket || ':' || released, ',')`.as('buckets'),
    ])
    .where('week', '>=', fromWeek)
    .where('week', '<=', toWeek)
    .where('released', '>', 0)
    .groupBy(['test_id', 'week']);
  return testId === null ? query : query.where('test_id', '=', testId);
}

/** the names of some tests by id (those retired too: the report names what was released) */
export async function testNamesById(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('tests').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
