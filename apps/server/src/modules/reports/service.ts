// Rules of results and reports: the worksheet staff fill in, result entry (draft or final), the
// two-person release by a pathologist, amendment as a pending version that a second pathologist
// releases (decision 046), the critical-value call, and the public side: a patient's reports, the PDF
// by the bill's capability, and verification by code. A visit with reportable tests is completed only
// here, by its report's release. Every change is audited in the same transaction as the change, by
// reference (parameters and versions), never with the values: the report versions hold those.
import { randomBytes } from 'node:crypto';
import { fromIndia, type PendingAmendment, intervalText, isCritical, type LabDetails, type Locale, m, type MyReport, type ResultsQueueItem, SAMPLE_TIME_IN_FUTURE, type SampleTimes, type Trend, uniformInterval, type Verification, type Worksheet, type WorksheetRow } from '@lab/contract';
import { VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH } from '@lab/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, PatientSex, ResultFlag } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { conflict, type FieldErrors, fieldErrors, forbidden, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { inLanguage } from '../../lib/bilingual.ts';
import { reportReadyMail } from '../messaging/report-ready.ts';
import { notifyReferringDoctor, referredBy } from '../people/doctors.ts';
import { labDetails, labDetailsIn } from '../lab/service.ts';
import { enqueueMail } from '../messaging/queue.ts';
import { queuePhoneMessages } from '../messaging/channels/phone-queue.ts';
import * as lifecycle from '../appointments/lifecycle.ts';
import { reportReleased } from '../samples/journey.ts';
import * as q from './queries.ts';
import { ageInDays, ageText, checkValue, parameterFields, type Patient, pickInterval } from './rules.ts';
import type { ReportSnapshot } from './snapshot.ts';
import { recordCodesOf } from './fhir/record-codes.ts';
import { trendsOf } from './trends.ts';

type Db = Kysely<Database>;
type Trx = Kysely<Database> | Transaction<Database>;

const NOT_FOUND = m('booking.not_found');
export const NO_REPORT = 'No report found for this appointment.';
export const RELEASED_VALUES = 'This report is released; a pathologist can amend it, and another pathologist releases the amendment.';
export const AMENDMENT_WAITING = 'An amendment of this report is already waiting for release: release or discard it first.';
export const NO_AMENDMENT = 'No amendment of this report is waiting for release.';
export const OWN_AMENDMENT = 'You entered this amendment; another pathologist must release it.';

const patientOf = (a: q.AppointmentRow): Patient => ({ date_of_birth: a.patient_date_of_birth, age_years: a.patient_age_years, sex: a.patient_sex });

async function loadAppointment(db: Trx, id: string): Promise<q.AppointmentRow> {
  const a = await q.appointmentById(db, id);
  if (!a) throw notFound(NOT_FOUND);
  return a;
}

/** the appointment's parameters, each with the interval for this patient and the result entered */
async function rowsOf(db: Trx, a: q.AppointmentRow): Promise<WorksheetRow[]> {
  const params = await q.parametersOf(db, a.id);
  const [intervals, results] = await Promise.all([q.intervalsOf(db, params.map((p) => p.id)), q.resultsOf(db, a.id)]);
  const days = ageInDays(patientOf(a), a.date);
  return params.map((p) => {
    const i = pickInterval(
      intervals.filter((x) => x.parameter_id === p.id),
      days,
      a.patient_sex,
    );
    const r = results.find((x) => x.parameter_id === p.id);
    const interval = i && { lower: i.lower, upper: i.upper, critical_low: i.critical_low, critical_high: i.critical_high };
    return {
      parameter_id: p.id,
      test_name: p.test_name,
      ...parameterFields(p),
      interval,
      interval_text: p.result_type === 'choice' ? uniformInterval(p.normal_choice ?? '') : intervalText(interval, p.decimals),
      value: r?.value ?? null,
      flag: r?.flag ?? null,
      status: r?.status ?? null,
      entered_by: r?.entered_by ?? null,
      entered_at: r?.entered_at ?? null,
      source: r?.source ? { analyser: r.source, measured_at: r.source_at, instrument_flags: r.instrument_flags } : null,
    };
  });
}

const criticalPending = (a: q.AppointmentRow, rows: WorksheetRow[]) => a.critical_called_at === null && rows.some((r) => isCritical(r.flag));

const personName = (u: { first_name: string | null; last_name: string | null }) => `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim();

export async function worksheet(db: Db, actorUserId: number, id: string): Promise<Worksheet> {
  const a = await loadAppointment(db, id);
  const [rows, reports, pending] = await Promise.all([rowsOf(db, a), q.reportsOf(db, id), q.pendingAmendmentOf(db, id)]);
  if (reports.length > 0) {
    // A report holds health data: every staff look at one is on the record.
    await recordAudit(db, { actorUserId, entity: 'report', entityId: id, action: 'view', before: null, after: { versions: reports.map((r) => r.version) } });
  }
  return {
    appointment_id: a.id,
    patient_name: a.user_name,
    date: a.date,
    time: a.time,
    status: a.status,
    patient_date_of_birth: a.patient_date_of_birth,
    patient_age_years: a.patient_age_years,
    patient_sex: a.patient_sex,
    patient_age: ageText(patientOf(a), a.date),
    rows,
    critical_pending: criticalPending(a, rows),
    critical_called_at: a.critical_called_at,
    critical_call_note: a.critical_call_note,
    sample_collected_at: a.sample_collected_at,
    sample_received_at: a.sample_received_at,
    reports: reports.map((r) => ({
      version: r.version,
      status: r.status,
      verification_code: r.verification_code,
      released_at: r.released_at,
      released_by: personName(r),
      amendment_reason: r.amendment_reason,
    })),
    report_released: reports.some((r) => r.status === 'released'),
    pending_amendment: pending ? pendingOf(pending, rows, (reports[0]?.version ?? 0) + 1, actorUserId) : null,
  };
}

interface AmendedValue {
  parameter_id: number;
  value: string;
  flag: ResultFlag | null;
}

/** the pending amendment as staff see it: each changed parameter, its released value and the new one */
function pendingOf(m: q.PendingAmendmentRow, rows: WorksheetRow[], version: number, reader: number): PendingAmendment {
  const values = JSON.parse(m.values_json) as AmendedValue[];
  return {
    version,
    reason: m.reason,
    entered_by: personName(m),
    entered_by_id: m.entered_by,
    entered_by_you: m.entered_by === reader,
    entered_at: m.entered_at,
    changes: values.map((v) => {
      const row = rows.find((r) => r.parameter_id === v.parameter_id);
      return { parameter_id: v.parameter_id, name: row?.name ?? '', test_name: row?.test_name ?? '', from: row?.value ?? null, to: v.value, flag: v.flag };
    }),
  };
}

export async function resultsQueue(db: Db): Promise<ResultsQueueItem[]> {
  const rows = await q.queue(db, 200);
  const tests = await q.testNamesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const entered = Number(r.entered ?? 0);
    const final = Number(r.final ?? 0);
    const expected = Number(r.expected ?? 0);
    // "released" only with a released version, whatever the appointment's status says
    const stage = Number(r.amendments ?? 0) > 0 ? 'amendment' : Number(r.released ?? 0) > 0 ? 'released' : entered === 0 ? 'none' : final >= expected && expected > 0 ? 'ready' : 'draft';
    return {
      appointment_id: r.id,
      patient_name: r.user_name,
      date: r.date,
      time: r.time,
      status: r.status,
      tests: tests.filter((t) => t.appointment_id === r.id).map((t) => t.name),
      stage,
      critical_pending: Number(r.critical_pending) === 1,
      needs_patient_details: r.patient_sex === null || (r.patient_date_of_birth === null && r.patient_age_years === null),
    };
  });
}

export async function setPatientDetails(db: Db, actorUserId: number, id: string, p: { date_of_birth: string | null; age_years: number | null; sex: PatientSex }): Promise<Worksheet> {
  await db.transaction().execute(async (trx) => {
    const a = await loadAppointment(trx, id);
    if (a.status === 'completed' || a.status === 'cancelled') throw conflict('The patient details of a completed or cancelled appointment cannot change.');
    await lifecycle.setPatient(trx, id, p, nowIso());
    await recordAudit(trx, {
      actorUserId,
      entity: 'appointment',
      entityId: id,
      action: 'patient_details',
      before: { date_of_birth: a.patient_date_of_birth, age_years: a.patient_age_years, sex: a.patient_sex },
      after: p,
    });
  });
  return worksheet(db, actorUserId, id);
}

/** staff correct when the sample was collected and received (India time), until the report is released */
export async function setSampleTimes(db: Db, actorUserId: number, id: string, t: SampleTimes, now: Date): Promise<Worksheet> {
  const times = { collected_at: fromIndia(t.collected_at), received_at: fromIndia(t.received_at) };
  const future = Object.entries(times).filter(([, at]) => Date.parse(at) > now.getTime());
  if (future.length > 0) throw fieldErrors(Object.fromEntries(future.map(([field]) => [field, [SAMPLE_TIME_IN_FUTURE]])));
  await db.transaction().execute(async (trx) => {
    const a = await loadAppointment(trx, id);
    if (a.status !== 'sample_collected') throw conflict('Sample times can be changed once the sample is collected and until the report is released.');
    await lifecycle.setSampleTimes(trx, id, times);
    await recordAudit(trx, {
      actorUserId,
      entity: 'appointment',
      entityId: id,
      action: 'sample_times',
      before: { collected_at: a.sample_collected_at, received_at: a.sample_received_at },
      after: times,
    });
  });
  return worksheet(db, actorUserId, id);
}

interface Checked {
  parameterId: number;
  value: string;
  numeric: number | null;
  flag: ResultFlag | null;
}

/** each submitted value against its parameter; field errors name `results.N.value` */
function checkAll(rows: WorksheetRow[], submitted: Array<{ parameter_id: number; value: string }>): Checked[] {
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const out: Checked[] = [];
  submitted.forEach((s, n) => {
    const row = rows.find((r) => r.parameter_id === s.parameter_id);
    if (!row) return void (errors[`results.${n}.parameter_id`] = ["This parameter is not measured by this appointment's tests."]);
    if (seen.has(s.parameter_id)) return void (errors[`results.${n}.parameter_id`] = [`${row.name} is given twice.`]);
    seen.add(s.parameter_id);
    const c = checkValue({ name: row.name, result_type: row.result_type, decimals: row.decimals, choices_json: row.choices ? JSON.stringify(row.choices) : null, normal_choice: row.normal_choice }, s.value, row.interval && { ...row.interval, sex: 'any', age_unit: 'years', age_from: 0, age_to: null });
    if (!c.ok) return void (errors[`results.${n}.value`] = [c.message]);
    out.push({ parameterId: s.parameter_id, value: c.value, numeric: c.numeric, flag: c.flag });
  });
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return out;
}

/** a changed parameter as the audit names it: which one, never its value (the report versions hold the values) */
interface ChangedParameter {
  parameter_id: number;
  name: string;
}

const changedOf = (rows: WorksheetRow[], checked: Checked[]): ChangedParameter[] =>
  checked.flatMap((c) => {
    const row = rows.find((r) => r.parameter_id === c.parameterId)!;
    return row.value === c.value ? [] : [{ parameter_id: c.parameterId, name: row.name }];
  });

/** saves values entered by `enteredBy`; answers the parameters whose value changed */
async function saveValues(trx: Trx, a: q.AppointmentRow, rows: WorksheetRow[], checked: Checked[], enteredBy: number | null, status: 'draft' | 'final', at = nowIso()): Promise<ChangedParameter[]> {
  const changed = changedOf(rows, checked);
  for (const c of checked) {
    if (!changed.some((x) => x.parameter_id === c.parameterId)) continue;
    await q.saveResult(trx, { appointment_id: a.id, parameter_id: c.parameterId, value: c.value, numeric_value: c.numeric, flag: c.flag, status, entered_by: enteredBy, entered_at: at });
  }
  await q.setResultsStatus(trx, a.id, status);
  await newCriticalNeedsCall(trx, a, rows, checked);
  return changed;
}

/** A new critical value needs a new call, even if an earlier one was made. */
async function newCriticalNeedsCall(trx: Trx, a: q.AppointmentRow, rows: WorksheetRow[], checked: Checked[]): Promise<void> {
  if (checked.some((c) => isCritical(c.flag) && c.value !== rows.find((r) => r.parameter_id === c.parameterId)!.value)) {
    await lifecycle.setCriticalCall(trx, a.id, { at: null, by: null, note: null });
  }
}

function requireDetails(a: q.AppointmentRow): void {
  if (a.patient_sex === null || (a.patient_date_of_birth === null && a.patient_age_years === null)) {
    throw conflict("Complete the patient's age and sex before entering results: the reference intervals depend on them.");
  }
}

export async function enterResults(db: Db, actorUserId: number, id: string, entry: { results: Array<{ parameter_id: number; value: string }>; final: boolean }): Promise<Worksheet> {
  await db.transaction().execute(async (trx) => {
    const a = await loadAppointment(trx, id);
    // Released values change only by an amendment, which a second pathologist releases.
    if (a.status === 'completed' || (await q.currentReportOf(trx, id))) throw conflict(RELEASED_VALUES);
    if (a.status !== 'sample_collected') throw conflict('Results can be entered once the sample is collected.');
    requireDetails(a);
    const rows = await rowsOf(trx, a);
    const checked = checkAll(rows, entry.results);
    if (entry.final) {
      const missing = rows.filter((r) => r.value === null && !checked.some((c) => c.parameterId === r.parameter_id)).map((r) => r.name);
      if (missing.length > 0) throw fieldErrors({ results: [`Enter every result before marking them final. Missing: ${missing.join(', ')}.`] });
    }
    const status = entry.final ? 'final' : 'draft';
    const changed = await saveValues(trx, a, rows, checked, actorUserId, status);
    // An analyser's value marked final is entered by the person who accepted it: the two-person rule
    // then keeps that person from releasing it (docs/analysers.md).
    const accepted = entry.final ? await q.acceptAnalyserValues(trx, id, actorUserId) : [];
    await recordAudit(trx, { actorUserId, entity: 'appointment', entityId: id, action: entry.final ? 'results_final' : 'results_draft', before: null, after: { parameters: changed, ...(accepted.length > 0 ? { accepted_from_analyser: accepted } : {}) } });
  });
  return worksheet(db, actorUserId, id);
}

/** a value an analyser measured, for analyserDrafts */
export interface AnalyserValue {
  parameter_id: number;
  value: string;
  measured_at: string | null;
  instrument_flags: string | null;
}

export const ANALYSER_NOT_COLLECTED = 'The visit of this container is not at the results stage (collected, no report released).';
export const ANALYSER_FINAL = 'Results of this visit are already marked final; an analyser does not overwrite them.';

/**
 * An analyser's values entered as drafts on the worksheet (docs/analysers.md), in the caller's
 * transaction: checked and flagged as typed values are, kept with their source, entered by no person.
 * A technician reviews and marks them final (enterResults), and a pathologist releases: a machine never
 * takes either step. Answers the parameters whose value changed; throws a conflict or field errors,
 * which the listener turns into a negative acknowledgement with nothing written.
 */
export async function analyserDrafts(trx: Trx, appointmentId: string, analyser: string, values: AnalyserValue[]): Promise<ChangedParameter[]> {
  const a = await loadAppointment(trx, appointmentId);
  if (a.status !== 'sample_collected' || (await q.currentReportOf(trx, appointmentId))) throw conflict(ANALYSER_NOT_COLLECTED);
  requireDetails(a);
  const rows = await rowsOf(trx, a);
  if (rows.some((r) => r.status === 'final')) throw conflict(ANALYSER_FINAL);
  const checked = checkAll(
    rows,
    values.map((v) => ({ parameter_id: v.parameter_id, value: v.value })),
  );
  const at = nowIso();
  // every value is written, changed or not: its source and the instrument's flags are the new ones
  for (const c of checked) {
    const v = values.find((x) => x.parameter_id === c.parameterId)!;
    await q.saveResult(trx, { appointment_id: a.id, parameter_id: c.parameterId, value: c.value, numeric_value: c.numeric, flag: c.flag, status: 'draft', entered_by: null, entered_at: at, source: analyser, source_at: v.measured_at, instrument_flags: v.instrument_flags });
  }
  await newCriticalNeedsCall(trx, a, rows, checked);
  return changedOf(rows, checked);
}

export async function recordCriticalCall(db: Db, actorUserId: number, id: string, note: string): Promise<Worksheet> {
  await db.transaction().execute(async (trx) => {
    const a = await loadAppointment(trx, id);
    const rows = await rowsOf(trx, a);
    if (!rows.some((r) => isCritical(r.flag))) throw conflict('This appointment has no critical value to call about.');
    const at = nowIso();
    await lifecycle.setCriticalCall(trx, id, { at, by: actorUserId, note });
    // the note stays on the appointment; the audit says when (a note may quote the value)
    await recordAudit(trx, { actorUserId, entity: 'appointment', entityId: id, action: 'critical_call', before: null, after: { at } });
  });
  return worksheet(db, actorUserId, id);
}

/** 8 characters from an alphabet without look-alikes (0/O, 1/I/L), ~40 bits: short enough to type */
export function newVerificationCode(): string {
  const alphabet = VERIFICATION_CODE_ALPHABET;
  return Array.from(randomBytes(VERIFICATION_CODE_LENGTH), (b) => alphabet[b % alphabet.length]).join('');
}

async function requirePathologist(trx: Trx, actorUserId: number) {
  const me = await q.staffMember(trx, actorUserId);
  if (!me || me.staff_role !== 'pathologist') throw forbidden('Only a pathologist can release or amend a report.');
  if (!me.qualification.trim() || !me.registration_no.trim()) {
    throw conflict('Add your qualification and registration number to your staff account first: the report prints them.');
  }
  return me;
}

/** the lab's lines a report prints: its main phone number, and its accreditation whatever it is (the PDF checks its dates);
 * the address in Hindi too, where the lab wrote one (labDetailsIn gives the English where it did not) */
const reportLab = (lab: LabDetails, hindi: LabDetails): ReportSnapshot['lab'] => ({
  name: lab.name,
  address: [...lab.address_lines],
  ...(hindi.address_lines.join('\n') !== lab.address_lines.join('\n') ? { address_hi: [...hindi.address_lines] } : {}),
  phone: lab.phones[0] ?? '',
  email: lab.email,
  accreditation: lab.accreditation,
});

async function snapshotOf(trx: Trx, a: q.AppointmentRow, rows: WorksheetRow[], me: { first_name: string; last_name: string; qualification: string; registration_no: string }, v: { version: number; code: string; at: string; reason: string | null }): Promise<ReportSnapshot> {
  // Samples marked collected before the two times were kept: the moment of the status change.
  const collected = a.sample_collected_at ?? (await q.collectedAt(trx, a.id));
  const tests: ReportSnapshot['tests'] = [];
  const hindi = new Map((await q.chargedNamesOf(trx, a.id)).flatMap((t) => (t.name_hi ? [[t.name, t.name_hi] as const] : [])));
  // codes, ABHA and containers for other systems (fhir/, docs/abdm.md)
  const codes = await recordCodesOf(
    trx,
    a.id,
    rows.map((r) => r.parameter_id),
  );
  for (const r of rows) {
    let t = tests.find((x) => x.name === r.test_name);
    const nameHi = hindi.get(r.test_name);
    if (!t) tests.push((t = { name: r.test_name, ...(nameHi ? { name_hi: nameHi } : {}), sample_type: r.sample_type, specimen_code: codes.specimenCodes.get(r.parameter_id) ?? null, loinc: codes.panels.get(r.test_name) ?? null, rows: [] }));
    t.rows.push({ name: r.name, value: r.value ?? '', unit: r.unit, interval: r.interval_text, flag: r.flag, method: r.method, lower: r.interval?.lower ?? null, upper: r.interval?.upper ?? null, loinc: codes.parameters.get(r.parameter_id) ?? null });
  }
  return {
    lab: reportLab(await labDetails(trx), await labDetailsIn(trx, 'hi')),
    patient: { name: a.user_name, age: ageText(patientOf(a), a.date) ?? '', sex: a.patient_sex ?? '', booking_id: a.id, booking_reference: a.reference, ...codes.abha },
    ...(await referredBy(trx, a.id)),
    specimens: codes.specimens,
    collected_at: collected,
    received_at: a.sample_received_at ?? collected,
    released_at: v.at,
    version: v.version,
    verification_code: v.code,
    amendment_reason: v.reason,
    pathologist: { name: personName(me), qualification: me.qualification, registration_no: me.registration_no },
    tests,
  };
}

export interface ReleaseDeps {
  db: Db;
  publicUrl: string;
  now: () => Date;
}

export async function release(deps: ReleaseDeps, actorUserId: number, id: string): Promise<Worksheet> {
  const { db } = deps;
  await db.transaction().execute(async (trx) => {
    const me = await requirePathologist(trx, actorUserId);
    const a = await loadAppointment(trx, id);
    if (a.status === 'completed') throw conflict('This report is already released; amend it to change it.');
    if (a.status !== 'sample_collected') throw conflict('A report can be released once the sample is collected and the results entered.');
    const rows = await rowsOf(trx, a);
    if (rows.length === 0) throw conflict("This appointment's tests have no parameters to report.");
    if (rows.some((r) => r.status !== 'final')) throw conflict('Every result must be entered and marked final before release.');
    // The two-person rule: whoever entered a result may not be the one who releases it.
    if (rows.some((r) => r.entered_by === actorUserId)) throw conflict('You entered results of this report; another pathologist must release it.');
    const at = nowIso();
    const code = newVerificationCode();
    const snapshot = await snapshotOf(trx, a, rows, me, { version: 1, code, at, reason: null });
    await q.insertReport(trx, { appointment_id: id, version: 1, status: 'released', verification_code: code, released_by: actorUserId, released_at: at, superseded_at: null, amendment_reason: null, snapshot_json: JSON.stringify(snapshot) });
    if (!(await lifecycle.setStatus(trx, id, 'sample_collected', 'completed', at))) throw conflict('The appointment was changed meanwhile. Reload and try again.');
    await reportReleased(trx, id, at);
    await recordAudit(trx, { actorUserId, entity: 'appointment', entityId: id, action: 'release', before: { status: a.status }, after: { status: 'completed', report_version: 1, verification_code: code } });
    const mail = reportReadyMail({ to: a.user_email, name: a.user_name, appointmentId: id, publicUrl: deps.publicUrl, amended: false, lab: await labDetailsIn(trx, a.language), language: a.language });
    await enqueueMail(trx, deps.now(), { kind: 'report-ready', message: mail, appointmentId: id });
    await queuePhoneMessages(trx, deps.now(), id, 'report-ready');
    // the referring doctor, when the patient agreed at booking (docs/families-and-doctors.md)
    await notifyReferringDoctor(trx, id, deps.publicUrl, deps.now());
  });
  return worksheet(db, actorUserId, id);
}

/**
 * An amendment: a pathologist enters changed values of a released report with a reason. They wait,
 * apart from the released values, for a different pathologist to release them (releaseAmendment);
 * until then patients, PDFs and verification read the released version (decision 046).
 */
export async function amend(deps: ReleaseDeps, actorUserId: number, id: string, input: { reason: string; results: Array<{ parameter_id: number; value: string }> }): Promise<Worksheet> {
  const { db } = deps;
  await db.transaction().execute(async (trx) => {
    await requirePathologist(trx, actorUserId);
    const a = await loadAppointment(trx, id);
    const [current] = await q.reportsOf(trx, id);
    if (!current || current.status !== 'released') throw conflict('Only a released report can be amended.');
    if (await q.pendingAmendmentOf(trx, id)) throw conflict(AMENDMENT_WAITING);
    const rows = await rowsOf(trx, a);
    const checked = checkAll(rows, input.results);
    const changed = changedOf(rows, checked);
    if (changed.length === 0) throw fieldErrors({ results: ['The amendment changes no result.'] });
    const values: AmendedValue[] = checked.filter((c) => changed.some((x) => x.parameter_id === c.parameterId)).map((c) => ({ parameter_id: c.parameterId, value: c.value, flag: c.flag }));
    // Guarded by the one-per-appointment key: of two amendments entered at once, one waits and the other is told.
    if (!(await q.insertAmendment(trx, { appointment_id: id, base_report_id: current.id, reason: input.reason, values_json: JSON.stringify(values), entered_by: actorUserId, entered_at: nowIso() }))) {
      throw conflict(AMENDMENT_WAITING);
    }
    await recordAudit(trx, { actorUserId, entity: 'appointment', entityId: id, action: 'amend', before: { version: current.version }, after: { pending_version: current.version + 1, parameters: changed } });
  });
  return worksheet(db, actorUserId, id);
}

/**
 * The second pathologist releases a pending amendment as the next version: its values become the
 * results (entered by the pathologist who amended), the released version is superseded, and the
 * patient is told the report was amended. Whoever entered the amendment may not release it.
 */
export async function releaseAmendment(deps: ReleaseDeps, actorUserId: number, id: string): Promise<Worksheet> {
  const { db } = deps;
  await db.transaction().execute(async (trx) => {
    const me = await requirePathologist(trx, actorUserId);
    const a = await loadAppointment(trx, id);
    const pending = await q.pendingAmendmentOf(trx, id);
    if (!pending) throw conflict(NO_AMENDMENT);
    if (pending.entered_by === actorUserId) throw conflict(OWN_AMENDMENT);
    const [current] = await q.reportsOf(trx, id);
    if (!current || current.status !== 'released' || current.id !== pending.base_report_id) throw conflict('The report changed since this amendment was entered. Discard it and amend again.');
    const values = JSON.parse(pending.values_json) as AmendedValue[];
    const rows = await rowsOf(trx, a);
    // checked again: the flags follow the intervals as they are at release, as a first release's do
    const checked = checkAll(rows, values);
    const changed = await saveValues(trx, a, rows, checked, pending.entered_by, 'final', pending.entered_at);
    const at = nowIso();
    const version = current.version + 1;
    const code = newVerificationCode();
    // Guarded: of two releases at once, one takes the amendment and supersedes the version, the other is told.
    if (!(await q.deleteAmendment(trx, pending.id)) || !(await q.supersede(trx, id, current.version, at))) throw conflict('The report was amended meanwhile. Reload and try again.');
    const snapshot = await snapshotOf(trx, a, await rowsOf(trx, a), me, { version, code, at, reason: pending.reason });
    await q.insertReport(trx, { appointment_id: id, version, status: 'released', verification_code: code, released_by: actorUserId, released_at: at, superseded_at: null, amendment_reason: pending.reason, snapshot_json: JSON.stringify(snapshot) });
    await recordAudit(trx, { actorUserId, entity: 'appointment', entityId: id, action: 'amend_release', before: { version: current.version }, after: { version, verification_code: code, amended_by: pending.entered_by, parameters: changed } });
    const mail = reportReadyMail({ to: a.user_email, name: a.user_name, appointmentId: id, publicUrl: deps.publicUrl, amended: true, lab: await labDetailsIn(trx, a.language), language: a.language });
    await enqueueMail(trx, deps.now(), { kind: 'report-amended', message: mail, appointmentId: id });
    await queuePhoneMessages(trx, deps.now(), id, 'report-amended');
  });
  return worksheet(db, actorUserId, id);
}

/** a pending amendment dropped (by any pathologist, its author included): the released version stays as it is */
export async function discardAmendment(db: Db, actorUserId: number, id: string): Promise<Worksheet> {
  await db.transaction().execute(async (trx) => {
    const me = await q.staffMember(trx, actorUserId);
    if (!me || me.staff_role !== 'pathologist') throw forbidden('Only a pathologist can release or amend a report.');
    await loadAppointment(trx, id);
    const pending = await q.pendingAmendmentOf(trx, id);
    if (!pending || !(await q.deleteAmendment(trx, pending.id))) throw conflict(NO_AMENDMENT);
    const parameters = (JSON.parse(pending.values_json) as AmendedValue[]).map((v) => v.parameter_id);
    await recordAudit(trx, { actorUserId, entity: 'appointment', entityId: id, action: 'amend_discard', before: { amended_by: pending.entered_by, parameter_ids: parameters }, after: null });
  });
  return worksheet(db, actorUserId, id);
}

/** a version's snapshot for a staff member, audited as a view */
export async function staffReport(db: Db, actorUserId: number, id: string, version: number): Promise<ReportSnapshot> {
  const found = (await q.reportsOf(db, id)).find((r) => r.version === version);
  if (!found) throw notFound('No such report version.');
  await recordAudit(db, { actorUserId, entity: 'report', entityId: id, action: 'view', before: null, after: { version } });
  return JSON.parse(found.snapshot_json) as ReportSnapshot;
}

/**
 * The current report by the bill's capability: whoever holds the appointment id (16 random
 * characters, never listed) reads it, signed in or not, so the e-mailed link opens on any device,
 * as the bill does. null when there is none (never booked, not released, or not an id at all).
 */
export async function patientReport(db: Db, appointmentId: string): Promise<ReportSnapshot | null> {
  const r = await q.currentReportOf(db, appointmentId);
  return r ? (JSON.parse(r.snapshot_json) as ReportSnapshot) : null;
}

/** the account's released reports: all (each naming its family member, null: the holder), or one person's */
export async function myReports(db: Db, userId: number, member?: q.Whose): Promise<MyReport[]> {
  // a family member's report names them; the holder's own keeps the shape older clients know
  return (await q.reportsOfUser(db, userId, member)).map(({ member_id, ...r }) => (member_id !== null ? { ...r, member_id } : r));
}

/** the signed-in patient's parameters measured more than once, from their current released reports (a family member's with `member`) */
export async function myTrends(db: Db, userId: number, member: q.Whose = 'self'): Promise<Trend[]> {
  const rows = await q.snapshotsOfUser(db, userId, member);
  return trendsOf(rows.map((r) => ({ appointment_id: r.appointment_id, snapshot: JSON.parse(r.snapshot_json) as ReportSnapshot })));
}

/** initials only: enough to match a paper in hand, nothing more */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${w[0]!.toUpperCase()}.`)
    .join(' ');

/** what erasure keeps of a report (erasure.ts, reportsToKeep) */
interface KeptReport {
  reference: string;
  version: number;
  status: 'released' | 'superseded';
  released_at: string;
  report: ReportSnapshot;
}

/**
 * Whether a printed report is genuine. A code on a paper outlives the account: when the patient has
 * closed theirs, the report is answered from the copy the law makes the lab keep, until that copy's
 * period ends (the retention job then erases it and the code is unknown).
 */
export async function verify(db: Db, code: string, language: Locale = 'en'): Promise<Verification> {
  const wanted = code.trim().toUpperCase();
  const r = await q.reportByCode(db, wanted);
  if (r) {
    const snap = JSON.parse(r.snapshot_json) as ReportSnapshot;
    const newer = r.status === 'superseded' ? (await q.reportsOf(db, r.appointment_id)).find((x) => x.status === 'released') : undefined;
    return verification(snap, r, newer?.verification_code ?? null, language);
  }
  const kept = await q.keptReportByCode(db, wanted);
  if (!kept) throw notFound('No report has this verification code. Check the code printed on the report.');
  const k = JSON.parse(kept.data_json) as KeptReport;
  let newer: string | null = null;
  if (k.status === 'superseded') {
    const siblings = await q.keptReportsOf(db, kept.user_id);
    newer = siblings.find((s) => {
      const other = JSON.parse(s.data_json) as KeptReport;
      return other.reference === k.reference && other.status === 'released';
    })?.verification_code ?? null;
  }
  return verification(k.report, k, newer, language);
}

function verification(snap: ReportSnapshot, r: { version: number; status: string; released_at: string }, supersededBy: string | null, language: Locale): Verification {
  return {
    genuine: true,
    lab_name: snap.lab.name,
    patient_initials: initials(snap.patient.name),
    tests: snap.tests.map((t) => inLanguage(language, t.name, t.name_hi)),
    released_at: r.released_at,
    version: r.version,
    superseded: r.status === 'superseded',
    superseded_by: supersededBy,
  };
}

/** the language of an appointment's e-mails and documents, chosen at booking (English when there is no such appointment) */
export async function appointmentLanguage(db: Db, appointmentId: string): Promise<Locale> {
  return (await q.languageOf(db, appointmentId)) ?? 'en';
}
