// The report lifecycle (docs/decisions/046) through the API: a visit with reportable tests is completed
// only by its report's release (the status endpoint refuses, in English and Hindi, and still makes every
// other move); a visit of tests without parameters is completed by staff; an amendment waits as a pending
// version for a second pathologist while patients keep reading the released one; the worksheet and the
// queue say "released" only with a released version; every route that changes released values refuses
// the person who entered them; the audit names parameters and versions, never the values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETED_BY_REPORT } from '../src/modules/appointments/appointment-flow.ts';
import { type Account, bearer, createUser, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';
import { m, sayIn } from '@lab/contract';

let t: TestApp;
let reception: Account;
let technician: Account;
let anil: Account;
let kavita: Account;
let patient: Account;
const testIds = new Map<string, number>();

beforeAll(async () => {
  t = await makeApp();
  [reception, technician, anil, kavita, patient] = await Promise.all([
    createStaff(t.app, 'reception'),
    createStaff(t.app, 'technician', { first_name: 'Tara', last_name: 'Singh' }),
    createStaff(t.app, 'pathologist', { first_name: 'Anil', last_name: 'Sharma' }),
    createStaff(t.app, 'pathologist', { first_name: 'Kavita', last_name: 'Menon' }),
    createUser(t.app),
  ]);
  const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
  for (const x of list) testIds.set(x.name, x.id);
});
afterAll(() => t.close());

const as = (who: Account | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? bearer(who) : {} });

const FBS = 'Fasting Blood Sugar';
/** a seeded test with no parameters: its result is not a lab report (imaging) */
const XRAY = 'Chest X-ray';

interface Row {
  parameter_id: number;
  name: string;
  value: string | null;
}
interface Sheet {
  status: string;
  rows: Row[];
  report_released: boolean;
  reports: Array<{ version: number; status: string; verification_code: string }>;
  pending_amendment: null | { version: number; reason: string; entered_by: string; entered_by_id: number; entered_by_you: boolean; changes: Array<{ parameter_id: number; name: string; from: string | null; to: string; flag: string | null }> };
}
const sheet = async (id: string) => (await as(technician, 'GET', `/api/staff/results/${id}`)).json() as Sheet;
const move = (id: string, status: string, who = reception) => as(who, 'POST', `/api/staff/appointments/${id}/status`, { status });

async function collected(tests: string[], who?: Account): Promise<string> {
  const id = await book(t.app, { tests: tests.map((n) => testIds.get(n)!), patient_age_years: 50, patient_sex: 'female' }, who);
  for (const status of ['approved', 'sample_collected']) expect((await move(id, status)).statusCode).toBe(200);
  return id;
}

/** fasting sugar entered final by the technician and released by Kavita: version 1 */
async function released(value = '126', who?: Account): Promise<{ id: string; glucose: number; code: string }> {
  const id = await collected([FBS], who);
  const glucose = (await sheet(id)).rows[0]!.parameter_id;
  expect((await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: glucose, value }], final: true })).statusCode).toBe(200);
  const res = await as(kavita, 'POST', `/api/staff/results/${id}/release`);
  expect(res.statusCode).toBe(200);
  return { id, glucose, code: (res.json() as Sheet).reports[0]!.verification_code };
}

async function auditOf(id: string) {
  return t.app.deps.db.selectFrom('audit_log').select(['action', 'actor_user_id', 'before_json', 'after_json']).where('entity_id', '=', id).orderBy('id').execute();
}

const queueItem = async (id: string) => ((await as(technician, 'GET', '/api/staff/results')).json() as Array<{ appointment_id: string; stage: string }>).find((q) => q.appointment_id === id);
const staffRow = async (id: string) => ((await as(reception, 'GET', `/api/staff/appointments?q=${id}`)).json() as { items: Array<{ id: string; status: string; needs_report: boolean }> }).items.find((a) => a.id === id);

describe('a visit with reportable tests is completed only by its report', () => {
  it('refuses "completed" on the status endpoint with a 409 that says why, in English and in Hindi', async () => {
    const id = await collected([FBS]);
    const res = await move(id, 'completed');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: COMPLETED_BY_REPORT });
    expect(COMPLETED_BY_REPORT).toMatch(/only when a pathologist releases its report/);
    expect(sayIn('hi', m('booking.completed_by_report'))).toMatch(/पैथोलॉजिस्ट/);
    // Refused for every role that may move an appointment, and nothing changed.
    expect((await move(id, 'completed', technician)).statusCode).toBe(409);
    expect((await sheet(id)).status).toBe('sample_collected');
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['status', 'status']);
    // The console is told which visits wait for a report.
    expect(await staffRow(id)).toMatchObject({ status: 'sample_collected', needs_report: true });
  });

  it('keeps every other move of the status endpoint: the steps before, a skipped step, and cancel', async () => {
    const id = await book(t.app, { tests: [testIds.get(FBS)!] });
    expect((await move(id, 'completed')).json()).toEqual({ status: ['The next step after booked is approved.'] });
    expect((await move(id, 'approved')).json()).toMatchObject({ status: 'approved', needs_report: true });
    expect((await move(id, 'sample_collected')).json()).toMatchObject({ status: 'sample_collected' });
    expect((await move(id, 'cancelled')).json()).toMatchObject({ status: 'cancelled' });
  });

  it('completes a visit of tests without parameters by the status endpoint, said so in the audit', async () => {
    const id = await collected([XRAY]);
    expect(await staffRow(id)).toMatchObject({ needs_report: false });
    const res = await move(id, 'completed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', needs_report: false });
    const last = (await auditOf(id)).at(-1)!;
    expect(JSON.parse(last.after_json!)).toEqual({ status: 'completed', without_report: true });
    // No report: the worksheet and the queue say nothing was released.
    expect((await sheet(id)).report_released).toBe(false);
    expect((await queueItem(id))?.stage).not.toBe('released');
  });

  it('a visit mixing both kinds is a visit with a report', async () => {
    const id = await collected([FBS, XRAY]);
    expect((await move(id, 'completed')).statusCode).toBe(409);
  });

  it('is completed by the release, which the patient then sees', async () => {
    const { id } = await released('98', patient);
    expect((await sheet(id))).toMatchObject({ status: 'completed', report_released: true });
    const mine = (await as(patient, 'GET', '/api/users/userappointments/')).json() as Array<{ id: string; status: string }>;
    expect(mine.find((a) => a.id === id)!.status).toBe('completed');
  });
});

describe('the worksheet and the queue say "released" only with a released version', () => {
  it('a visit marked completed without its report (as the old one-click path left them) is not released', async () => {
    const id = await collected([FBS]);
    await t.app.deps.db.updateTable('appointments').set({ status: 'completed' }).where('id', '=', id).execute();
    expect((await sheet(id))).toMatchObject({ status: 'completed', report_released: false, reports: [] });
  });

  it('tells "ready", "released" and "amendment" apart in the queue', async () => {
    const id = await collected([FBS]);
    const glucose = (await sheet(id)).rows[0]!.parameter_id;
    await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: glucose, value: '90' }], final: true });
    expect((await queueItem(id))?.stage).toBe('ready');
    expect((await sheet(id)).report_released).toBe(false);
    await as(kavita, 'POST', `/api/staff/results/${id}/release`);
    expect((await queueItem(id))?.stage).toBe('released');
    await as(anil, 'POST', `/api/staff/results/${id}/amend`, { reason: 'Wrong tube', results: [{ parameter_id: glucose, value: '95' }] });
    expect((await queueItem(id))?.stage).toBe('amendment');
    // An amendment waiting for release comes before other work that is not critical.
    const queue = (await as(technician, 'GET', '/api/staff/results')).json() as Array<{ appointment_id: string; stage: string; critical_pending: boolean }>;
    const firstCalm = queue.findIndex((q) => !q.critical_pending);
    expect(queue[firstCalm]!.stage).toBe('amendment');
  });
});

describe('an amendment is a pending version a second pathologist releases', () => {
  it('waits while patients, PDFs and verification read the released version, then is released by another pathologist with the amended e-mail', async () => {
    const { id, glucose, code } = await released('126', patient);
    t.mail.length = 0;
    const amended = await as(anil, 'POST', `/api/staff/results/${id}/amend`, { reason: 'Transcription error', results: [{ parameter_id: glucose, value: '162' }] });
    expect(amended.statusCode).toBe(200);
    const w = amended.json() as Sheet;
    expect(w.reports.map((r) => [r.version, r.status])).toEqual([[1, 'released']]);
    expect(w.report_released).toBe(true);
    expect(w.pending_amendment).toMatchObject({ version: 2, reason: 'Transcription error', entered_by: 'Anil Sharma', entered_by_id: anil.id, entered_by_you: true, changes: [{ parameter_id: glucose, name: 'Fasting Plasma Glucose', from: '126', to: '162', flag: 'H' }] });
    // The results themselves are still the released ones.
    expect(w.rows[0]!.value).toBe('126');
    // The second pathologist sees it as someone else's, to release.
    expect(((await as(kavita, 'GET', `/api/staff/results/${id}`)).json() as Sheet).pending_amendment).toMatchObject({ entered_by: 'Anil Sharma', entered_by_you: false });

    // Patients, verification and the PDF still read version 1; no e-mail yet.
    expect(((await as(patient, 'GET', '/api/reports/')).json() as Array<{ appointment_id: string; version: number }>).find((r) => r.appointment_id === id)!.version).toBe(1);
    expect((await as(null, 'GET', `/api/verify/${code}`)).json()).toMatchObject({ version: 1, superseded: false });
    expect((await as(null, 'GET', `/api/reports/${id}/pdf`)).statusCode).toBe(200);
    expect(await t.app.deps.db.selectFrom('mail_jobs').select('kind').where('appointment_id', '=', id).where('kind', '=', 'report-amended').execute()).toEqual([]);

    // A second amendment cannot be stacked on it.
    expect((await as(kavita, 'POST', `/api/staff/results/${id}/amend`, { reason: 'Other', results: [{ parameter_id: glucose, value: '150' }] })).json()).toEqual({
      error: 'An amendment of this report is already waiting for release: release or discard it first.',
    });

    const out = await as(kavita, 'POST', `/api/staff/results/${id}/amendment/release`);
    expect(out.statusCode).toBe(200);
    const after = out.json() as Sheet;
    expect(after.reports.map((r) => [r.version, r.status])).toEqual([[2, 'released'], [1, 'superseded']]);
    expect(after.pending_amendment).toBeNull();
    expect(after.rows[0]!.value).toBe('162');
    expect((await as(null, 'GET', `/api/verify/${code}`)).json()).toMatchObject({ version: 1, superseded: true, superseded_by: after.reports[0]!.verification_code });
    await expect.poll(() => t.mail.filter((m) => m.subject.includes('amended')).length).toBe(1);
    expect((await queueItem(id))?.stage).toBe('released');
  });

  it('can be discarded, leaving the released version as it was', async () => {
    const { id, glucose } = await released('110');
    await as(anil, 'POST', `/api/staff/results/${id}/amend`, { reason: 'Wrong sample', results: [{ parameter_id: glucose, value: '80' }] });
    expect((await as(technician, 'POST', `/api/staff/results/${id}/amendment/discard`)).statusCode).toBe(403);
    const res = await as(kavita, 'POST', `/api/staff/results/${id}/amendment/discard`);
    expect(res.statusCode).toBe(200);
    const w = res.json() as Sheet;
    expect(w.pending_amendment).toBeNull();
    expect(w.reports.map((r) => [r.version, r.status])).toEqual([[1, 'released']]);
    expect(w.rows[0]!.value).toBe('110');
    expect((await as(kavita, 'POST', `/api/staff/results/${id}/amendment/release`)).json()).toEqual({ error: 'No amendment of this report is waiting for release.' });
    // discarded, it may be entered again
    expect((await as(anil, 'POST', `/api/staff/results/${id}/amend`, { reason: 'Wrong sample', results: [{ parameter_id: glucose, value: '81' }] })).statusCode).toBe(200);
  });
});

describe('from the attacker side: no route lets one person change released values alone', () => {
  it('refuses the pathologist who entered an amendment its release, and keeps the released version', async () => {
    const { id, glucose } = await released('126');
    await as(anil, 'POST', `/api/staff/results/${id}/amend`, { reason: 'Transcription error', results: [{ parameter_id: glucose, value: '60' }] });
    const own = await as(anil, 'POST', `/api/staff/results/${id}/amendment/release`);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ error: 'You entered this amendment; another pathologist must release it.' });
    // nor through the first release, nor by discarding and entering it again
    expect((await as(anil, 'POST', `/api/staff/results/${id}/release`)).statusCode).toBe(409);
    expect((await as(anil, 'POST', `/api/staff/results/${id}/amendment/discard`)).statusCode).toBe(200);
    await as(anil, 'POST', `/api/staff/results/${id}/amend`, { reason: 'Again', results: [{ parameter_id: glucose, value: '60' }] });
    expect((await as(anil, 'POST', `/api/staff/results/${id}/amendment/release`)).statusCode).toBe(409);
    expect((await as(technician, 'POST', `/api/staff/results/${id}/amendment/release`)).statusCode).toBe(403);
    const w = await sheet(id);
    expect(w.reports.map((r) => [r.version, r.status])).toEqual([[1, 'released']]);
    expect(w.rows[0]!.value).toBe('126');
  });

  it('refuses values entered through the ordinary results route after release, by anyone', async () => {
    const { id, glucose } = await released('126');
    for (const who of [technician, anil, kavita]) {
      for (const final of [true, false]) {
        const res = await as(who, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: glucose, value: '70' }], final });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: 'This report is released; a pathologist can amend it, and another pathologist releases the amendment.' });
      }
    }
    expect((await sheet(id)).rows[0]!.value).toBe('126');
  });

  it('refuses the ordinary results route on a released report even if the visit were moved back by hand', async () => {
    const { id, glucose } = await released('126');
    await t.app.deps.db.updateTable('appointments').set({ status: 'sample_collected' }).where('id', '=', id).execute();
    expect((await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: glucose, value: '70' }], final: true })).statusCode).toBe(409);
  });

  it('refuses the changes that would alter a released report around its values: patient details, sample times, a status change', async () => {
    const { id } = await released('126');
    expect((await as(reception, 'PUT', `/api/staff/results/${id}/patient`, { age_years: 5, sex: 'male' })).statusCode).toBe(409);
    expect((await as(reception, 'PUT', `/api/staff/results/${id}/sample`, { collected_at: '2026-01-01T10:00', received_at: '2026-01-01T11:00' })).statusCode).toBe(409);
    expect((await move(id, 'cancelled')).statusCode).toBe(400);
    expect((await move(id, 'sample_collected')).statusCode).toBe(400);
  });

  it('refuses the first release to whoever entered a result, pathologist or not', async () => {
    const id = await collected([FBS]);
    const glucose = (await sheet(id)).rows[0]!.parameter_id;
    await as(anil, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: glucose, value: '99' }], final: true });
    expect((await as(anil, 'POST', `/api/staff/results/${id}/release`)).statusCode).toBe(409);
    expect((await move(id, 'completed')).statusCode).toBe(409);
  });
});

describe('the audit names what changed, never the values', () => {
  it('keeps parameters and versions for entry, amendment, its release and discard, and no value or note', async () => {
    const id = await collected([FBS]);
    const glucose = (await sheet(id)).rows[0]!.parameter_id;
    await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: glucose, value: '461' }], final: false });
    await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: glucose, value: '467' }], final: true });
    await as(reception, 'POST', `/api/staff/results/${id}/critical-call`, { note: 'Glucose 467 called to Dr Rao' });
    await as(kavita, 'POST', `/api/staff/results/${id}/release`);
    await as(anil, 'POST', `/api/staff/results/${id}/amend`, { reason: 'Glucose 473 on repeat', results: [{ parameter_id: glucose, value: '473' }] });
    await as(anil, 'POST', `/api/staff/results/${id}/amendment/discard`);
    await as(anil, 'POST', `/api/staff/results/${id}/amend`, { reason: 'Glucose 479 on repeat', results: [{ parameter_id: glucose, value: '479' }] });
    await as(kavita, 'POST', `/api/staff/results/${id}/amendment/release`);

    const rows = await auditOf(id);
    const byAction = (action: string) => rows.filter((r) => r.action === action).map((r) => ({ before: JSON.parse(r.before_json ?? 'null'), after: JSON.parse(r.after_json ?? 'null'), actor: r.actor_user_id }));
    const named = { parameters: [{ parameter_id: glucose, name: 'Fasting Plasma Glucose' }] };
    expect(byAction('results_draft')).toEqual([{ before: null, after: named, actor: technician.id }]);
    expect(byAction('results_final')).toEqual([{ before: null, after: named, actor: technician.id }]);
    expect(byAction('amend')).toEqual([
      { before: { version: 1 }, after: { pending_version: 2, ...named }, actor: anil.id },
      { before: { version: 1 }, after: { pending_version: 2, ...named }, actor: anil.id },
    ]);
    expect(byAction('amend_discard')).toEqual([{ before: { amended_by: anil.id, parameter_ids: [glucose] }, after: null, actor: anil.id }]);
    expect(byAction('amend_release')).toEqual([{ before: { version: 1 }, after: { version: 2, verification_code: expect.any(String), amended_by: anil.id, ...named }, actor: kavita.id }]);
    for (const r of rows) expect(`${r.before_json} ${r.after_json}`, r.action).not.toMatch(/461|467|473|479|Dr Rao/);
    // the values live in the report versions
    const versions = await t.app.deps.db.selectFrom('reports').select(['version', 'snapshot_json']).where('appointment_id', '=', id).orderBy('version').execute();
    expect(versions.map((v) => v.snapshot_json.includes('"467"') || v.snapshot_json.includes('"479"'))).toEqual([true, true]);
  });
});
