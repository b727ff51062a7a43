// The staff read log as a property of the answer (decision 048): every staff route whose answer shows
// a patient logs it, whether or not the route was written with the read log in mind. The test walks the
// app's registered staff routes: the schema of each success answer is read by a rule, and each route
// called with a patient in the database logs a read whenever the patient's name, phone or e-mail is
// in its answer.
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { findAffected } from '../src/modules/privacy/breach.ts';
import { readsOf, unreadPersonalData } from '../src/modules/privacy/read-logging.ts';
import { bearer, createUser, istDate, makeApp, openDate, type TestApp } from './helpers.ts';
import { book, createStaff, newUtr, type StaffAccount } from './staff-helpers.ts';

describe('which staff answers are read-logged', () => {
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    const app = await buildApp(loadConfig({ DATABASE_URL: ':memory:', JWT_SECRET: 'x'.repeat(40) }), {
      logger: false,
      mailJobs: 'manual',
      retentionJobs: 'manual',
      onRoute: (route) => void routes.push(route),
    });
    await app.close();
  });
  const staffRoutes = () => routes.filter((r) => r.url.startsWith('/api/staff/'));
  const name = (r: RouteOptions) => `${[r.method].flat().join(',')} ${r.url}`;

  it('reads every staff answer that shows a patient by a rule (none is left unread)', () => {
    expect(staffRoutes().length).toBeGreaterThan(50);
    const unread = staffRoutes().flatMap((r) => unreadPersonalData(r).map((place) => `${name(r)}: ${place}`));
    expect(unread).toEqual([]);
  });

  it('logs the answers the read log used to miss', () => {
    const logged = new Set(staffRoutes().filter((r) => readsOf(r).length > 0).map(name));
    for (const route of [
      'GET /api/staff/dues',
      'GET /api/staff/payments/pending',
      'GET /api/staff/home-visits',
      'PUT /api/staff/home-visits/:id/phlebotomist',
      'POST /api/staff/appointments/:id/status',
      'POST /api/staff/appointments/:id/paid',
      'PUT /api/staff/results/:id/patient',
      'PUT /api/staff/results/:id/sample',
      'PUT /api/staff/results/:id',
      'POST /api/staff/results/:id/release',
      'POST /api/staff/results/:id/amend',
      'POST /api/staff/results/:id/critical-call',
      'GET /api/staff/collections',
      'GET /api/staff/collections.csv',
      'GET /api/staff/results/:id/reports/:version/pdf',
      'GET /api/staff/results/:id/reports/:version/fhir',
      'GET /api/staff/bills/:id',
      'POST /api/staff/bills/:id/payments',
      'POST /api/staff/payments/:id/confirm',
      'GET /api/staff/privacy/corrections',
      'POST /api/staff/privacy/corrections/:id/resolve',
      'GET /api/staff/privacy/grievances',
      'POST /api/staff/privacy/grievances/:id/answer',
    ]) {
      expect(logged, route).toContain(route);
    }
    // and not the catalogue
    expect(logged).not.toContain('GET /api/staff/tests');
  });

  it('finds a new answer that shows a patient without saying whose record it is', () => {
    const route = { schema: { response: { 200: z.array(z.object({ patient_name: z.string(), total: z.number() })) } } };
    expect(unreadPersonalData(route)).toEqual(['[]: patient_name']);
    const readable = { schema: { response: { 200: z.object({ items: z.array(z.object({ appointment_id: z.string(), user_phone: z.string() })) }) } } };
    expect(unreadPersonalData(readable)).toEqual([]);
    expect(readsOf(readable)).toHaveLength(1);
    // bytes say nothing of what they show until the route says what they are made from
    const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array).describe('text/csv');
    expect(unreadPersonalData({ schema: { response: { 200: bytes } } })).toEqual(['(answer): bytes of text/csv (say what they show with config.answerShows)']);
    expect(unreadPersonalData({ schema: { response: { 200: bytes } }, config: { answerShows: route.schema.response[200].element.extend({ bill_id: z.number() }) } })).toEqual([]);
  });
});

describe('the read log grows with every answer that shows a patient', () => {
  let t: TestApp;
  let admin: StaffAccount;
  let technician: StaffAccount;
  const patient = { user_name: 'Zubin Kotwal', user_email: 'zubin.kotwal@example.in', user_phone: '9812345670' };
  let home: string;
  let centre: string;
  let billId: number;
  const day = openDate(3);

  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' });
    admin = await createStaff(t.app, 'admin');
    technician = await createStaff(t.app, 'technician', { first_name: 'Vikram', last_name: 'Singh' });
    const tests = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; name: string }[];
    const cbc = tests.find((x) => x.name === 'Complete Blood Count (CBC)')!;
    const visit = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      payload: { ...patient, date: day, time: '09:30', tests: [cbc.id], home_sample: true, home_address: { house: 'House 4', street: 'Main Road', locality: 'Near the park', city: 'Jaipur', pin: '302017' } },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    home = visit.json().id;
    centre = await book(t.app, { ...patient, tests: [cbc.id] });
    const utr = await t.app.inject({ method: 'POST', url: `/api/billing/${centre}/utr/`, payload: { utr: newUtr() } });
    expect(utr.statusCode, utr.body).toBe(200);
    billId = (await t.app.deps.db.selectFrom('bills').select('id').where('appointment_id', '=', centre).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const reads = async () => {
    await t.app.deps.readLog.flush();
    return (await t.app.deps.db.selectFrom('personal_data_reads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  };
  const shows = (body: string) => [patient.user_name, patient.user_phone, patient.user_email].some((p) => body.includes(p));

  it('walks every staff GET route and finds a read for each answer that names the patient', async () => {
    const payment = (await t.app.inject({ method: 'GET', url: '/api/staff/payments/pending', headers: bearer(admin) })).json()[0].id as number;
    const fill = (url: string) =>
      url
        .replace(/\/(appointments|results|home-visits)\/:id/, `/$1/${centre}`)
        .replace('/bills/:id', `/bills/${billId}`)
        .replace('/payments/:id', `/payments/${payment}`)
        .replace(/:version/, '1')
        .replace(/:\w+/g, '1');
    // a payment received today, so the day's collections (and their CSV) list the patient
    const beforePending = Number(await reads());
    const pending = await t.app.inject({ method: 'GET', url: '/api/staff/payments/pending', headers: bearer(admin) });
    expect(shows(pending.body)).toBe(true);
    expect(Number(await reads())).toBeGreaterThan(beforePending);
    const utr = pending.json()[0].id as number;
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/payments/${utr}/confirm`, headers: bearer(admin) })).statusCode).toBe(200);
    const today = istDate(0);
    const urls = t.routes.filter((r) => r.startsWith('GET /api/staff/')).map((r) => fill(r.slice(4)));
    const showing: string[] = [];
    for (const url of urls) {
      const before = Number(await reads());
      const get = (who: StaffAccount) => t.app.inject({ method: 'GET', url: `${url}?date=${day}&from=${today}&to=${today}`, headers: bearer(who) });
      let res = await get(admin);
      // results are the laboratory's: an admin's role does not open them
      if (res.statusCode === 403) res = await get(technician);
      // the read log and the breach register show whom staff read; reading them is not a read of a record (read-logging.ts)
      if (res.statusCode !== 200 || !shows(res.body) || url === '/api/staff/access-log' || url.startsWith('/api/staff/breaches')) continue;
      showing.push(url);
      expect(Number(await reads()), url).toBeGreaterThan(before);
    }
    // the walk did see the patient where the read log used to miss it
    for (const url of ['/api/staff/dues', '/api/staff/home-visits', '/api/staff/appointments', `/api/staff/results/${centre}`, '/api/staff/collections', '/api/staff/collections.csv']) expect(showing).toContain(url);
  });

  it('logs the answers of changes that show the patient: status, paid, patient details', async () => {
    const calls: Array<[string, string, object]> = [
      ['POST', `/api/staff/appointments/${home}/status`, { status: 'approved' }],
      ['POST', `/api/staff/appointments/${home}/paid`, { is_paid: false }],
      ['PUT', `/api/staff/results/${home}/patient`, { date_of_birth: null, age_years: 41, sex: 'male' }],
    ];
    for (const [method, url, payload] of calls) {
      const before = Number(await reads());
      const res = await t.app.inject({ method: method as 'POST', url, payload, headers: bearer(url.includes('/results/') ? technician : admin) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(shows(res.body) || res.body.includes(home)).toBe(true);
      expect(Number(await reads()), url).toBeGreaterThan(before);
    }
    const rows = await t.app.deps.db.selectFrom('personal_data_reads').select(['kind', 'appointment_id']).where('appointment_id', '=', home).execute();
    const kinds = rows.map((r) => r.kind);
    expect(kinds).toContain('appointment');
    expect(kinds).toContain('results');
  });

  it('logs a bill shown on the desk against its appointment, and nothing for a refused call', async () => {
    const before = Number(await reads());
    const refused = await t.app.inject({ method: 'GET', url: '/api/staff/bills/999999', headers: bearer(admin) });
    expect(refused.statusCode).toBe(404);
    expect(Number(await reads())).toBe(before);
    await t.app.inject({ method: 'GET', url: '/api/staff/dues', headers: bearer(admin) });
    const row = await t.app.deps.db.selectFrom('personal_data_reads').select(['kind', 'appointment_id', 'subject_id']).where('kind', '=', 'bill').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.appointment_id === centre || row.appointment_id === home).toBe(true);
    expect(row.subject_id).toBe(row.appointment_id);
  });

  it("logs a patient's correction requests and grievances shown to staff against the patient, who sees them in \"Who looked\"", async () => {
    const u = await createUser(t.app, { first_name: 'Farida', last_name: 'Bano' });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(u) });
    const correction = await post('/api/users/me/corrections/', { concerns: 'bill', reference: 'LC-9', details: 'My surname is misspelt.' });
    expect(correction.statusCode, correction.body).toBe(201);
    const grievance = await post('/api/users/me/grievances/', { subject: 'Late report', details: 'It took a week.' });
    expect(grievance.statusCode, grievance.body).toBe(201);
    const ownReads = () => t.app.deps.db.selectFrom('personal_data_reads').select(['kind', 'subject_id', 'patient_user_id', 'appointment_id', 'staff_user_id']).where('patient_user_id', '=', u.id).execute();
    expect(await ownReads()).toEqual([]);

    for (const [kind, url, id] of [
      ['correction', '/api/staff/privacy/corrections?limit=100', correction.json().id],
      ['grievance', '/api/staff/privacy/grievances?limit=100', grievance.json().id],
    ] as const) {
      const before = Number(await reads());
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(u.email);
      expect(Number(await reads()), url).toBeGreaterThan(before);
      expect(await ownReads()).toContainEqual({ kind, subject_id: String(id), patient_user_id: u.id, appointment_id: null, staff_user_id: admin.id });
    }

    // the patient sees both by role and time, never by name
    const looked = await t.app.inject({ method: 'GET', url: '/api/users/me/access-log/', headers: bearer(u) });
    expect(looked.statusCode, looked.body).toBe(200);
    const items = looked.json().items as { kind: string; role: string; appointment_reference: string | null }[];
    expect(items.map((i) => i.kind).sort()).toEqual(['correction', 'grievance']);
    for (const item of items) expect(item).toMatchObject({ role: 'admin', appointment_reference: null });

    // the admin's read log names the patient of each
    const log = await t.app.inject({ method: 'GET', url: `/api/staff/access-log?patient_email=${encodeURIComponent(u.email)}`, headers: bearer(admin) });
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json().items as { kind: string; patient_name: string | null; patient_email: string | null }[];
    expect(entries.map((e) => e.kind).sort()).toEqual(['correction', 'grievance']);
    for (const e of entries) expect(e).toMatchObject({ patient_name: 'Farida Bano', patient_email: u.email });

    // and a breach of the admin's account finds the patient by what was read
    const affected = await findAffected(t.app.deps.db, [admin.id], '2000-01-01T00:00:00.000Z', '2999-12-31T00:00:00.000Z');
    const person = affected.find((p) => p.userId === u.id);
    expect(person).toMatchObject({ name: 'Farida Bano', email: u.email });
    expect([...person!.kinds].sort()).toEqual(['correction', 'grievance']);
  });
});
