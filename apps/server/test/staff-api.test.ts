// The staff API: access (every route refuses a visitor and a patient), validation, the appointment
// workflow and its effect on the public side (statistics, bill), the catalogue, content, the contact
// inbox and the audit trail.
import { type StaffRole, staffRoleSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ACCESS } from '../src/modules/staff/access.ts';
import { type Account, bearer, createUser, istDate, makeApp, openDate, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

let t: TestApp;
let staff: Account;
let patient: Account;
let roles: Record<StaffRole, Account>;

beforeAll(async () => {
  t = await makeApp();
  [staff, patient] = await Promise.all([createStaff(t.app), createUser(t.app)]);
  const [reception, phlebotomist, technician, pathologist] = await Promise.all([
    createStaff(t.app, 'reception'),
    createStaff(t.app, 'phlebotomist'),
    createStaff(t.app, 'technician'),
    createStaff(t.app, 'pathologist'),
  ]);
  roles = { admin: staff, reception: reception!, phlebotomist: phlebotomist!, technician: technician!, pathologist: pathologist! };
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** every staff route, with a body that would pass validation where one is needed */
const STAFF_ROUTES: [Method, string, unknown?][] = [
  ['GET', '/api/staff/appointments'],
  ['POST', '/api/staff/appointments/abc/status', { status: 'approved' }],
  ['POST', '/api/staff/appointments/abc/paid', { is_paid: true }],
  ['GET', '/api/staff/appointments/abc/mail'],
  ['GET', '/api/staff/bills/1'],
  ['POST', '/api/staff/bills/1/payments', { mode: 'cash' }],
  ['POST', '/api/staff/bills/1/refunds', { mode: 'cash' }],
  ['POST', '/api/staff/bills/1/gateway-refunds', { reason: 'x' }],
  ['POST', '/api/staff/bills/1/payment-link'],
  ['POST', '/api/staff/payments/reconcile'],
  ['POST', '/api/staff/payments/settlement', { csv: 'entity_id,type,amount' }],
  ['POST', '/api/staff/payments/1/confirm'],
  ['POST', '/api/staff/payments/1/reject', { reason: 'No such credit.' }],
  ['GET', '/api/staff/payments/pending'],
  ['GET', '/api/staff/collections'],
  ['GET', '/api/staff/collections.csv'],
  ['GET', '/api/staff/dues'],
  ['GET', '/api/staff/categories'],
  ['POST', '/api/staff/categories', { name: 'Genetics' }],
  ['PATCH', '/api/staff/categories/1', { name: 'Genetics' }],
  ['GET', '/api/staff/tests'],
  ['POST', '/api/staff/tests', { name: 'Test X', category_id: 1, price: 100 }],
  ['PATCH', '/api/staff/tests/1', { price: 100 }],
  ['GET', '/api/staff/packages'],
  ['POST', '/api/staff/packages', { name: 'P', description: 'd', price: 100, test_ids: [1] }],
  ['PATCH', '/api/staff/packages/1', { price: 100 }],
  ['GET', '/api/staff/offers'],
  ['POST', '/api/staff/offers', { description: 'd', discount_percentage: 10, category_id: null, start_date: istDate(0), end_date: istDate(5) }],
  ['PATCH', '/api/staff/offers/1', { active: false }],
  ['GET', '/api/staff/membership-plans'],
  ['POST', '/api/staff/membership-plans', { name: 'Gold', price: 999, discount_percentage: 10, duration_days: 365 }],
  ['PATCH', '/api/staff/membership-plans/1', { price: 999 }],
  ['GET', '/api/staff/blogs'],
  ['POST', '/api/staff/blogs', { title: 'T', author: 'A', content: 'C' }],
  ['PATCH', '/api/staff/blogs/1', { published: true }],
  ['DELETE', '/api/staff/blogs/1'],
  ['GET', '/api/staff/careers'],
  ['POST', '/api/staff/careers', { job_title: 'J', description: 'D', application_link: 'mailto:jobs@example.com' }],
  ['PATCH', '/api/staff/careers/1', { is_open: false }],
  ['GET', '/api/staff/contact-messages'],
  ['POST', '/api/staff/contact-messages/1/handled'],
  ['GET', '/api/staff/audit'],
  ['GET', '/api/staff/tests/1/parameters'],
  ['POST', '/api/staff/tests/1/parameters', { name: 'Sodium', result_type: 'number' }],
  ['PUT', '/api/staff/parameters/1', { name: 'Sodium', result_type: 'number' }],
  ['GET', '/api/staff/me'],
  ['GET', '/api/staff/accounts'],
  ['POST', '/api/staff/accounts', { username: 'nobody', staff_role: 'technician' }],
  ['PATCH', '/api/staff/accounts/1', { qualification: 'MD' }],
  ['GET', '/api/staff/results'],
  ['GET', '/api/staff/results/abc'],
  ['PUT', '/api/staff/results/abc/patient', { age_years: 30, sex: 'male' }],
  ['PUT', '/api/staff/results/abc/sample', { collected_at: '2026-01-05T09:30', received_at: '2026-01-05T10:15' }],
  ['PUT', '/api/staff/results/abc', { results: [{ parameter_id: 1, value: '1' }], final: false }],
  ['POST', '/api/staff/results/abc/release'],
  ['POST', '/api/staff/results/abc/amend', { reason: 'typo', results: [{ parameter_id: 1, value: '1' }] }],
  ['POST', '/api/staff/results/abc/amendment/release'],
  ['POST', '/api/staff/results/abc/amendment/discard'],
  ['POST', '/api/staff/results/abc/critical-call', { note: 'Called Dr Rao' }],
  ['GET', '/api/staff/results/abc/reports/1/pdf'],
  ['GET', '/api/staff/results/abc/reports/1/fhir'],
  ['DELETE', '/api/staff/accounts/1/second-factor'],
  ['GET', '/api/staff/slots/week'],
  ['PUT', '/api/staff/slots/week', Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, { centre_seats: 10, home_seats: 4 }]))],
  ['GET', '/api/staff/slots/overrides'],
  ['PUT', '/api/staff/slots/overrides/2030-01-01', { closed: true, note: 'New Year' }],
  ['DELETE', '/api/staff/slots/overrides/2030-01-01'],
  ['GET', '/api/staff/pins'],
  ['PUT', '/api/staff/pins/302099', { locality: 'Sanganer' }],
  ['DELETE', '/api/staff/pins/302099'],
  ['GET', '/api/staff/home-visits'],
  ['PUT', '/api/staff/home-visits/abc/phlebotomist', { phlebotomist_id: null }],
  ['POST', '/api/staff/home-visits/abc/on-the-way'],
  ['GET', '/api/staff/samples/containers'],
  ['PUT', '/api/staff/samples/containers/1', { container: 'sst', volume_ml: 1 }],
  ['PUT', '/api/staff/samples/turnaround/1', { hours: 6, cutoff: null }],
  ['GET', '/api/staff/samples/queue'],
  ['GET', '/api/staff/samples/tat'],
  ['GET', '/api/staff/samples/appointments/abc'],
  ['POST', '/api/staff/samples/appointments/abc/collect', {}],
  ['GET', '/api/staff/samples/appointments/abc/labels'],
  ['POST', '/api/staff/samples/receive', { accession: '261128-0001' }],
  ['POST', '/api/staff/samples/reject', { accession: '261128-0001', reason: 'clotted' }],
  ['GET', '/api/staff/lab'],
  ['PUT', '/api/staff/lab', { name: 'Lab' }],
  ['GET', '/api/staff/images'],
  ['POST', '/api/staff/images', { file: 'not multipart' }],
  ['GET', '/api/staff/privacy/corrections'],
  ['POST', '/api/staff/privacy/corrections/1/resolve', { outcome: 'corrected', resolution: 'Done.' }],
  ['GET', '/api/staff/privacy/grievances'],
  ['POST', '/api/staff/privacy/grievances/1/answer', { answer: 'Answered.' }],
  ['GET', '/api/staff/privacy/kept-records'],
  ['GET', '/api/staff/access-log'],
  ['GET', '/api/staff/breaches'],
  ['POST', '/api/staff/breaches', { summary: 'S', data_concerned: 'D', measures_taken: 'M', occurred_at: '2026-01-05T09:30', found_at: '2026-01-05T10:30', account_ids: [1], range_from: '2026-01-05T09:00', range_to: '2026-01-05T11:00' }],
  ['GET', '/api/staff/breaches/1'],
  ['POST', '/api/staff/breaches/1/notices'],
  ['POST', '/api/staff/breaches/1/board-report'],
  ['GET', '/api/staff/doctors'],
  ['POST', '/api/staff/doctors', { name: 'Asha Rao' }],
  ['PATCH', '/api/staff/doctors/1', { clinic: 'Rao Clinic' }],
  ['PUT', '/api/staff/referrals/abc/doctor', { doctor_id: 1 }],
  ['GET', '/api/staff/referrals'],
  ['GET', '/api/staff/referrals.csv'],
  ['GET', '/api/staff/analysers'],
  ['GET', '/api/staff/analysers/parameters'],
  ['GET', '/api/staff/analysers/XN-1000/codes'],
  ['PUT', '/api/staff/analysers/XN-1000/codes/WBC', { state: 'ignored' }],
  ['GET', '/api/staff/analysers/XN-1000/messages'],
  ['GET', '/api/staff/samples/261128-0001/analyser-messages'],
];

function call(method: Method, url: string, payload?: unknown, who?: { access: string }) {
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: who ? bearer(who) : {} });
}

const asStaff = (method: Method, url: string, payload?: unknown) => call(method, url, payload, staff);

describe('access', () => {
  it('lists every staff route the server has', () => {
    // A new staff route must be added to STAFF_ROUTES, so the access checks below cover it.
    const registered = new Set(t.routes.filter((r) => r.includes(' /api/staff/')).map((r) => r.replace(/:(id|version|date|pin|name|code|accession)/g, ':p')));
    // an analyser's name and code, and a container's accession number, stand for their parameters
    const named = (url: string) => url.replace('/analysers/XN-1000', '/analysers/:p').replace(/\/codes\/WBC$/, '/codes/:p').replace('/samples/261128-0001/', '/samples/:p/');
    const listed = new Set(STAFF_ROUTES.map(([method, url]) => `${method} ${named(url).replace(/\/(abc|1|\d{4}-\d{2}-\d{2}|\d{6})(?=\/|$)/g, '/:p')}`));
    expect([...registered].sort()).toEqual([...listed].sort());
  });

  it.each(STAFF_ROUTES)('%s %s: 401 without a token, 401 with a forged one, 403 for a patient', async (method, url, payload) => {
    const anonymous = await call(method, url, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    expect(anonymous.json()).toHaveProperty('error');

    const forged = await call(method, url, payload, { access: `${staff.access.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(401);

    const asPatient = await call(method, url, payload, patient);
    expect(asPatient.statusCode).toBe(403);
    expect(asPatient.json()).toEqual({ error: expect.any(String) });
  });

  it.each(STAFF_ROUTES)('%s %s: only the staff roles of the access table get past the role check', async (method, url, payload) => {
    const key = `${method} ${url.replace('/analysers/XN-1000', '/analysers/:name').replace(/\/codes\/WBC$/, '/codes/:code').replace('/samples/261128-0001/', '/samples/:accession/').replace(/\/reports\/1\//, '/reports/:version/').replace(/\/(abc|1)(?=\/|$)/, '/:id').replace(/\/\d{4}-\d{2}-\d{2}$/, '/:date').replace(/\/\d{6}$/, '/:pin')}`;
    const allowed = STAFF_ACCESS[key];
    expect(allowed, key).toBeDefined();
    for (const role of staffRoleSchema.options) {
      if (allowed!.includes(role)) continue;
      const res = await call(method, url, payload, roles[role]);
      expect([res.statusCode, res.json()], `${role} ${key}`).toEqual([403, { error: 'Your staff role does not allow this.' }]);
    }
    // A role that may call it gets past the check; reads only, so this test changes nothing the later ones rely on.
    if (method === 'GET') {
      for (const role of allowed!) expect((await call(method, url, payload, roles[role])).statusCode, `${role} ${key}`).not.toBe(403);
    }
  });

  it("tells each role what it may call, straight from the access table, so the console hides the rest", async () => {
    for (const role of staffRoleSchema.options) {
      const res = await call('GET', '/api/staff/me', undefined, roles[role]);
      expect(res.statusCode, role).toBe(200);
      const expected = Object.keys(STAFF_ACCESS).filter((key) => STAFF_ACCESS[key]!.includes(role));
      expect(res.json(), role).toEqual({ staff_role: role, may: expected });
    }
    const technician = (await call('GET', '/api/staff/me', undefined, roles.technician)).json().may as string[];
    expect(technician).toContain('PUT /api/staff/results/:id');
    expect(technician).not.toContain('POST /api/staff/results/:id/release');
    const phlebotomist = (await call('GET', '/api/staff/me', undefined, roles.phlebotomist)).json().may as string[];
    expect(phlebotomist).toEqual(expect.arrayContaining(['GET /api/staff/home-visits', 'POST /api/staff/appointments/:id/status']));
    expect(phlebotomist).not.toContain('PUT /api/staff/home-visits/:id/phlebotomist');
  });

  it('refuses a patient before looking at the input, so validation tells a patient nothing', async () => {
    const res = await call('POST', '/api/staff/tests', { price: 'lots' }, patient);
    expect(res.statusCode).toBe(403);
  });

  it('takes the role from the database: a demoted account loses access with the token it holds', async () => {
    const other = await createStaff(t.app);
    expect((await call('GET', '/api/staff/audit', undefined, other)).statusCode).toBe(200);
    await t.app.deps.db.updateTable('users').set({ role: 'patient' }).where('id', '=', other.id).execute();
    expect((await call('GET', '/api/staff/audit', undefined, other)).statusCode).toBe(403);
  });
});

describe('appointment queue and lifecycle', () => {
  async function stats() {
    return (await t.app.inject({ method: 'GET', url: '/api/dashboard/' })).json() as {
      total_appointments: number;
      total_approved_appointments: number;
      approval_rate: number;
      test_completion_rate: number;
    };
  }

  /** a seeded test without parameters (imaging): staff complete its visit; one with parameters is completed by its report (decision 046, report-lifecycle.test.ts) */
  const withoutReport = async () => ((await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>).find((x) => x.name === 'Chest X-ray')!.id;

  it('moves an appointment booked → approved → sample collected → completed, reflected in the home statistics and audited', async () => {
    const id = await book(t.app, { tests: [await withoutReport()] }, patient);
    const before = await stats();

    const approved = await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'approved', is_paid: false });
    const afterApproval = await stats();
    expect(afterApproval.total_approved_appointments).toBe(before.total_approved_appointments + 1);
    expect(afterApproval.approval_rate).toBeGreaterThan(before.approval_rate);

    expect((await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'sample_collected' })).json().status).toBe('sample_collected');
    expect((await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'completed' })).json().status).toBe('completed');
    const afterCompletion = await stats();
    expect(afterCompletion.test_completion_rate).toBeGreaterThan(before.test_completion_rate);
    expect(afterCompletion.total_approved_appointments).toBe(before.total_approved_appointments + 1);

    // The patient's dashboard shows the new state.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/users/userappointments/', headers: bearer(patient) })).json() as { id: string; status: string }[];
    expect(mine.find((a) => a.id === id)?.status).toBe('completed');

    const audit = (await asStaff('GET', `/api/staff/audit?entity=appointment&entity_id=${id}`)).json();
    expect(audit.items.map((e: { before: unknown; after: unknown }) => [e.before, e.after])).toEqual([
      [{ status: 'sample_collected' }, { status: 'completed', without_report: true }],
      [{ status: 'approved' }, { status: 'sample_collected' }],
      [{ status: 'booked' }, { status: 'approved' }],
    ]);
    expect(audit.items[0]).toMatchObject({ actor_user_id: staff.id, actor: staff.username, entity: 'appointment', entity_id: id, action: 'status' });
    expect(Date.parse(audit.items[0].created_at)).not.toBeNaN();
  });

  it('refuses a skipped step, a step back, and any change after completion or cancellation, with a clear message', async () => {
    const id = await book(t.app);
    const skip = await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'completed' });
    expect(skip.statusCode).toBe(400);
    expect(skip.json()).toEqual({ status: ['The next step after booked is approved.'] });

    const same = await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'booked' });
    expect(same.json()).toEqual({ status: ['The appointment is already booked.'] });

    await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'approved' });
    const back = await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'booked' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ status: ['An appointment cannot go back from approved to booked.'] });

    const cancelled = await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const again = await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'approved' });
    expect(again.json()).toEqual({ status: ['A cancelled appointment cannot change its status.'] });

    const done = await book(t.app, { tests: [await withoutReport()] });
    for (const status of ['approved', 'sample_collected', 'completed']) await asStaff('POST', `/api/staff/appointments/${done}/status`, { status });
    const late = await asStaff('POST', `/api/staff/appointments/${done}/status`, { status: 'cancelled' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ status: ['A completed appointment cannot change its status.'] });
  });

  it('marks the bill paid by recording a payment of the amount due: the patient sees Paid, and it is audited', async () => {
    const id = await book(t.app, {}, patient);
    const bill = async () => (await t.app.inject({ method: 'GET', url: `/api/billing/${id}/`, headers: bearer(patient) })).json();
    expect((await bill()).is_paid).toBe(false);

    const paid = await asStaff('POST', `/api/staff/appointments/${id}/paid`, { is_paid: true });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ is_paid: true, paid_at: expect.any(String) });
    expect((await bill()).is_paid).toBe(true);

    // Saying it again changes nothing and records nothing; a payment is never taken back (a refund is).
    await asStaff('POST', `/api/staff/appointments/${id}/paid`, { is_paid: true });
    const unpaid = await asStaff('POST', `/api/staff/appointments/${id}/paid`, { is_paid: false });
    expect(unpaid.json()).toEqual({ error: 'A payment cannot be taken back: record a refund instead.' });
    expect((await bill()).is_paid).toBe(true);

    const billId = paid.json().bill_id;
    const audit = (await asStaff('GET', `/api/staff/audit?entity=bill&entity_id=${billId}`)).json();
    expect(audit.total).toBe(1);
    expect(audit.items[0]).toMatchObject({ action: 'payment', actor: staff.username, before: { paid: 0 }, after: { mode: 'cash', place: 'desk', paid: paid.json().amount_due } });
  });

  it('refuses to mark the bill of a cancelled appointment paid (409)', async () => {
    const id = await book(t.app);
    expect((await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    const res = await asStaff('POST', `/api/staff/appointments/${id}/paid`, { is_paid: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'The bill of a cancelled appointment cannot be marked paid.' });
    expect((await t.app.deps.db.selectFrom('bills').select('is_paid').where('appointment_id', '=', id).executeTakeFirstOrThrow()).is_paid).toBe(0);
  });

  it('answers 404 for an unknown appointment', async () => {
    const res = await asStaff('POST', '/api/staff/appointments/no-such-id/status', { status: 'approved' });
    expect(res.statusCode).toBe(404);
    expect((await asStaff('POST', '/api/staff/appointments/no-such-id/paid', { is_paid: true })).statusCode).toBe(404);
  });

  it('filters the queue by date, status and text over name, phone, e-mail, id and test names, with pages', async () => {
    const tests = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; name: string }[];
    const special = tests.find((x) => /lipid/i.test(x.name)) ?? tests[3]!;
    const date = openDate(9);
    const a = await book(t.app, { user_name: 'Zubin Queue', user_phone: '+91 98111 22233', user_email: 'zubin@example.com', date, tests: [special.id] });
    const b = await book(t.app, { user_name: 'Other Person', date, time: '09:15', tests: [tests[0]!.id] });
    await asStaff('POST', `/api/staff/appointments/${b}/status`, { status: 'approved' });

    const ids = async (query: string) => ((await asStaff('GET', `/api/staff/appointments?${query}`)).json().items as { id: string }[]).map((x) => x.id);

    expect(await ids(`date=${date}`)).toEqual([b, a]); // within a day, in the order of the day
    expect(await ids(`date=${date}&status=approved`)).toEqual([b]);
    expect(await ids('q=zubin')).toEqual([a]);
    expect(await ids('q=ZUBIN@example')).toEqual([a]);
    expect(await ids('q=9811122233')).toEqual([a]);
    expect(await ids(`q=${a.slice(0, 8)}`)).toContain(a);
    expect(await ids(`date=${date}&q=${encodeURIComponent(special.name.toLowerCase())}`)).toEqual([a]);
    expect(await ids('q=100%25_off')).toEqual([]);

    const page = (await asStaff('GET', `/api/staff/appointments?date=${date}&limit=1&offset=1`)).json();
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.items.map((x: { id: string }) => x.id)).toEqual([a]);
    expect(page.items[0]).toMatchObject({ user_name: 'Zubin Queue', status: 'booked', is_paid: false, tests: [{ id: special.id, name: special.name }] });

    // An empty filter is no filter.
    expect((await asStaff('GET', '/api/staff/appointments?date=&status=&q=')).statusCode).toBe(200);
  });

  it('refuses bad filters and bodies with field messages', async () => {
    expect((await asStaff('GET', '/api/staff/appointments?date=2024-13-45')).json()).toHaveProperty('date');
    expect((await asStaff('GET', '/api/staff/appointments?status=lost')).json()).toHaveProperty('status');
    expect((await asStaff('GET', '/api/staff/appointments?limit=0')).json()).toHaveProperty('limit');
    expect((await asStaff('GET', '/api/staff/appointments?limit=abc')).statusCode).toBe(400);
    const id = await book(t.app);
    const bad = await asStaff('POST', `/api/staff/appointments/${id}/status`, { status: 'done' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('status');
    const noFlag = await asStaff('POST', `/api/staff/appointments/${id}/paid`, { is_paid: 'yes' });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json()).toHaveProperty('is_paid');
    const notJson = await t.app.inject({ method: 'POST', url: `/api/staff/appointments/${id}/paid`, headers: { ...bearer(staff), 'content-type': 'application/json' }, payload: '{"is_paid":' });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('catalogue', () => {
  it('adds a test that booking offers at once, and a price change is audited with the old and new price', async () => {
    const categories = (await asStaff('GET', '/api/staff/categories')).json();
    const category = categories[0];
    const created = await asStaff('POST', '/api/staff/tests', { name: 'Vitamin K Assay', category_id: category.id, price: 850.5 });
    expect(created.statusCode).toBe(201);
    const test = created.json();
    expect(test).toMatchObject({ name: 'Vitamin K Assay', category_id: category.id, category: category.name, price: 850.5, active: true });
    expect((await t.app.deps.db.selectFrom('tests').select('price_paise').where('id', '=', test.id).executeTakeFirstOrThrow()).price_paise).toBe(85050);

    const publicList = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; price: number }[];
    expect(publicList.find((x) => x.id === test.id)?.price).toBe(850.5);

    const updated = await asStaff('PATCH', `/api/staff/tests/${test.id}`, { price: 900 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().price).toBe(900);
    const after = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; price: number }[];
    expect(after.find((x) => x.id === test.id)?.price).toBe(900);

    const audit = (await asStaff('GET', `/api/staff/audit?entity=test&entity_id=${test.id}`)).json();
    expect(audit.items[0]).toMatchObject({ action: 'update', actor: staff.username, before: { price: 850.5 }, after: { price: 900 } });
    expect(audit.items[1]).toMatchObject({ action: 'create', before: null, after: { name: 'Vitamin K Assay', price: 850.5 } });
  });

  it('hides a deactivated test from booking, keeps it on a past bill, and can bring it back', async () => {
    const category = (await asStaff('GET', '/api/staff/categories')).json()[1];
    const test = (await asStaff('POST', '/api/staff/tests', { name: 'Old Marker Panel', category_id: category.id, price: 1200 })).json();
    const id = await book(t.app, { tests: [test.id] }, patient);

    const off = await asStaff('PATCH', `/api/staff/tests/${test.id}`, { active: false, price: 1500 });
    expect(off.json()).toMatchObject({ active: false, price: 1500 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number }[];
    expect(list.some((x) => x.id === test.id)).toBe(false);

    const bill = (await t.app.inject({ method: 'GET', url: `/api/billing/${id}/`, headers: bearer(patient) })).json();
    expect(bill.tests).toEqual([{ name: 'Old Marker Panel', price: 1200 }]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      remoteAddress: '10.201.1.1',
      payload: { date: openDate(2), time: '11:00', user_name: 'X', user_email: 'x@example.com', user_phone: '9876543210', tests: [test.id] },
    });
    expect(refused.statusCode).toBe(400);

    expect((await asStaff('GET', `/api/staff/tests?active=false&q=old%20marker`)).json().items.map((x: { id: number }) => x.id)).toEqual([test.id]);
    await asStaff('PATCH', `/api/staff/tests/${test.id}`, { active: true });
    const back = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; price: number }[];
    expect(back.find((x) => x.id === test.id)?.price).toBe(1500);
  });

  it('searches and pages the tests list', async () => {
    const all = (await asStaff('GET', '/api/staff/tests?limit=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(60);
    expect(all.items).toHaveLength(Math.min(100, all.total));
    const page = (await asStaff('GET', '/api/staff/tests?limit=5&offset=5')).json();
    expect(page.items.map((x: { id: number }) => x.id)).toEqual(all.items.slice(5, 10).map((x: { id: number }) => x.id));
    const found = (await asStaff('GET', '/api/staff/tests?q=BLOOD')).json();
    expect(found.items.length).toBeGreaterThan(0);
    for (const item of found.items) expect(item.name.toLowerCase()).toContain('blood');
    const byCategory = (await asStaff('GET', `/api/staff/tests?category_id=${all.items[0].category_id}&limit=100`)).json();
    for (const item of byCategory.items) expect(item.category_id).toBe(all.items[0].category_id);
  });

  it('refuses bad test input with field messages, and keeps the stored test unchanged', async () => {
    const empty = await asStaff('POST', '/api/staff/tests', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json()).sort()).toEqual(['category_id', 'name', 'price']);

    const bad = await asStaff('POST', '/api/staff/tests', { name: '  ', category_id: 1, price: -5 });
    expect(bad.json()).toMatchObject({ name: ['This field may not be blank.'], price: ['Enter a price above 0.'] });
    expect((await asStaff('POST', '/api/staff/tests', { name: 'X', category_id: 1, price: 10.005 })).json()).toEqual({ price: ['Enter a price with at most 2 decimals.'] });
    expect((await asStaff('POST', '/api/staff/tests', { name: 'X', category_id: 1, price: '100' })).json()).toHaveProperty('price');
    expect((await asStaff('POST', '/api/staff/tests', { name: 'X', category_id: 99999, price: 100 })).json()).toEqual({ category_id: ['Choose an existing category.'] });

    const existing = (await asStaff('GET', '/api/staff/tests?limit=2')).json().items;
    const dup = await asStaff('POST', '/api/staff/tests', { name: existing[0].name.toUpperCase(), category_id: existing[0].category_id, price: 10 });
    expect(dup.json()).toEqual({ name: ['A test with this name already exists.'] });
    const rename = await asStaff('PATCH', `/api/staff/tests/${existing[1].id}`, { name: existing[0].name, price: 1 });
    expect(rename.statusCode).toBe(400);
    const unchanged = (await asStaff('GET', `/api/staff/tests?q=${encodeURIComponent(existing[1].name)}`)).json().items[0];
    expect(unchanged).toMatchObject({ name: existing[1].name, price: existing[1].price });

    expect((await asStaff('PATCH', '/api/staff/tests/999999', { price: 10 })).statusCode).toBe(404);
    expect((await asStaff('PATCH', '/api/staff/tests/abc', { price: 10 })).statusCode).toBe(400);
  });

  it('creates and renames categories, refusing duplicate names', async () => {
    const created = await asStaff('POST', '/api/staff/categories', { name: 'Genetics' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Genetics', slug: 'genetics', test_count: 0 });
    expect((await asStaff('POST', '/api/staff/categories', { name: 'genetics' })).json()).toEqual({ name: ['A category with this name already exists.'] });
    expect((await asStaff('POST', '/api/staff/categories', { name: 'Gene', slug: 'Bad Slug' })).json()).toHaveProperty('slug');
    const renamed = await asStaff('PATCH', `/api/staff/categories/${created.json().id}`, { name: 'Genetics & Genomics' });
    expect(renamed.json()).toMatchObject({ name: 'Genetics & Genomics', slug: 'genetics' });
    const publicCats = (await t.app.inject({ method: 'GET', url: '/api/categories/' })).json() as { name: string }[];
    expect(publicCats.map((c) => c.name)).toContain('Genetics & Genomics');
    const audit = (await asStaff('GET', `/api/staff/audit?entity=category&entity_id=${created.json().id}`)).json();
    expect(audit.items[0]).toMatchObject({ action: 'update', before: { name: 'Genetics' }, after: { name: 'Genetics & Genomics' } });
  });

  it('creates and edits packages with their tests and price; the public list shows them', async () => {
    const tests = (await asStaff('GET', '/api/staff/tests?active=true&limit=3')).json().items as { id: number; price: number }[];
    const res = await asStaff('POST', '/api/staff/packages', { name: 'Starter Check', description: 'Three basics', price: 499, test_ids: tests.map((x) => x.id) });
    expect(res.statusCode).toBe(201);
    const pkg = res.json();
    expect(pkg).toMatchObject({ name: 'Starter Check', price: 499, active: true });
    expect(pkg.tests.map((x: { id: number }) => x.id).sort()).toEqual(tests.map((x) => x.id).sort());
    expect(pkg.original_price).toBeCloseTo(tests.reduce((s, x) => s + x.price, 0), 2);

    const publicPackages = (await t.app.inject({ method: 'GET', url: '/api/packages/' })).json() as { id: number; offer_price: number }[];
    expect(publicPackages.find((p) => p.id === pkg.id)?.offer_price).toBe(499);

    const edited = await asStaff('PATCH', `/api/staff/packages/${pkg.id}`, { price: 549, test_ids: [tests[0]!.id] });
    expect(edited.json()).toMatchObject({ price: 549, tests: [{ id: tests[0]!.id }] });
    const audit = (await asStaff('GET', `/api/staff/audit?entity=package&entity_id=${pkg.id}`)).json();
    expect(audit.items[0]).toMatchObject({ action: 'update', before: { price: 499 }, after: { price: 549, test_ids: [tests[0]!.id] } });

    expect((await asStaff('POST', '/api/staff/packages', { name: 'X', description: '', price: 10, test_ids: [] })).json()).toHaveProperty('test_ids');
    expect((await asStaff('POST', '/api/staff/packages', { name: 'X', description: '', price: 10, test_ids: [999999] })).json()).toEqual({ test_ids: ['No test has the id 999999.'] });
    const off = await asStaff('PATCH', `/api/staff/packages/${pkg.id}`, { active: false });
    expect(off.json().active).toBe(false);
    const afterOff = (await t.app.inject({ method: 'GET', url: '/api/packages/' })).json() as { id: number }[];
    expect(afterOff.some((p) => p.id === pkg.id)).toBe(false);
  });

  it('creates offers with checked discounts and dates; a running one prices the tests', async () => {
    const category = (await asStaff('GET', '/api/staff/categories')).json().find((c: { test_count: number }) => c.test_count > 0);
    expect((await asStaff('POST', '/api/staff/offers', { description: 'Too much', discount_percentage: 95, category_id: null, start_date: istDate(0), end_date: istDate(1) })).json()).toHaveProperty('discount_percentage');
    expect((await asStaff('POST', '/api/staff/offers', { description: 'Zero', discount_percentage: 0, category_id: null, start_date: istDate(0), end_date: istDate(1) })).json()).toHaveProperty('discount_percentage');
    const backwards = await asStaff('POST', '/api/staff/offers', { description: 'Backwards', discount_percentage: 10, category_id: null, start_date: istDate(5), end_date: istDate(1) });
    expect(backwards.json()).toEqual({ end_date: ['The end date must be on or after the start date.'] });

    const res = await asStaff('POST', '/api/staff/offers', { description: 'Monsoon 40%', discount_percentage: 40, category_id: category.id, start_date: istDate(0), end_date: istDate(10) });
    expect(res.statusCode).toBe(201);
    const offer = res.json();
    expect(offer).toMatchObject({ discount_percentage: 40, category_id: category.id, category: category.name, active: true, running: true });
    const priced = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { price: number; general_offer_price: number; category: string }[];
    const one = priced.find((x) => x.category === category.name)!;
    expect(one.general_offer_price).toBeCloseTo(one.price * 0.6, 2);
    const publicOffers = (await t.app.inject({ method: 'GET', url: '/api/offers/' })).json() as { id: number }[];
    expect(publicOffers.some((o) => o.id === offer.id)).toBe(true);

    const moved = await asStaff('PATCH', `/api/staff/offers/${offer.id}`, { start_date: istDate(20) });
    expect(moved.json()).toEqual({ end_date: ['The end date must be on or after the start date.'] });
    const stopped = await asStaff('PATCH', `/api/staff/offers/${offer.id}`, { active: false, discount_percentage: 30 });
    expect(stopped.json()).toMatchObject({ active: false, running: false, discount_percentage: 30 });
    const audit = (await asStaff('GET', `/api/staff/audit?entity=offer&entity_id=${offer.id}`)).json();
    expect(audit.items[0]).toMatchObject({ before: { discount_percentage: 40, active: true }, after: { discount_percentage: 30, active: false } });
  });

  it('creates and edits membership plans; a price change is audited', async () => {
    const bad = await asStaff('POST', '/api/staff/membership-plans', { name: '', price: 0, discount_percentage: 100, duration_days: 0 });
    expect(Object.keys(bad.json()).sort()).toEqual(['discount_percentage', 'duration_days', 'name', 'price']);
    const res = await asStaff('POST', '/api/staff/membership-plans', { name: 'Platinum', price: 4999, discount_percentage: 25, duration_days: 365 });
    expect(res.statusCode).toBe(201);
    const plan = res.json();
    // The discount under both names, as on every answer that carries a plan.
    expect(plan).toMatchObject({ discount_percentage: 25, discount: 25 });
    const publicPlans = (await t.app.inject({ method: 'GET', url: '/api/membership/plans/' })).json() as { id: number; price: number }[];
    expect(publicPlans.find((p) => p.id === plan.id)?.price).toBe(4999);
    await asStaff('PATCH', `/api/staff/membership-plans/${plan.id}`, { price: 5499 });
    const audit = (await asStaff('GET', `/api/staff/audit?entity=membership_plan&entity_id=${plan.id}`)).json();
    expect(audit.items[0]).toMatchObject({ action: 'update', before: { price: 4999 }, after: { price: 5499 } });
    expect((await asStaff('GET', '/api/staff/membership-plans')).json().find((p: { id: number }) => p.id === plan.id).price).toBe(5499);
  });
});

describe('content', () => {
  it('keeps a new post as a draft until it is published, then lists it publicly; delete removes it', async () => {
    const res = await asStaff('POST', '/api/staff/blogs', { title: 'Fasting before a lipid test', author: 'Dr. Rao', content: '# Why fast\n\n**Twelve** hours.' });
    expect(res.statusCode).toBe(201);
    const blog = res.json();
    expect(blog.published).toBe(false);
    const publicIds = async () => ((await t.app.inject({ method: 'GET', url: '/api/blogs/' })).json() as { id: number }[]).map((b) => b.id);
    expect(await publicIds()).not.toContain(blog.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${blog.id}/` })).statusCode).toBe(404);
    expect((await asStaff('GET', '/api/staff/blogs')).json().map((b: { id: number }) => b.id)).toContain(blog.id);

    const published = await asStaff('PATCH', `/api/staff/blogs/${blog.id}`, { published: true });
    expect(published.json().published).toBe(true);
    expect(await publicIds()).toContain(blog.id);
    const audit = (await asStaff('GET', `/api/staff/audit?entity=blog&entity_id=${blog.id}`)).json();
    expect(audit.items[0]).toMatchObject({ action: 'publish', before: { published: false }, after: { published: true } });

    const edited = await asStaff('PATCH', `/api/staff/blogs/${blog.id}`, { title: '' });
    expect(edited.json()).toEqual({ title: ['This field may not be blank.'] });

    const gone = await asStaff('DELETE', `/api/staff/blogs/${blog.id}`);
    expect(gone.statusCode).toBe(204);
    expect(await publicIds()).not.toContain(blog.id);
    expect((await asStaff('DELETE', `/api/staff/blogs/${blog.id}`)).statusCode).toBe(404);
  });

  it('creates careers with a checked application link, and closes them', async () => {
    const base = { job_title: 'Lab Technician', description: 'Night shift.' };
    for (const link of ['http://example.com/apply', 'javascript:alert(1)', 'mailto:not-an-address', 'ftp://example.com', 'https://']) {
      const res = await asStaff('POST', '/api/staff/careers', { ...base, application_link: link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json()).toEqual({ application_link: ['Enter an https:// link or a mailto: address.'] });
    }
    const byMail = await asStaff('POST', '/api/staff/careers', { ...base, application_link: 'mailto:jobs@labcentre.in' });
    expect(byMail.statusCode).toBe(201);
    const res = await asStaff('POST', '/api/staff/careers', { ...base, application_link: 'https://jobs.example.com/lab-tech' });
    const career = res.json();
    expect(career).toMatchObject({ is_open: true, posted_on: istDate(0) });
    const closed = await asStaff('PATCH', `/api/staff/careers/${career.id}`, { is_open: false });
    expect(closed.json().is_open).toBe(false);
    const publicCareers = (await t.app.inject({ method: 'GET', url: '/api/careers/' })).json() as { id: number; is_open: boolean }[];
    expect(publicCareers.find((c) => c.id === career.id)?.is_open).toBe(false);
  });
});

describe('contact inbox', () => {
  it('lists messages newest first, filters the unhandled ones, and marks one handled by whom', async () => {
    for (const name of ['First Sender', 'Second Sender']) {
      const sent = await t.app.inject({ method: 'POST', url: '/api/contact/', remoteAddress: `10.202.0.${name.length}`, payload: { name, email: 'a@example.com', phone: '9876543210', message: `Hello from ${name}` } });
      expect(sent.statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, 5));
    }
    const inbox = (await asStaff('GET', '/api/staff/contact-messages')).json();
    expect(inbox.items.slice(0, 2).map((m: { name: string }) => m.name)).toEqual(['Second Sender', 'First Sender']);
    const second = inbox.items[0];
    expect(second.handled_at).toBeNull();

    const handled = await asStaff('POST', `/api/staff/contact-messages/${second.id}/handled`);
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ id: second.id, handled_by: staff.username, handled_at: expect.any(String) });
    const open = (await asStaff('GET', '/api/staff/contact-messages?unhandled=true')).json();
    expect(open.items.map((m: { id: number }) => m.id)).not.toContain(second.id);
    expect(open.total).toBe(inbox.total - 1);
    // Marking it again keeps the first record.
    expect((await asStaff('POST', `/api/staff/contact-messages/${second.id}/handled`)).json().handled_at).toBe(handled.json().handled_at);
    expect((await asStaff('POST', '/api/staff/contact-messages/999999/handled')).statusCode).toBe(404);
    expect((await asStaff('GET', '/api/staff/contact-messages?unhandled=maybe')).json()).toHaveProperty('unhandled');
  });
});

describe('audit trail', () => {
  it('lists entries newest first and filters by entity', async () => {
    const all = (await asStaff('GET', '/api/staff/audit?limit=100')).json();
    expect(all.total).toBeGreaterThan(0);
    const times = all.items.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const tests = (await asStaff('GET', '/api/staff/audit?entity=test')).json();
    for (const e of tests.items) expect(e.entity).toBe('test');
    expect((await asStaff('GET', `/api/staff/audit?entity=${'x'.repeat(60)}`)).json()).toHaveProperty('entity');
  });
});
