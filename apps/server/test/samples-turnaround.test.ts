// Turnaround (docs/samples.md): each test's promised hours and cut-off (defaults, set by the lab,
// audited, bad input named by field), the expected time fixed at receipt across the
// cut-off and the lab's closed days, the queue of containers waiting for their report (soonest first,
// the overdue marked, read through its partial index, left when the report is released), and the
// patient's card reading "received at the lab" and "report expected by".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnaroundQueueQuery } from '../src/modules/samples/queries.ts';
import { addDays, indiaMoment } from '../src/lib/time.ts';
import { bearer, createUser, makeApp, openDate, type Account, queryPlan, type TestApp } from './helpers.ts';
import { testIdsByName } from './report-helpers.ts';
import { book, createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let pinned: Date | null = null;
let desk: StaffAccount;
let phlebotomist: StaffAccount;
let technician: StaffAccount;
let pathologist: StaffAccount;
let patient: Account;
let tests: Map<string, number>;

const as = (who: StaffAccount | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/staff${url}`, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
const testId = (name: string) => tests.get(name)!;

async function collected(names: string[], extra: Parameters<typeof book>[1] = {}, who?: Account): Promise<{ id: string; samples: Array<{ accession: string; container: string }> }> {
  const id = await book(t.app, { tests: names.map(testId), ...extra }, who);
  expect((await as(desk, 'POST', `/appointments/${id}/status`, { status: 'approved' })).statusCode).toBe(200);
  const res = await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
  expect(res.statusCode, res.body).toBe(200);
  return { id, samples: res.json().samples };
}

/** the first open day of the demo lab (Monday to Saturday, 09:00 to 21:00) and the two after it */
const day1 = openDate(1);
const day2 = openDate(2);
const day3 = openDate(3);

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' }, { now: () => pinned ?? new Date() });
  desk = await createStaff(t.app, 'reception', { first_name: 'Asha', last_name: 'Rao' });
  phlebotomist = await createStaff(t.app, 'phlebotomist', { first_name: 'Ravi', last_name: 'Yadav' });
  technician = await createStaff(t.app, 'technician', { first_name: 'Vikram', last_name: 'Singh' });
  pathologist = await createStaff(t.app, 'pathologist', { first_name: 'Neha', last_name: 'Gupta' });
  patient = await createUser(t.app);
  tests = await testIdsByName(t.app);
});
afterAll(() => t.close());

describe('a test\'s promised turnaround', () => {
  it('lists each test\'s default, lets the lab set hours and a cut-off (audited) and refuses others', async () => {
    const list = (await as(phlebotomist, 'GET', '/samples/containers')).json() as Array<{ test_name: string; turnaround_hours: number; cutoff: string | null; turnaround_set_by_staff: boolean }>;
    const of = (name: string) => list.find((x) => x.test_name === name)!;
    expect(of('Complete Blood Count (CBC)')).toMatchObject({ turnaround_hours: 6, cutoff: '18:00', turnaround_set_by_staff: false });
    expect(of('Bone Marrow Biopsy')).toMatchObject({ turnaround_hours: 120 });

    const id = testId('Uric Acid');
    expect((await as(phlebotomist, 'PUT', `/samples/turnaround/${id}`, { hours: 5, cutoff: null })).statusCode).toBe(403);
    const res = await as(technician, 'PUT', `/samples/turnaround/${id}`, { hours: 5, cutoff: '15:30' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ test_name: 'Uric Acid', turnaround_hours: 5, cutoff: '15:30', turnaround_set_by_staff: true, container: 'sst' });
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['before_json', 'after_json']).where('entity', '=', 'test').where('entity_id', '=', String(id)).where('action', '=', 'turnaround').execute();
    expect(audit.map((a) => [JSON.parse(a.before_json!), JSON.parse(a.after_json!)])).toEqual([[{ hours: 8, cutoff: '17:00' }, { hours: 5, cutoff: '15:30' }]]);
  });

  it('names the bad field (the console speaks English) and never answers 500 on a huge or NUL-bearing value', async () => {
    const id = testId('Uric Acid');
    for (const body of [{ hours: 0, cutoff: null }, { hours: 1.5, cutoff: null }, { hours: 2 ** 40, cutoff: null }, { hours: '6', cutoff: null }, { cutoff: null }]) {
      const res = await as(technician, 'PUT', `/samples/turnaround/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().hours).toEqual(['Enter the turnaround in whole hours, from 1 to 720.']);
    }
    for (const cutoff of ['25:00', 'noon', '12:00\u0000']) {
      const res = await as(technician, 'PUT', `/samples/turnaround/${id}`, { hours: 4, cutoff });
      expect(res.statusCode, cutoff).toBe(400);
      expect(Object.keys(res.json())).toEqual(['cutoff']);
    }
    expect((await as(technician, 'PUT', `/samples/turnaround/${2 ** 40}`, { hours: 4, cutoff: null })).statusCode).toBe(400);
    expect((await as(technician, 'PUT', '/samples/turnaround/999999', { hours: 4, cutoff: null })).statusCode).toBe(404);
    expect((await as(technician, 'GET', '/samples/queue?limit=0')).statusCode).toBe(400);
    expect((await as(technician, 'GET', `/samples/queue?limit=${2 ** 40}`)).json()).toEqual({ limit: ['Ask for 1 to 200 containers.'] });
  });
});

describe('the expected time, fixed at receipt', () => {
  it('runs from receipt before the cut-off, from the next open day after it, skipping a day the lab set closed', async () => {
    expect((await as(technician, 'PUT', `/samples/turnaround/${testId('Serum Calcium')}`, { hours: 3, cutoff: null })).statusCode).toBe(200);
    expect((await as(technician, 'PUT', `/samples/turnaround/${testId('Serum Electrolytes')}`, { hours: 3, cutoff: '09:30' })).statusCode).toBe(200);
    const early = await collected(['Serum Calcium']);
    const late = await collected(['Serum Electrolytes']);
    // the day after day1 that the lab opens on is closed by staff: the clock starts the open day after
    await t.app.deps.db.insertInto('slot_overrides').values({ date: day2, closed: 1, opens: null, closes: null, centre_seats: null, home_seats: null }).execute();
    try {
      pinned = indiaMoment(day1, '10:00');
      const a = await as(technician, 'POST', '/samples/receive', { accession: early.samples[0]!.accession });
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json().expected_at).toBe(indiaMoment(day1, '13:00').toISOString());
      const b = await as(technician, 'POST', '/samples/receive', { accession: late.samples[0]!.accession });
      expect(b.json().expected_at).toBe(indiaMoment(day3, '12:00').toISOString());
      const audit = await t.app.deps.db.selectFrom('audit_log').select('after_json').where('entity', '=', 'sample').where('entity_id', '=', late.samples[0]!.accession).where('action', '=', 'received').executeTakeFirstOrThrow();
      expect(JSON.parse(audit.after_json!)).toMatchObject({ expected_at: indiaMoment(day3, '12:00').toISOString() });
    } finally {
      pinned = null;
      await t.app.deps.db.deleteFrom('slot_overrides').where('date', '=', day2).execute();
    }
  });

  it('takes the latest of the tests one container serves', async () => {
    expect((await as(technician, 'PUT', `/samples/turnaround/${testId('Uric Acid')}`, { hours: 2, cutoff: null })).statusCode).toBe(200);
    expect((await as(technician, 'PUT', `/samples/turnaround/${testId('C-Reactive Protein (CRP)')}`, { hours: 7, cutoff: null })).statusCode).toBe(200);
    const visit = await collected(['Uric Acid', 'C-Reactive Protein (CRP)']);
    expect(visit.samples).toHaveLength(1);
    pinned = indiaMoment(day1, '09:15');
    try {
      const res = await as(technician, 'POST', '/samples/receive', { accession: visit.samples[0]!.accession });
      expect(res.json().expected_at).toBe(indiaMoment(day1, '16:15').toISOString());
    } finally {
      pinned = null;
    }
  });
});

describe('the turnaround queue', () => {
  it('lists received containers soonest first, marks the overdue, and drops a visit once its report is released', { timeout: 60_000 }, async () => {
    expect((await as(technician, 'PUT', `/samples/turnaround/${testId('Complete Blood Count (CBC)')}`, { hours: 1, cutoff: null })).statusCode).toBe(200);
    expect((await as(technician, 'PUT', `/samples/turnaround/${testId('Lipid Profile')}`, { hours: 200, cutoff: null })).statusCode).toBe(200);
    const slow = await collected(['Lipid Profile'], { user_name: 'Kavita Joshi' });
    const fast = await collected(['Complete Blood Count (CBC)'], { user_name: 'Mohan Das' }, patient);
    const waiting = await collected(['Complete Blood Count (CBC)'], { user_name: 'Sunil Bose' });
    pinned = indiaMoment(day1, '11:00');
    try {
      for (const v of [slow, fast]) expect((await as(technician, 'POST', '/samples/receive', { accession: v.samples[0]!.accession })).statusCode).toBe(200);
      // two hours on, the blood count promised by noon is overdue; the lipids are not
      pinned = indiaMoment(day1, '13:00');
      expect((await as(phlebotomist, 'GET', '/samples/queue')).statusCode).toBe(403);
      const queue = (await as(technician, 'GET', '/samples/queue?limit=200')).json() as { items: Array<{ accession: string; patient_name: string; overdue: boolean; tests: string[]; expected_at: string }>; more: boolean };
      const mine = queue.items.filter((i) => [slow, fast, waiting].some((v) => v.samples[0]!.accession === i.accession));
      expect(mine.map((i) => [i.patient_name, i.tests, i.overdue])).toEqual([
        ['Mohan Das', ['Complete Blood Count (CBC)'], true],
        ['Kavita Joshi', ['Lipid Profile'], false],
      ]);
      const times = queue.items.map((i) => i.expected_at);
      expect(times).toEqual([...times].sort());
      expect(queue.more).toBe(false);
      const one = (await as(technician, 'GET', '/samples/queue?limit=1')).json();
      expect(one.items).toHaveLength(1);
      expect(one.more).toBe(true);
    } finally {
      pinned = null;
    }

    // the patient's card: received at the lab, report expected by
    const mineNow = (await t.app.inject({ method: 'GET', url: '/api/users/userappointments/', headers: bearer(patient) })).json() as Array<{ id: string; sample_received_at: string | null; report_expected_at: string | null }>;
    expect(mineNow.find((a) => a.id === fast.id)).toMatchObject({ sample_received_at: indiaMoment(day1, '11:00').toISOString(), report_expected_at: indiaMoment(day1, '12:00').toISOString() });

    // released: the blood count leaves the queue
    expect((await as(desk, 'PUT', `/results/${fast.id}/patient`, { age_years: 45, sex: 'male' })).statusCode).toBe(200);
    const rows = (await as(technician, 'GET', `/results/${fast.id}`)).json().rows as Array<{ parameter_id: number; name: string }>;
    const normal: Record<string, string> = { Haemoglobin: '14.5', 'Total Leucocyte Count': '7.20', 'RBC Count': '5.00', 'Haematocrit (PCV)': '44.0', MCV: '88.0', MCH: '29.0', MCHC: '33.0', 'RDW-CV': '13.0', 'Platelet Count': '250', Neutrophils: '60', Lymphocytes: '30', Monocytes: '6', Eosinophils: '3', Basophils: '1' };
    expect((await as(technician, 'PUT', `/results/${fast.id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: normal[r.name] ?? '1.0' })), final: true })).statusCode).toBe(200);
    expect((await as(pathologist, 'POST', `/results/${fast.id}/release`)).statusCode).toBe(200);
    const after = (await as(technician, 'GET', '/samples/queue?limit=200')).json() as { items: Array<{ accession: string }> };
    expect(after.items.map((i) => i.accession)).not.toContain(fast.samples[0]!.accession);
    expect(after.items.map((i) => i.accession)).toContain(slow.samples[0]!.accession);
  });

  it('reads the partial index of containers waiting, never the whole table', async () => {
    const compiled = turnaroundQueueQuery(t.app.deps.db, 50).compile();
    const plan = await queryPlan(t.app.deps.db, compiled);
    expect(plan).toMatch(/samples_turnaround_open/);
    expect(plan).not.toMatch(/SCAN s\b(?! USING)/);
  });
});

// keeps the date helper honest: day3 is a later open day than day2
it('picks three open days in order', () => {
  expect(day1 < day2 && day2 < day3 && addDays(day1, 0) === day1).toBe(true);
});
