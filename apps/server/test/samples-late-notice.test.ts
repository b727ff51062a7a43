// "Report expected by" before the sample is received and the late-report notice (docs/samples.md,
// decision 071): the booking's answer, the bill and the dashboard card say when the report is expected,
// computed from the booked slot (a visit's start at the centre, a home collection's slot end) with each
// test's turnaround and the lab's hours and closed days, the latest of the visit's tests; once received,
// the containers' own time. A report past its time unreleased is told to its patient once (e-mail and the
// chosen phone channels, in the booking's language) with a new time the card then shows; never again on
// the next run, never for a released report, and once even with two runners at once. SQLite and, with
// DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LateNoticeRunner } from '../src/modules/samples/late-notice.ts';
import { lateVisitsQuery } from '../src/modules/samples/queries.ts';
import { indiaMoment } from '../src/lib/time.ts';
import { bearer, createUser, isPostgres, makeApp, openDate, type Account, queryPlan, type TestApp } from './helpers.ts';
import { testIdsByName } from './report-helpers.ts';
import { book, createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let other: TestApp;
let pinned: Date | null = null;
const now = () => pinned ?? new Date();
let desk: StaffAccount;
let phlebotomist: StaffAccount;
let technician: StaffAccount;
let pathologist: StaffAccount;
let patient: Account;
let tests: Map<string, number>;

const as = (who: StaffAccount, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/staff${url}`, headers: bearer(who), ...(payload ? { payload } : {}) });
const testId = (name: string) => tests.get(name)!;

/** the demo lab opens Monday to Saturday, 09:00 to 21:00 */
const day1 = openDate(1);
const day2 = openDate(2);
const day3 = openDate(3);
const iso = (date: string, time: string) => indiaMoment(date, time).toISOString();

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' }, { now });
  // PostgreSQL: a second server on the same database, so two runners at once use two connection pools;
  // SQLite is one process (docs/operations.md): a second runner in it shares its one connection
  other = isPostgres ? await makeApp({ RATE_LIMITS: 'off' }, { now, shareDatabaseOf: t }) : t;
  desk = await createStaff(t.app, 'reception', { first_name: 'Asha', last_name: 'Rao' });
  phlebotomist = await createStaff(t.app, 'phlebotomist', { first_name: 'Ravi', last_name: 'Yadav' });
  technician = await createStaff(t.app, 'technician', { first_name: 'Vikram', last_name: 'Singh' });
  pathologist = await createStaff(t.app, 'pathologist', { first_name: 'Neha', last_name: 'Gupta' });
  patient = await createUser(t.app);
  tests = await testIdsByName(t.app);
  for (const [name, hours] of [['Serum Calcium', 3], ['Uric Acid', 5], ['Complete Blood Count (CBC)', 1], ['Lipid Profile', 200]] as const) {
    expect((await as(technician, 'PUT', `/samples/turnaround/${testId(name)}`, { hours, cutoff: null })).statusCode).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  if (other !== t) await other?.close();
  await t?.close();
});

async function bookVisit(payload: Record<string, unknown>, who?: Account): Promise<{ id: string; report_expected_at: string | null }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/',
    headers: who ? bearer(who) : {},
    payload: { user_name: 'Kiran Mehta', user_email: 'kiran@example.com', user_phone: '9876501234', home_sample: false, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const billOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/billing/${id}/` })).json() as { report_expected_at?: string | null };
const cardOf = async (id: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/users/userappointments/', headers: bearer(patient) })).json() as Array<{ id: string; report_expected_at: string | null; sample_received_at: string | null }>).find((a) => a.id === id)!;

describe('report expected by, before the sample is received', () => {
  it('answers the booking, the bill and the card from the slot: the latest test, a home collection from its slot end', async () => {
    const centre = await bookVisit({ date: day1, time: '10:00', tests: [testId('Serum Calcium'), testId('Uric Acid')] }, patient);
    // 10:00 + the longer of 3 h and 5 h
    expect(centre.report_expected_at).toBe(iso(day1, '15:00'));
    expect((await billOf(centre.id)).report_expected_at).toBe(iso(day1, '15:00'));
    expect(await cardOf(centre.id)).toMatchObject({ report_expected_at: iso(day1, '15:00'), sample_received_at: null });

    const home = await bookVisit({ date: day1, time: '10:00', home_sample: true, address: 'Sector 5, Jaipur 302020', tests: [testId('Serum Calcium')] }, patient);
    // the collector comes within 10:00-10:30: 10:30 + 3 h
    expect(home.report_expected_at).toBe(iso(day1, '13:30'));
    expect((await billOf(home.id)).report_expected_at).toBe(iso(day1, '13:30'));
  });

  it('moves a time past closing to the next opening, skipping a day the lab set closed', async () => {
    // 19:30 + 3 h is past 21:00: the next opening
    const late = await bookVisit({ date: day1, time: '19:30', tests: [testId('Serum Calcium')] });
    expect(late.report_expected_at).toBe(iso(day2, '09:00'));
    await t.app.deps.db.insertInto('slot_overrides').values({ date: day2, closed: 1, opens: null, closes: null, centre_seats: null, home_seats: null }).execute();
    try {
      expect((await billOf(late.id)).report_expected_at).toBe(iso(day3, '09:00'));
    } finally {
      await t.app.deps.db.deleteFrom('slot_overrides').where('date', '=', day2).execute();
    }
  });

  // The booking's answer works the time out from turnarounds and hours kept per catalogue version (booking/catalogue-reads.ts).
  it('answers the next booking with a turnaround or a closed day staff have just set', async () => {
    expect((await bookVisit({ date: day1, time: '10:00', tests: [testId('Serum Calcium')] })).report_expected_at).toBe(iso(day1, '13:00'));
    expect((await as(technician, 'PUT', `/samples/turnaround/${testId('Serum Calcium')}`, { hours: 4, cutoff: null })).statusCode).toBe(200);
    try {
      expect((await bookVisit({ date: day1, time: '10:00', tests: [testId('Serum Calcium')] })).report_expected_at).toBe(iso(day1, '14:00'));
      // 19:30 + 4 h is past closing: the next opening, then the day after once that day is set closed
      expect((await bookVisit({ date: day1, time: '19:30', tests: [testId('Serum Calcium')] })).report_expected_at).toBe(iso(day2, '09:00'));
      await t.app.deps.db.insertInto('slot_overrides').values({ date: day2, closed: 1, opens: null, closes: null, centre_seats: null, home_seats: null }).execute();
      expect((await bookVisit({ date: day1, time: '19:30', tests: [testId('Serum Calcium')] })).report_expected_at).toBe(iso(day3, '09:00'));
    } finally {
      await t.app.deps.db.deleteFrom('slot_overrides').where('date', '=', day2).execute();
      expect((await as(technician, 'PUT', `/samples/turnaround/${testId('Serum Calcium')}`, { hours: 3, cutoff: null })).statusCode).toBe(200);
    }
  });

  it('says nothing for a cancelled visit, and the container\'s own time once received', async () => {
    const gone = await bookVisit({ date: day1, time: '11:00', tests: [testId('Serum Calcium')] }, patient);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${gone.id}/cancel/`, headers: bearer(patient) })).statusCode).toBe(200);
    expect((await billOf(gone.id)).report_expected_at).toBeNull();
    expect((await cardOf(gone.id)).report_expected_at).toBeNull();

    const { id, samples } = await collected(['Uric Acid'], { date: day1, time: '09:00' });
    pinned = indiaMoment(day1, '12:00');
    try {
      expect((await as(technician, 'POST', '/samples/receive', { accession: samples[0]!.accession })).statusCode).toBe(200);
    } finally {
      pinned = null;
    }
    // received at 12:00: 12:00 + 5 h, not the slot's 14:00
    expect((await billOf(id)).report_expected_at).toBe(iso(day1, '17:00'));
  });
});

async function collected(names: string[], extra: Record<string, unknown> = {}, who?: Account): Promise<{ id: string; samples: Array<{ accession: string }> }> {
  const id = await book(t.app, { tests: names.map(testId), ...extra } as Parameters<typeof book>[1], who);
  expect((await as(desk, 'POST', `/appointments/${id}/status`, { status: 'approved' })).statusCode).toBe(200);
  const res = await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
  expect(res.statusCode, res.body).toBe(200);
  return { id, samples: res.json().samples };
}

async function received(v: { samples: Array<{ accession: string }> }, at: Date): Promise<void> {
  pinned = at;
  try {
    for (const s of v.samples) expect((await as(technician, 'POST', '/samples/receive', { accession: s.accession })).statusCode).toBe(200);
  } finally {
    pinned = null;
  }
}

async function release(id: string): Promise<void> {
  expect((await as(desk, 'PUT', `/results/${id}/patient`, { age_years: 45, sex: 'male' })).statusCode).toBe(200);
  const rows = (await as(technician, 'GET', `/results/${id}`)).json().rows as Array<{ parameter_id: number; name: string }>;
  const normal: Record<string, string> = { Haemoglobin: '14.5', 'Total Leucocyte Count': '7.20', 'RBC Count': '5.00', 'Haematocrit (PCV)': '44.0', MCV: '88.0', MCH: '29.0', MCHC: '33.0', 'RDW-CV': '13.0', 'Platelet Count': '250', Neutrophils: '60', Lymphocytes: '30', Monocytes: '6', Eosinophils: '3', Basophils: '1' };
  expect((await as(technician, 'PUT', `/results/${id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: normal[r.name] ?? '1.0' })), final: true })).statusCode).toBe(200);
  expect((await as(pathologist, 'POST', `/results/${id}/release`)).statusCode).toBe(200);
}

const lateJobs = (id: string) => t.app.deps.db.selectFrom('mail_jobs').select(['channel', 'subject', 'message_json']).where('appointment_id', '=', id).where('kind', '=', 'report-late').orderBy('channel').execute();

describe('the late-report notice', () => {
  it('tells the patient once, in their language and channels, with a new time the card shows; audited; not again next run', { timeout: 120_000 }, async () => {
    const phone = { user_email: 'seema.late@example.com', user_phone: '9876501234', language: 'hi', channels: ['email', 'sms'] };
    const late = await collected(['Complete Blood Count (CBC)'], { ...phone, user_name: 'सीमा वर्मा' }, patient);
    const released = await collected(['Complete Blood Count (CBC)'], phone);
    const waiting = await collected(['Lipid Profile'], phone);
    for (const v of [late, released, waiting]) await received(v, indiaMoment(day1, '11:00'));
    // the released one is out before its time passes; the lipids (their default, days) are not late
    await release(released.id);

    pinned = indiaMoment(day1, '13:00');
    try {
      expect(await t.app.lateNotices.runDue()).toBe(1);
      const jobs = await lateJobs(late.id);
      expect(jobs.map((j) => j.channel)).toEqual(['email', 'sms']);
      // the new time: 13:00 + the blood count's 1 h, in the booking's language
      const mail = JSON.parse(jobs[0]!.message_json ?? '{}') as { subject?: string; text?: string };
      expect(jobs[0]!.subject).toMatch(/रिपोर्ट में देरी/);
      expect(mail.text).toMatch(/14:00/);
      expect(jobs[1]!.subject).toMatch(/14:00/);
      expect(jobs[1]!.subject).toMatch(/बुकिंग/);
      expect(await lateJobs(released.id)).toEqual([]);
      expect(await lateJobs(waiting.id)).toEqual([]);
      expect(await cardOf(late.id)).toMatchObject({ report_expected_at: iso(day1, '14:00') });
      // the staff queue keeps the promise that was missed, marked overdue
      const queue = (await as(technician, 'GET', '/samples/queue?limit=200')).json() as { items: Array<{ appointment_id: string; expected_at: string; overdue: boolean }> };
      expect(queue.items.find((i) => i.appointment_id === late.id)).toMatchObject({ expected_at: iso(day1, '12:00'), overdue: true });
      const audit = await t.app.deps.db.selectFrom('audit_log').select(['before_json', 'after_json']).where('entity', '=', 'appointment').where('entity_id', '=', late.id).where('action', '=', 'report_late').execute();
      expect(audit.map((a) => [JSON.parse(a.before_json!), JSON.parse(a.after_json!)])).toEqual([[{ expected_at: iso(day1, '12:00') }, { expected_at: iso(day1, '14:00'), patient_told: true }]]);

      // the next run, and one past the new time too: nothing more
      expect(await t.app.lateNotices.runDue()).toBe(0);
      pinned = indiaMoment(day1, '16:00');
      expect(await t.app.lateNotices.runDue()).toBe(0);
      expect(await lateJobs(late.id)).toHaveLength(2);
    } finally {
      pinned = null;
    }
  });

  it('sends once with two runners at once', { timeout: 120_000 }, async () => {
    const visits = [];
    for (let i = 0; i < 3; i++) visits.push(await collected(['Complete Blood Count (CBC)'], { user_email: `twice.${i}@example.com` }));
    for (const v of visits) await received(v, indiaMoment(day2, '10:00'));
    // the earlier tests' visits late by now are told first, so the runners below have only these three
    pinned = indiaMoment(day2, '10:00');
    await t.app.lateNotices.runDue();
    pinned = indiaMoment(day2, '12:30');
    try {
      const second = isPostgres ? other.app.lateNotices : new LateNoticeRunner({ ...t.app.deps, log: t.app.log });
      const third = new LateNoticeRunner({ ...t.app.deps, log: t.app.log });
      const told = await Promise.all([t.app.lateNotices.runDue(), second.runDue(), third.runDue()]);
      expect(told.reduce((a, b) => a + b, 0)).toBe(3);
      for (const v of visits) expect((await lateJobs(v.id)).map((j) => j.channel)).toEqual(['email']);
      const audits = await t.app.deps.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'report_late').where('entity_id', 'in', visits.map((v) => v.id)).execute();
      expect(audits).toHaveLength(3);
    } finally {
      pinned = null;
    }
  });

  it('finds the late containers through their partial index, never the whole table', async () => {
    const compiled = lateVisitsQuery(isPostgres ? 'postgres' : 'sqlite', new Date().toISOString(), 50).compile(t.app.deps.db);
    const plan = await queryPlan(t.app.deps.db, compiled);
    expect(plan).toMatch(/samples_late_due/);
  });
});
