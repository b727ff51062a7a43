// SQL of results and reports: the appointment with its patient details, the parameters its tests
// measure with their intervals, entered results, released report versions, and the lookups of the
// public side (a patient's reports, a verification code).
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ReportAmendmentsTable, ReportsTable, ResultsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function appointmentById(db: Db, id: string) {
  return db
    .selectFrom('appointments')
    .select([
      'id', 'user_id', 'user_name', 'user_email', 'date', 'time', 'status', 'updated_at',
      'patient_date_of_birth', 'patient_age_years', 'patient_sex', 'critical_called_at', 'critical_call_note',
      'sample_collected_at', 'sample_received_at', 'language', 'reference',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type AppointmentRow = NonNullable<Awaited<ReturnType<typeof appointmentById>>>;

/** the active parameters of the appointment's tests, in the order of the booking and of each test */
export function parametersOf(db: Db, appointmentId: string) {
  return db
    .selectFrom('appointment_tests as at')
    .innerJoin('test_parameters as p', 'p.test_id', 'at.test_id')
    .select([
      'p.id', 'p.test_id', 'at.name as test_name', 'p.name', 'p.unit', 'p.result_type', 'p.decimals', 'p.choices_json',
      'p.normal_choice', 'p.method', 'p.sample_type',
    ])
    .where('at.appointment_id', '=', appointmentId)
    .where('p.active', '=', 1)
    .orderBy('at.position')
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
}
export type ParameterRow = Awaited<ReturnType<typeof parametersOf>>[number];

export function intervalsOf(db: Db, parameterIds: number[]) {
  if (parameterIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('reference_intervals').selectAll().where('parameter_id', 'in', parameterIds).orderBy('id').execute();
}

export function resultsOf(db: Db, appointmentId: string) {
  return db.selectFrom('results').selectAll().where('appointment_id', '=', appointmentId).execute();
}

export async function saveResult(trx: Db, row: Omit<ResultsTable, 'id' | 'source' | 'source_at' | 'instrument_flags'> & Partial<Pick<Insertable<ResultsTable>, 'source' | 'source_at' | 'instrument_flags'>>): Promise<void> {
  await trx
    .insertInto('results')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['appointment_id', 'parameter_id']).doUpdateSet({
        value: row.value,
        numeric_value: row.numeric_value,
        flag: row.flag,
        status: row.status,
        entered_by: row.entered_by,
        entered_at: row.entered_at,
        // a value typed by a person is no longer the analyser's
        source: row.source ?? null,
        source_at: row.source_at ?? null,
        instrument_flags: row.instrument_flags ?? null,
      }),
    )
    .execute();
}

/** marks the analyser's values of the appointment as entered by the person who accepted them as final */
export async function acceptAnalyserValues(trx: Db, appointmentId: string, by: number): Promise<number[]> {
  const rows = await trx.updateTable('results').set({ entered_by: by }).where('appointment_id', '=', appointmentId).where('entered_by', 'is', null).where('source', 'is not', null).returning('parameter_id').execute();
  return rows.map((r) => r.parameter_id);
}

export async function setResultsStatus(trx: Db, appointmentId: string, status: ResultsTable['status']): Promise<void> {
  await trx.updateTable('results').set({ status }).where('appointment_id', '=', appointmentId).execute();
}

/** when the sample was marked collected, from the audit trail of the lifecycle */
export async function collectedAt(db: Db, appointmentId: string): Promise<string | null> {
  const row = await db
    .selectFrom('audit_log')
    .select('created_at')
    .where('entity', '=', 'appointment')
    .where('entity_id', '=', appointmentId)
    .where('action', '=', 'status')
    .where('after_json', 'like', '%"sample_collected"%')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.created_at ?? null;
}

export function staffMember(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'username', 'staff_role', 'qualification', 'registration_no']).where('id', '=', userId).executeTakeFirst();
}

export function reportsOf(db: Db, appointmentId: string) {
  return db
    .selectFrom('reports as r')
    .leftJoin('users as u', 'u.id', 'r.released_by')
    .select(['r.id', 'r.version', 'r.status', 'r.verification_code', 'r.released_at', 'r.amendment_reason', 'r.snapshot_json', 'u.first_name', 'u.last_name'])
    .where('r.appointment_id', '=', appointmentId)
    .orderBy('r.version', 'desc')
    .execute();
}

export async function insertReport(trx: Db, row: Omit<ReportsTable, 'id'>): Promise<void> {
  await trx.insertInto('reports').values(row).execute();
}

/** true when the version was the released one and is now superseded (guarded against a concurrent amendment) */
export async function supersede(trx: Db, appointmentId: string, version: number, now: string): Promise<boolean> {
  const res = await trx
    .updateTable('reports')
    .set({ status: 'superseded', superseded_at: now })
    .where('appointment_id', '=', appointmentId)
    .where('version', '=', version)
    .where('status', '=', 'released')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** the amendment waiting for a second pathologist, with the name of who entered it (decision 046) */
export function pendingAmendmentOf(db: Db, appointmentId: string) {
  return db
    .selectFrom('report_amendments as m')
    .leftJoin('users as u', 'u.id', 'm.entered_by')
    .select(['m.id', 'm.base_report_id', 'm.reason', 'm.values_json', 'm.entered_by', 'm.entered_at', 'u.first_name', 'u.last_name'])
    .where('m.appointment_id', '=', appointmentId)
    .executeTakeFirst();
}
export type PendingAmendmentRow = NonNullable<Awaited<ReturnType<typeof pendingAmendmentOf>>>;

/** true when this amendment is now the appointment's one pending amendment (false: another was entered first) */
export async function insertAmendment(trx: Db, row: Omit<ReportAmendmentsTable, 'id'>): Promise<boolean> {
  const res = await trx.insertInto('report_amendments').values(row).onConflict((oc) => oc.column('appointment_id').doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** true when this pending amendment was there and is now gone (guarded: of two people acting at once, one wins) */
export async function deleteAmendment(trx: Db, id: number): Promise<boolean> {
  const res = await trx.deleteFrom('report_amendments').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** a report kept after its patient closed the account (decision 032), by its verification code */
export function keptReportByCode(db: Db, code: string) {
  return db.selectFrom('kept_records').select(['user_id', 'data_json']).where('verification_code', '=', code).where('kind', '=', 'report').executeTakeFirst();
}

/** the reports kept for one closed account (a handful): to find which version replaced another */
export function keptReportsOf(db: Db, userId: number) {
  return db.selectFrom('kept_records').select(['verification_code', 'data_json']).where('user_id', '=', userId).where('kind', '=', 'report').execute();
}

export function reportByCode(db: Db, code: string) {
  return db.selectFrom('reports').select(['appointment_id', 'version', 'status', 'released_at', 'snapshot_json']).where('verification_code', '=', code).executeTakeFirst();
}

/** the released (current) report of an appointment: what the holder of its id downloads */
export function currentReportOf(db: Db, appointmentId: string) {
  return db
    .selectFrom('reports')
    .select('snapshot_json')
    .where('appointment_id', '=', appointmentId)
    .where('status', '=', 'released')
    .executeTakeFirst();
}

/** whose reports: every one of the account (undefined), the holder's own ('self'), or a family member's (their id) */
export type Whose = 'self' | number | undefined;

export function reportsOfUser(db: Db, userId: number, member?: Whose) {
  return db
    .selectFrom('reports as r')
    .innerJoin('appointments as a', 'a.id', 'r.appointment_id')
    .select(['r.appointment_id', 'r.version', 'r.released_at', 'r.verification_code', 'a.member_id'])
    .where('a.user_id', '=', userId)
    .$if(member === 'self', (qb) => qb.where('a.member_id', 'is', null))
    .$if(typeof member === 'number', (qb) => qb.where('a.member_id', '=', Number(member)))
    .where('r.status', '=', 'released')
    .orderBy('r.released_at', 'desc')
    .execute();
}

/** the current (not superseded) report of each of the user's appointments, as released */
export function snapshotsOfUser(db: Db, userId: number, member: Whose = 'self') {
  return db
    .selectFrom('reports as r')
    .innerJoin('appointments as a', 'a.id', 'r.appointment_id')
    .select(['r.appointment_id', 'r.snapshot_json'])
    .where('a.user_id', '=', userId)
    .$if(member === 'self', (qb) => qb.where('a.member_id', 'is', null))
    .$if(typeof member === 'number', (qb) => qb.where('a.member_id', '=', Number(member)))
    .where('r.status', '=', 'released')
    .execute();
}

/** appointments with a sample in the lab or a report out, critical values not yet called in first */
export function queue(db: Db, limit: number) {
  const critical = sql<number>`(case when a.critical_called_at is null and exists (select 1 from results r where r.appointment_id = a.id and r.flag in ('LL', 'HH')) then 1 else 0 end)`;
  return db
    .selectFrom('appointments as a')
    .select((eb) => [
      'a.id', 'a.user_name', 'a.date', 'a.time', 'a.status', 'a.patient_sex', 'a.patient_date_of_birth', 'a.patient_age_years',
      critical.as('critical_pending'),
      eb.selectFrom('reports as rr').select((e) => e.fn.countAll<number>().as('n')).whereRef('rr.appointment_id', '=', 'a.id').where('rr.status', '=', 'released').as('released'),
      eb.selectFrom('report_amendments as m').select((e) => e.fn.countAll<number>().as('n')).whereRef('m.appointment_id', '=', 'a.id').as('amendments'),
      eb.selectFrom('results as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.appointment_id', '=', 'a.id').as('entered'),
      eb.selectFrom('results as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.appointment_id', '=', 'a.id').where('r.status', '=', 'final').as('final'),
      eb
        .selectFrom('appointment_tests as at')
        .innerJoin('test_parameters as p', 'p.test_id', 'at.test_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('at.appointment_id', '=', 'a.id')
        .where('p.active', '=', 1)
        .as('expected'),
    ])
    .where((eb) => eb.or([eb('a.status', '=', 'sample_collected'), eb.exists(eb.selectFrom('reports as rp').select('rp.id').whereRef('rp.appointment_id', '=', 'a.id'))]))
    .orderBy(critical, 'desc')
    // an amendment waiting for a second pathologist next: the patient reads the old values meanwhile
    .orderBy(sql<number>`(case when exists (select 1 from report_amendments m where m.appointment_id = a.id) then 1 else 0 end)`, 'desc')
    .orderBy('a.date', 'desc')
    .orderBy('a.time', 'desc')
    .limit(limit)
    .execute();
}

/** the names of an appointment's tests as charged, English and Hindi */
export function chargedNamesOf(db: Db, appointmentId: string) {
  return db.selectFrom('appointment_tests').select(['name', 'name_hi']).where('appointment_id', '=', appointmentId).execute();
}

export function testNamesOf(db: Db, appointmentIds: string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('appointment_tests').select(['appointment_id', 'name']).where('appointment_id', 'in', appointmentIds).orderBy('position').execute();
}

export async function languageOf(db: Db, appointmentId: string) {
  return (await db.selectFrom('appointments').select('language').where('id', '=', appointmentId).executeTakeFirst())?.language;
}
