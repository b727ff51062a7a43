// Results and reports through the API: seeded parameters, patient details, result entry with type
// checks and flags by age and sex, critical values in the queue, the two-person release, the PDF by the
// bill's capability (404 for strangers) and its text, verification, amendment versions, the report-ready
// e-mail, staff roles managed by an admin, and the audit trail of each step.
import { CONTROL_CHARACTERS, fromIndia, SAMPLE_RECEIVED_BEFORE_COLLECTED, SAMPLE_TIME_IN_FUTURE, type StaffRole, toIndiaLocal } from '@lab/contract';
import { formatIst } from '../src/lib/time.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, makeApp, openDate, pdfText, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;
let technician: Account;
let pathologist: Account;
let otherPathologist: Account;
let reception: Account;
let patient: Account;
let stranger: Account;
const testIds = new Map<string, number>();

beforeAll(async () => {
  t = await makeApp();
  [admin, technician, pathologist, otherPathologist, reception, patient, stranger] = await Promise.all([
    createStaff(t.app),
    createStaff(t.app, 'technician', { first_name: 'Tara', last_name: 'Singh' }),
    createStaff(t.app, 'pathologist', { first_name: 'Anil', last_name: 'Sharma' }),
    createStaff(t.app, 'pathologist', { first_name: 'Kavita', last_name: 'Menon' }),
    createStaff(t.app, 'reception'),
    createUser(t.app),
    createUser(t.app),
  ]);
  const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
  for (const x of list) testIds.set(x.name, x.id);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const as = (who: Account | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? bearer(who) : {} });

const CBC = 'Complete Blood Count (CBC)';

/** a booking of `tests`, moved to "sample collected" by staff */
async function collected(tests: string[], who?: Account): Promise<string> {
  const id = await book(t.app, { tests: tests.map((n) => testIds.get(n)!), user_name: 'Ravi Kumar Verma' }, who);
  for (const status of ['approved', 'sample_collected']) {
    expect((await as(admin, 'POST', `/api/staff/appointments/${id}/status`, { status })).statusCode).toBe(200);
  }
  return id;
}

interface Row {
  parameter_id: number;
  name: string;
  test_name: string;
  unit: string;
  value: string | null;
  flag: string | null;
  status: string | null;
  interval_text: string;
}
const worksheet = async (id: string, who = technician) => (await as(who, 'GET', `/api/staff/results/${id}`)).json() as { rows: Row[]; critical_pending: boolean; reports: Array<{ version: number; status: string; verification_code: string }>; status: string };
const param = (rows: Row[], name: string) => rows.find((r) => r.name === name)!;

/** every CBC value normal for an adult man, with some replaced */
function cbcValues(rows: Row[], overrides: Record<string, string> = {}) {
  const normal: Record<string, string> = {
    Haemoglobin: '14.5', 'Total Leucocyte Count': '7.20', 'RBC Count': '5.00', 'Haematocrit (PCV)': '44.0', MCV: '88.0', MCH: '29.0', MCHC: '33.0',
    'RDW-CV': '13.0', 'Platelet Count': '250', Neutrophils: '60', Lymphocytes: '30', Monocytes: '6', Eosinophils: '3', Basophils: '1',
  };
  return rows.map((r) => ({ parameter_id: r.parameter_id, value: overrides[r.name] ?? normal[r.name]! }));
}

async function audit(entityId: string): Promise<string[]> {
  const rows = await t.app.deps.db.selectFrom('audit_log').select(['action']).where('entity_id', '=', entityId).orderBy('id').execute();
  return rows.map((r) => r.action);
}


describe('the catalogue says what each test measures', () => {
  it('has the seeded CBC with its parameters, units and intervals by sex', async () => {
    const res = await as(technician, 'GET', `/api/staff/tests/${testIds.get(CBC)}/parameters`);
    expect(res.statusCode).toBe(200);
    const params = res.json() as Array<{ name: string; unit: string; intervals: Array<{ sex: string; lower: number; upper: number }> }>;
    expect(params.length).toBeGreaterThanOrEqual(10);
    expect(params[0]).toMatchObject({ name: 'Haemoglobin', unit: 'g/dL', result_type: 'number', decimals: 1 });
    expect(params[0]!.intervals).toEqual([
      expect.objectContaining({ sex: 'male', lower: 13, upper: 17, critical_low: 7, critical_high: 20 }),
      expect.objectContaining({ sex: 'female', lower: 12, upper: 15 }),
    ]);
  });

  it('lets an admin add a parameter with intervals, refusing impossible ones with the field named, audited', async () => {
    const url = `/api/staff/tests/${testIds.get('Uric Acid')}/parameters`;
    const bad = await as(admin, 'POST', url, { name: 'Urate', result_type: 'number', intervals: [{ sex: 'any', age_unit: 'years', age_from: 18, age_to: null, lower: 9, upper: 3, critical_low: null, critical_high: null }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'intervals.0.lower': ['The lower limit must not be above the upper limit.'] });
    expect((await as(admin, 'POST', url, { name: 'Urate\u0000', result_type: 'number' })).json()).toEqual({ name: [CONTROL_CHARACTERS] });
    expect((await as(admin, 'POST', `/api/staff/tests/2147483648/parameters`, { name: 'X', result_type: 'text' })).statusCode).toBe(400);
    expect((await as(admin, 'POST', `/api/staff/tests/2147483647/parameters`, { name: 'X', result_type: 'text' })).statusCode).toBe(404);

    const created = await as(admin, 'POST', url, { name: 'Urate (spot)', unit: 'mg/dL', result_type: 'number', decimals: 1, intervals: [{ sex: 'any', age_unit: 'years', age_from: 18, age_to: null, lower: null, upper: 7, critical_low: null, critical_high: 12 }] });
    expect(created.statusCode).toBe(201);
    const p = created.json() as { id: number };
    expect(await audit(String(p.id))).toContain('create');
    expect((await as(technician, 'POST', url, { name: 'X', result_type: 'text' })).statusCode).toBe(403);
  });
});

describe('result entry', () => {
  it('waits for the sample and for the patient age and sex, which are checked', async () => {
    const id = await book(t.app, { tests: [testIds.get(CBC)!] });
    expect((await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: 1, value: '1' }], final: false })).json()).toEqual({ error: 'Results can be entered once the sample is collected.' });

    const ready = await collected([CBC]);
    const rows = (await worksheet(ready)).rows;
    const refused = await as(technician, 'PUT', `/api/staff/results/${ready}`, { results: cbcValues(rows), final: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/age and sex/);

    expect((await as(reception, 'PUT', `/api/staff/results/${ready}/patient`, { sex: 'male' })).json()).toEqual({ date_of_birth: ['Give the date of birth or the age in years.'] });
    expect((await as(reception, 'PUT', `/api/staff/results/${ready}/patient`, { age_years: 300, sex: 'male' })).statusCode).toBe(400);
    expect((await as(reception, 'PUT', `/api/staff/results/${ready}/patient`, { age_years: 40, sex: 'robot' })).json()).toEqual({ sex: ['Choose one of: male, female, other.'] });
    const ok = await as(reception, 'PUT', `/api/staff/results/${ready}/patient`, { age_years: 40, sex: 'male' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ patient_age: '40 years', patient_sex: 'male' });
    expect(await audit(ready)).toContain('patient_details');
  });

  it('refuses values of the wrong type with a message naming the parameter and the field', async () => {
    const id = await collected([CBC, 'HIV Antibody Test']);
    await as(reception, 'PUT', `/api/staff/results/${id}/patient`, { age_years: 30, sex: 'female' });
    const rows = (await worksheet(id)).rows;
    const hb = param(rows, 'Haemoglobin');
    const hiv = param(rows, 'HIV 1 & 2 Antibodies');
    const put = (results: object[]) => as(technician, 'PUT', `/api/staff/results/${id}`, { results, final: false });

    expect((await put([{ parameter_id: hb.parameter_id, value: 'high' }])).json()).toEqual({ 'results.0.value': ['Haemoglobin: enter a number, e.g. 12.5.'] });
    expect((await put([{ parameter_id: hb.parameter_id, value: '12.55' }])).json()).toEqual({ 'results.0.value': ['Haemoglobin: enter at most 1 decimal.'] });
    expect((await put([{ parameter_id: hiv.parameter_id, value: 'maybe' }])).json()).toEqual({ 'results.0.value': ['HIV 1 & 2 Antibodies: choose one of Non-reactive, Reactive.'] });
    const platelets = param(rows, 'Platelet Count');
    expect((await put([{ parameter_id: platelets.parameter_id, value: '250.5' }])).json()).toEqual({ 'results.0.value': ['Platelet Count: enter a whole number.'] });
    const elsewhere = (await t.app.deps.db.selectFrom('test_parameters').select('id').where('name', '=', 'TSH').executeTakeFirstOrThrow()).id;
    expect((await put([{ parameter_id: elsewhere, value: '2' }])).json()).toEqual({ 'results.0.parameter_id': ["This parameter is not measured by this appointment's tests."] });
    expect((await put([{ parameter_id: 2_147_483_648, value: '2' }])).statusCode).toBe(400);
    expect((await put([{ parameter_id: hb.parameter_id, value: '1\u00002' }])).json()).toEqual({ 'results.0.value': [CONTROL_CHARACTERS] });
    expect((await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [], final: false })).json()).toEqual({ results: ['Enter at least one result.'] });

    // A choice is matched whatever its case, and stored as the catalogue spells it.
    const saved = await put([{ parameter_id: hiv.parameter_id, value: 'reactive' }]);
    expect(param(saved.json().rows, 'HIV 1 & 2 Antibodies')).toMatchObject({ value: 'Reactive', flag: 'A', status: 'draft' });
  });

  it('flags values against the interval of the patient sex and age', async () => {
    const man = await collected([CBC]);
    const woman = await collected([CBC]);
    await as(reception, 'PUT', `/api/staff/results/${man}/patient`, { date_of_birth: '1980-05-01', sex: 'male' });
    await as(reception, 'PUT', `/api/staff/results/${woman}/patient`, { age_years: 35, sex: 'female' });
    const hb = param((await worksheet(man)).rows, 'Haemoglobin');
    expect(hb.interval_text).toBe('13.0 - 17.0');
    expect(param((await worksheet(woman)).rows, 'Haemoglobin').interval_text).toBe('12.0 - 15.0');

    const enter = async (id: string, value: string) => param((await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: hb.parameter_id, value }], final: false })).json().rows, 'Haemoglobin').flag;
    expect(await enter(man, '12.5')).toBe('L');
    expect(await enter(woman, '12.5')).toBeNull();
    expect(await enter(woman, '15.4')).toBe('H');
    expect(await enter(man, '6.8')).toBe('LL');
    expect(await enter(man, '21.0')).toBe('HH');

    // A child has no seeded interval (adult ranges only): no flag rather than a wrong one.
    const child = await collected([CBC]);
    await as(reception, 'PUT', `/api/staff/results/${child}/patient`, { age_years: 6, sex: 'male' });
    expect(param((await worksheet(child)).rows, 'Haemoglobin').interval_text).toBe('');
    expect(await enter(child, '9.0')).toBeNull();
  });
});

describe('the whole path: entry, critical call, two-person release, PDF, verification, amendment', () => {
  const hoursAgo = (h: number) => toIndiaLocal(new Date(Date.now() - h * 3_600_000).toISOString());
  /** collected at the patient's home, received at the lab an hour and a half later */
  const sample = { collected: hoursAgo(3), received: hoursAgo(1.5) };
  let id: string;
  let guestId: string;
  let firstCode: string;

  it('keeps drafts, refuses a final set with missing results, and puts a critical value at the top of the queue until called', async () => {
    id = await collected([CBC, 'Lipid Profile'], patient);
    await as(reception, 'PUT', `/api/staff/results/${id}/patient`, { age_years: 45, sex: 'male' });
    const rows = (await worksheet(id)).rows;
    const cbcRows = rows.filter((r) => cbcValues([r])[0]!.value !== undefined);

    const draft = await as(technician, 'PUT', `/api/staff/results/${id}`, { results: cbcValues(cbcRows, { 'Total Leucocyte Count': '13.40', 'Platelet Count': '15' }), final: false });
    expect(draft.statusCode).toBe(200);
    const incomplete = await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: param(rows, 'Haemoglobin').parameter_id, value: '14.5' }], final: true });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().results[0]).toMatch(/^Enter every result before marking them final\. Missing: Total Cholesterol, Triglycerides/);

    const queue = (await as(technician, 'GET', '/api/staff/results')).json() as Array<{ appointment_id: string; critical_pending: boolean; stage: string }>;
    expect(queue.find((q) => q.appointment_id === id)).toMatchObject({ critical_pending: true, stage: 'draft' });
    // Critical values not yet called about come first.
    const flags = queue.map((q) => q.critical_pending);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(flags.filter(Boolean).length).toBeGreaterThan(0);
    expect(flags.filter((f) => !f).length).toBeGreaterThan(0);

    const lipids = { 'Total Cholesterol': '185', Triglycerides: '140', 'HDL Cholesterol': '45', 'LDL Cholesterol': '98', 'VLDL Cholesterol': '28', 'Total Cholesterol / HDL Ratio': '4.1' };
    const final = await as(technician, 'PUT', `/api/staff/results/${id}`, { results: rows.filter((r) => r.name in lipids).map((r) => ({ parameter_id: r.parameter_id, value: lipids[r.name as keyof typeof lipids] })), final: true });
    expect(final.statusCode).toBe(200);
    const w = final.json() as { rows: Row[] };
    expect(w.rows.every((r) => r.status === 'final')).toBe(true);
    expect(param(w.rows, 'Total Leucocyte Count').flag).toBe('H');
    expect(param(w.rows, 'Platelet Count').flag).toBe('LL');

    expect((await as(reception, 'POST', `/api/staff/results/${id}/critical-call`, { note: ' ' })).json()).toEqual({ note: ['This field may not be blank.'] });
    const called = await as(reception, 'POST', `/api/staff/results/${id}/critical-call`, { note: 'Platelets 15: called Dr Rao (referring) at 11:05' });
    expect(called.json()).toMatchObject({ critical_pending: false, critical_call_note: 'Platelets 15: called Dr Rao (referring) at 11:05' });
    const after = (await as(technician, 'GET', '/api/staff/results')).json() as Array<{ appointment_id: string; critical_pending: boolean }>;
    expect(after.find((q) => q.appointment_id === id)!.critical_pending).toBe(false);
    expect(await audit(id)).toEqual(expect.arrayContaining(['results_draft', 'results_final', 'critical_call']));
  });

  it('keeps when the sample was collected and when it was received, set at collection and corrected by staff, checked and audited', async () => {
    const w0 = (await as(technician, 'GET', `/api/staff/results/${id}`)).json() as { sample_collected_at: string; sample_received_at: string };
    // Marking the sample collected set both to that moment.
    expect(w0.sample_collected_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(w0.sample_received_at).toBe(w0.sample_collected_at);

    const url = `/api/staff/results/${id}/sample`;
    const hour = 3_600_000;
    const future = toIndiaLocal(new Date(Date.now() + 2 * hour).toISOString());
    expect((await as(technician, 'PUT', url, { collected_at: sample.collected, received_at: future })).json()).toEqual({ received_at: [SAMPLE_TIME_IN_FUTURE] });
    expect((await as(technician, 'PUT', url, { collected_at: sample.received, received_at: sample.collected })).json()).toEqual({ received_at: [SAMPLE_RECEIVED_BEFORE_COLLECTED] });
    for (const bad of [{ collected_at: '2026-02-30T10:00', received_at: sample.received }, { collected_at: '10:00\u0000', received_at: sample.received }, { received_at: sample.received }]) {
      const res = await as(technician, 'PUT', url, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['collected_at']);
    }
    expect((await as(admin, 'PUT', url, { collected_at: sample.collected, received_at: sample.received })).statusCode).toBe(403);

    const saved = await as(reception, 'PUT', url, { collected_at: sample.collected, received_at: sample.received });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ sample_collected_at: fromIndia(sample.collected), sample_received_at: fromIndia(sample.received) });
    expect(toIndiaLocal(saved.json().sample_received_at)).toBe(sample.received);
    expect(await audit(id)).toContain('sample_times');
  });

  it('needs a pathologist other than anyone who entered a result, and then moves the appointment to completed', async () => {
    expect((await as(technician, 'POST', `/api/staff/results/${id}/release`)).json()).toEqual({ error: 'Your staff role does not allow this.' });

    // The first pathologist corrects a value: now they entered results, so they may not release.
    const mcv = param((await worksheet(id)).rows, 'MCV');
    expect((await as(pathologist, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: mcv.parameter_id, value: '89.0' }], final: true })).statusCode).toBe(200);
    const own = await as(pathologist, 'POST', `/api/staff/results/${id}/release`);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ error: 'You entered results of this report; another pathologist must release it.' });

    // A pathologist with no registration number on the account cannot sign a report.
    await t.app.deps.db.updateTable('users').set({ registration_no: '' }).where('id', '=', otherPathologist.id).execute();
    expect((await as(otherPathologist, 'POST', `/api/staff/results/${id}/release`)).statusCode).toBe(409);
    expect((await as(admin, 'PATCH', `/api/staff/accounts/${otherPathologist.id}`, { registration_no: 'RMC-20931' })).statusCode).toBe(200);

    t.mail.length = 0;
    const released = await as(otherPathologist, 'POST', `/api/staff/results/${id}/release`);
    expect(released.statusCode).toBe(200);
    const w = released.json() as Awaited<ReturnType<typeof worksheet>>;
    expect(w.status).toBe('completed');
    expect(w.reports).toEqual([expect.objectContaining({ version: 1, status: 'released', released_by: 'Kavita Menon', verification_code: expect.stringMatching(/^[A-Z2-9]{8}$/) })]);
    firstCode = w.reports[0]!.verification_code;
    expect(await audit(id)).toContain('release');
    expect((await as(otherPathologist, 'POST', `/api/staff/results/${id}/release`)).json()).toEqual({ error: 'This report is already released; amend it to change it.' });
    expect((await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: mcv.parameter_id, value: '90.0' }], final: true })).statusCode).toBe(409);

    // The patient is told by e-mail, with a link and no result.
    await expect.poll(() => t.mail.length).toBe(1);
    const mail = t.mail[0]!;
    expect(mail).toMatchObject({ to: 'ravi@example.com', subject: 'Your report is ready' });
    expect(mail.text).toContain(`http://lab.test/report/${id}`);
    expect(mail.text).not.toMatch(/Platelet|Haemoglobin|15\b/);

    const dashboard = (await as(patient, 'GET', '/api/users/userappointments/')).json() as Array<{ id: string; status: string }>;
    expect(dashboard.find((a) => a.id === id)!.status).toBe('completed');
  });

  it('gives the PDF to whoever holds the appointment id, signed in or not (the e-mailed link), with values, units, intervals and flags', async () => {
    const res = await as(patient, 'GET', `/api/reports/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Lab Centre Diagnostics', 'Ravi Kumar Verma', '45 years / Male', 'Booking reference: LC-', 'Complete Blood Count (CBC)', 'Whole blood (EDTA)',
      'Haemoglobin', '14.5', 'g/dL', '13.0 - 17.0', '13.40 H', '10^3/µL', '4.00 - 10.00', '15 L (critical)', '150 - 410',
      'Enzymatic (CHOD-PAP)', 'Total Cholesterol', '< 200', 'HDL Cholesterol', '> 40', 'Kavita Menon', 'MD (Pathology)', 'Reg. No. RMC-20931',
      `/verify/${firstCode}`, 'Page 1 of', '*** End of report ***', 'IST', formatIst(fromIndia(sample.collected)), formatIst(fromIndia(sample.received)),
    ]) {
      // NFKC: the extractor reads the micro sign (U+00B5) back as Greek mu (U+03BC).
      expect(text.normalize('NFKC')).toContain(expected.normalize('NFKC'));
    }

    // The id is the capability, as for the bill: the link opens on a phone where nobody is signed in.
    expect((await as(null, 'GET', `/api/reports/${id}/pdf`)).statusCode).toBe(200);
    expect((await as(stranger, 'GET', `/api/reports/${id}/pdf`)).statusCode).toBe(200);
    // Without the id nothing leads to it: an unknown or malformed id is the same 404, never listed.
    expect((await as(null, 'GET', '/api/reports/NOSUCHAPPOINTMNT/pdf')).json()).toEqual({ error: 'No report found for this appointment.' });
    expect((await as(null, 'GET', '/api/reports/%00/pdf')).statusCode).toBe(404);
    expect(((await as(patient, 'GET', '/api/reports/')).json() as Array<{ appointment_id: string }>).map((r) => r.appointment_id)).toContain(id);
    expect((await as(stranger, 'GET', '/api/reports/')).json()).toEqual([]);
  });

  it('gives a guest the PDF by the appointment id alone, with or without a token', async () => {
    guestId = await collected(['Fasting Blood Sugar']);
    await as(reception, 'PUT', `/api/staff/results/${guestId}/patient`, { age_years: 52, sex: 'female' });
    const glucose = (await worksheet(guestId)).rows[0]!;
    await as(technician, 'PUT', `/api/staff/results/${guestId}`, { results: [{ parameter_id: glucose.parameter_id, value: '126' }], final: true });
    expect((await as(null, 'GET', `/api/reports/${guestId}/pdf`)).statusCode).toBe(404);
    expect((await as(pathologist, 'POST', `/api/staff/results/${guestId}/release`)).statusCode).toBe(200);
    for (const who of [null, stranger]) {
      const res = await as(who, 'GET', `/api/reports/${guestId}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(await pdfText(res.rawPayload)).toContain('126 H');
    }
  });

  it('verifies a code without showing any result', async () => {
    const res = await as(null, 'GET', `/api/verify/${firstCode.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      genuine: true,
      lab_name: 'Lab Centre Diagnostics',
      patient_initials: 'R. K. V.',
      tests: ['Complete Blood Count (CBC)', 'Lipid Profile'],
      released_at: expect.any(String),
      version: 1,
      superseded: false,
      superseded_by: null,
    });
    expect(res.body).not.toMatch(/13\.40|Platelet|Ravi/);
    expect((await as(null, 'GET', '/api/verify/ZZZZZZZZ')).statusCode).toBe(404);
  });

  it('amends only by a pathologist with a reason, released by another as a new version; the old code then says superseded', async () => {
    const tlc = param((await worksheet(id, pathologist)).rows, 'Total Leucocyte Count');
    const body = { reason: 'Transcription error in the leucocyte count', results: [{ parameter_id: tlc.parameter_id, value: '12.40' }] };
    expect((await as(technician, 'POST', `/api/staff/results/${id}/amend`, body)).statusCode).toBe(403);
    expect((await as(pathologist, 'POST', `/api/staff/results/${id}/amend`, { ...body, reason: '' })).json()).toEqual({ reason: ['This field may not be blank.'] });
    expect((await as(pathologist, 'POST', `/api/staff/results/${id}/amend`, { ...body, results: [{ parameter_id: tlc.parameter_id, value: '13.40' }] })).json()).toEqual({ results: ['The amendment changes no result.'] });

    const amended = await as(pathologist, 'POST', `/api/staff/results/${id}/amend`, body);
    expect(amended.statusCode).toBe(200);
    // Pending until a second pathologist releases it (the amendment's own tests: report-lifecycle.test.ts).
    expect((amended.json() as Awaited<ReturnType<typeof worksheet>>).reports.map((r) => [r.version, r.status])).toEqual([[1, 'released']]);
    const released = await as(otherPathologist, 'POST', `/api/staff/results/${id}/amendment/release`);
    expect(released.statusCode).toBe(200);
    const reports = (released.json() as Awaited<ReturnType<typeof worksheet>>).reports;
    expect(reports.map((r) => [r.version, r.status])).toEqual([[2, 'released'], [1, 'superseded']]);
    const newCode = reports[0]!.verification_code;

    expect((await as(null, 'GET', `/api/verify/${firstCode}`)).json()).toMatchObject({ version: 1, superseded: true, superseded_by: newCode });
    expect((await as(null, 'GET', `/api/verify/${newCode}`)).json()).toMatchObject({ version: 2, superseded: false });

    const text = await pdfText((await as(patient, 'GET', `/api/reports/${id}/pdf`)).rawPayload);
    expect(text).toContain('12.40 H');
    expect(text).toContain('Transcription error in the leucocyte count');
    // signed by the pathologist who released the amendment
    expect(text).toContain('Kavita Menon');

    // The old version stays readable by staff, and each look is on the record.
    const old = await as(technician, 'GET', `/api/staff/results/${id}/reports/1/pdf`);
    expect(old.statusCode).toBe(200);
    expect(await pdfText(old.rawPayload)).toContain('13.40 H');
    expect((await as(technician, 'GET', `/api/staff/results/${id}/reports/9/pdf`)).statusCode).toBe(404);
    expect(await audit(id)).toEqual(expect.arrayContaining(['amend', 'amend_release', 'view']));
  });

  it('keeps a released report as released when the intervals change later', async () => {
    const hb = (await as(admin, 'GET', `/api/staff/tests/${testIds.get(CBC)}/parameters`)).json()[0] as { id: number; intervals: object[] } & Record<string, unknown>;
    const { id: pid, test_id: _t, ...rest } = hb;
    const changed = await as(admin, 'PUT', `/api/staff/parameters/${pid}`, { ...rest, intervals: [{ sex: 'any', age_unit: 'years', age_from: 18, age_to: null, lower: 15, upper: 18, critical_low: 7, critical_high: 20 }] });
    expect(changed.statusCode).toBe(200);
    expect(await audit(String(pid))).toContain('update');
    expect(await pdfText((await as(patient, 'GET', `/api/reports/${id}/pdf`)).rawPayload)).toContain('13.0 - 17.0');
  });
});

describe('staff accounts and roles (admin)', () => {
  it('gives a registered account a role, changes it and deactivates it, audited; never the admin own role', async () => {
    const person = await createUser(t.app, { first_name: 'Suresh', last_name: 'Nair' });
    expect((await as(admin, 'POST', '/api/staff/accounts', { username: 'no_such_user', staff_role: 'technician' })).json()).toEqual({ username: ['No account has this username. The person registers first, then you give them a role.'] });
    expect((await as(admin, 'POST', '/api/staff/accounts', { username: person.username, staff_role: 'chemist' })).statusCode).toBe(400);
    const made = await as(admin, 'POST', '/api/staff/accounts', { username: person.username, staff_role: 'technician' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ id: person.id, staff_role: 'technician' });
    expect(((await as(admin, 'GET', '/api/staff/accounts')).json() as Array<{ id: number; staff_role: string }>).find((a) => a.id === person.id)).toMatchObject({ staff_role: 'technician' });

    expect((await as(admin, 'PATCH', `/api/staff/accounts/${person.id}`, { staff_role: null })).json()).toMatchObject({ staff_role: null });
    expect((await t.app.deps.db.selectFrom('users').select(['role', 'staff_role']).where('id', '=', person.id).executeTakeFirstOrThrow())).toEqual({ role: 'patient', staff_role: null });
    // (the first entry: the factory's account proved its address, decision 049)
    expect(await audit(String(person.id))).toEqual(['email-proven', 'set_staff_role', 'deactivate_staff']);

    expect((await as(admin, 'PATCH', `/api/staff/accounts/${admin.id}`, { staff_role: 'technician' })).json()).toEqual({ staff_role: ['You cannot take the admin role from your own account.'] });
    const list = (await as(admin, 'GET', '/api/staff/accounts')).json() as Array<{ id: number; staff_role: StaffRole }>;
    expect(list.find((a) => a.id === pathologist.id)).toMatchObject({ staff_role: 'pathologist', qualification: 'MD (Pathology)' });
    expect(list.some((a) => a.id === person.id)).toBe(false);
  });
});

describe('age and sex at booking', () => {
  it('are optional, checked, and prefill the worksheet so results can be entered at once', async () => {
    const base = { tests: [testIds.get('Fasting Blood Sugar')!] };
    const future = await t.app.inject({ method: 'POST', url: '/api/appointments/', remoteAddress: '10.77.0.1', payload: { date: openDate(3), time: '10:30', user_name: 'A B', user_email: 'ab@example.com', user_phone: '9876543210', tests: base.tests, patient_date_of_birth: '2098-01-01' } });
    expect(future.json()).toEqual({ patient_date_of_birth: ['The date of birth cannot be in the future.'] });
    const badSex = await t.app.inject({ method: 'POST', url: '/api/appointments/', remoteAddress: '10.77.0.2', payload: { date: openDate(3), time: '10:30', user_name: 'A B', user_email: 'ab@example.com', user_phone: '9876543210', tests: base.tests, patient_sex: 'x' } });
    expect(badSex.json()).toEqual({ patient_sex: ['Choose one of: male, female, other.'] });

    const id = await book(t.app, { ...base, patient_date_of_birth: '1990-02-14', patient_sex: 'female' });
    for (const status of ['approved', 'sample_collected']) await as(admin, 'POST', `/api/staff/appointments/${id}/status`, { status });
    const w = (await as(technician, 'GET', `/api/staff/results/${id}`)).json();
    expect(w).toMatchObject({ patient_date_of_birth: '1990-02-14', patient_sex: 'female', patient_age: expect.stringMatching(/^\d+ years$/) });
    const glucose = w.rows[0] as Row;
    expect((await as(technician, 'PUT', `/api/staff/results/${id}`, { results: [{ parameter_id: glucose.parameter_id, value: '65' }], final: true })).json().rows[0]).toMatchObject({ flag: 'L' });
  });
});

describe("the patient's trends", () => {
  const HBA1C = 'HbA1c (Glycated Haemoglobin)';
  const daysAgo = (d: number) => toIndiaLocal(new Date(Date.now() - d * 86_400_000).toISOString());

  /** tests of `who` (each with one parameter: its value), collected `days` ago, entered and released */
  async function released(who: Account, days: number, values: Record<string, string>): Promise<string> {
    const id = await collected(Object.keys(values), who);
    await as(reception, 'PUT', `/api/staff/results/${id}/patient`, { age_years: 52, sex: 'female' });
    await as(reception, 'PUT', `/api/staff/results/${id}/sample`, { collected_at: daysAgo(days), received_at: daysAgo(days) });
    const rows = (await worksheet(id)).rows;
    const results = rows.map((r) => ({ parameter_id: r.parameter_id, value: values[r.test_name]! }));
    expect((await as(technician, 'PUT', `/api/staff/results/${id}`, { results, final: true })).statusCode).toBe(200);
    expect((await as(otherPathologist, 'POST', `/api/staff/results/${id}/release`)).statusCode).toBe(200);
    return id;
  }

  it('gives each parameter measured more than once, oldest first, with the interval it was read against', async () => {
    const me = await createUser(t.app);
    const first = await released(me, 180, { [HBA1C]: '7.9', 'Fasting Blood Sugar': '142' });
    const second = await released(me, 90, { [HBA1C]: '6.8' });
    const third = await released(me, 2, { [HBA1C]: '5.9' });
    // Someone else's results never show.
    await released(stranger, 30, { [HBA1C]: '9.9' });

    const res = await as(me, 'GET', '/api/reports/trends/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The fasting sugar was measured once: no trend.
    const trends = res.json() as Array<{ parameter: string; unit: string; points: Array<Record<string, unknown>> }>;
    expect(trends.map((x) => x.parameter)).toEqual(['HbA1c']);
    expect(trends[0]).toMatchObject({ unit: '%' });
    expect(trends[0]!.points).toEqual([
      { appointment_id: first, taken_at: fromIndia(daysAgo(180)), value: 7.9, flag: 'H', interval: '< 5.7', lower: null, upper: 5.7 },
      { appointment_id: second, taken_at: fromIndia(daysAgo(90)), value: 6.8, flag: 'H', interval: '< 5.7', lower: null, upper: 5.7 },
      { appointment_id: third, taken_at: fromIndia(daysAgo(2)), value: 5.9, flag: 'H', interval: '< 5.7', lower: null, upper: 5.7 },
    ]);

    // An amendment replaces its visit's value; the superseded version is not counted again.
    const hba1c = param((await worksheet(third)).rows, 'HbA1c');
    expect((await as(pathologist, 'POST', `/api/staff/results/${third}/amend`, { reason: 'Transcription error', results: [{ parameter_id: hba1c.parameter_id, value: '5.5' }] })).statusCode).toBe(200);
    expect((await as(otherPathologist, 'POST', `/api/staff/results/${third}/amendment/release`)).statusCode).toBe(200);
    const amended = (await as(me, 'GET', '/api/reports/trends/')).json() as typeof trends;
    expect(amended[0]!.points.map((p) => [p.value, p.flag])).toEqual([[7.9, 'H'], [6.8, 'H'], [5.5, null]]);
  });

  it('is for the signed-in patient only', async () => {
    expect((await as(null, 'GET', '/api/reports/trends/')).statusCode).toBe(401);
    expect((await as(await createUser(t.app), 'GET', '/api/reports/trends/')).json()).toEqual([]);
  });
});
