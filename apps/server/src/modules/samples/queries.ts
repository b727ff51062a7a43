// The samples module's SQL: tests' container settings, a visit's tests with what they are drawn into, the
// containers drawn and the tests each serves, and a container by its accession number (unique index).
import type { Kysely } from 'kysely';
import type { ContainerCode } from '@lab/contract';
import type { Database, SampleStatus } from '../../db/schema.ts';

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
  return db.selectFrom('appointments').select(['user_email', 'user_name', 'reference', 'language', 'home_sample']).where('id', '=', appointmentId).executeTakeFirst();
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

/** a visit's containers leave the turnaround queue: its report is released */
export async function markReported(trx: Db, appointmentId: string, at: string): Promise<void> {
  await trx.updateTable('samples').set({ reported_at: at }).where('appointment_id', '=', appointmentId).where('reported_at', 'is', null).execute();
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
    .select((eb) => ['appointment_id', eb.fn.min('received_at').as('received_at'), eb.fn.max('expected_at').as('expected_at')])
    .where('appointment_id', 'in', [...appointmentIds])
    .where('status', '=', 'received')
    .groupBy('appointment_id')
    .execute();
  for (const r of rows) out.set(r.appointment_id, { received_at: r.received_at ?? null, expected_at: r.expected_at ?? null });
  return out;
}
