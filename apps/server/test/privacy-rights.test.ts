// The patient's rights (modules/privacy; docs/personal-data.md): the summary and the JSON download, correction
// requests handled by staff, the nominee, grievances with their due dates and answers, closing the
// account (what goes, what stays, locked, login refused), and the daily retention job (time injected,
// exactly once with two runners on one database).
import { ACCOUNT_CLOSED, CLOSE_PASSWORD_WRONG, DATA_PURPOSES, inIndia, NOMINEE_CONTACT_NEEDED } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { STILL_ACTIVE } from '../src/modules/privacy/erasure.ts';
import { newVerificationCode } from '../src/modules/reports/service.ts';
import { type Account, bearer, createUser, makeApp, poster, type TestApp } from './helpers.ts';
import { book, createStaff, type StaffAccount } from './staff-helpers.ts';

const DAY = 86_400_000;
let t: TestApp;
/** how far the test has moved the app's clock past the real one */
let shift = 0;
const now = () => new Date(Date.now() + shift);
let desk: StaffAccount;

beforeAll(async () => {
  t = await makeApp({}, { now, sqliteFile: true });
  desk = await createStaff(t.app, 'reception');
});
afterAll(() => t.close());

const get = (url: string, who: { access: string } | null) => t.app.inject({ method: 'GET', url, headers: who ? bearer(who) : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: { access: string } | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** runs with the clock moved on `days`, then puts it back */
async function daysLater<T>(days: number, fn: () => Promise<T>): Promise<T> {
  const before = shift;
  shift += days * DAY;
  try {
    return await fn();
  } finally {
    shift = before;
  }
}

describe('what the lab holds', () => {
  it('summarises each kind with its purpose and the grievance contact, and downloads it all as one JSON file', async () => {
    const u = await createUser(t.app, { first_name: 'Kavya', last_name: 'Menon' });
    const other = await createUser(t.app);
    // A test with a Hindi name, booked in Hindi: the export names it both ways.
    const hindi = (await get('/api/tests/?lang=hi', null)).json() as Array<{ id: number; name: string; name_en?: string; price: number }>;
    const named = hindi.find((x) => x.name_en && x.name_en !== x.name)!;
    const id = await book(t.app, { user_name: 'Kavya Menon', user_email: 'kavya@example.com', user_phone: '9123456780', tests: [named.id], language: 'hi' }, u);
    await book(t.app, { user_name: 'Someone Else' }, other);
    expect((await send('PUT', '/api/users/me/nominee/', u, { name: 'Arjun Menon', relation: 'Brother', phone: '+91 98290 12345' })).statusCode).toBe(200);
    expect((await send('POST', '/api/users/me/corrections/', u, { concerns: 'bill', reference: 'LC-1', details: 'My name is misspelt.' })).statusCode).toBe(201);
    expect((await send('POST', '/api/users/me/grievances/', u, { subject: 'Late report', details: 'It took a week.' })).statusCode).toBe(201);

    const summary = await get('/api/users/me/data/', u);
    expect(summary.statusCode).toBe(200);
    const counts = Object.fromEntries((summary.json().items as { kind: string; count: number }[]).map((i) => [i.kind, i.count]));
    expect(counts).toEqual({ profile: 1, appointments: 1, bills: 1, reports: 0, membership: 0, requests: 2, nominee: 1 });
    expect(summary.json().items[1]).toMatchObject({ kind: 'appointments', purpose: DATA_PURPOSES.appointments });
    expect(summary.json()).toMatchObject({ retention: { bills_years: 8, reports_years: 3, guest_contact_days: 365 }, grievance_due_days: 30 });
    const lab = (await get('/api/lab/', null)).json();
    expect(summary.json().grievance_contact).toEqual(lab.grievance);

    const res = await get('/api/users/me/export/', u);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lab-centre-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(Object.keys(data)).toEqual(['exported_at', 'format', 'profile', 'appointments', 'bills', 'reports', 'membership', 'correction_requests', 'grievances', 'nominee', 'family_members', 'consents', 'access_log']);
    expect(data.profile).toMatchObject({ username: u.username, email: u.email, first_name: 'Kavya', last_name: 'Menon' });
    expect(data.profile).not.toHaveProperty('password_hash');
    expect(data.appointments).toHaveLength(1);
    expect(data.appointments[0]).toMatchObject({ id, user_name: 'Kavya Menon', user_email: 'kavya@example.com', user_phone: '9123456780', status: 'booked' });
    expect(data.appointments[0]).toMatchObject({ language: 'hi' });
    expect(data.appointments[0].tests).toEqual([{ name: named.name_en, name_hi: named.name, price: expect.any(Number) }]);
    expect(data.bills).toHaveLength(1);
    expect(data.bills[0]).toMatchObject({ appointment_id: id, payments: [] });
    expect(data.bills[0].invoice_no).toMatch(/^LC\//);
    expect(data.correction_requests).toMatchObject([{ concerns: 'bill', reference: 'LC-1', status: 'open' }]);
    expect(data.grievances).toMatchObject([{ subject: 'Late report', status: 'open' }]);
    expect(data.nominee).toMatchObject({ name: 'Arjun Menon', relation: 'Brother', phone: '+91 98290 12345', email: '' });
    expect(JSON.stringify(data)).not.toContain('Someone Else');
  });

  it('needs a login', async () => {
    for (const url of ['/api/users/me/data/', '/api/users/me/export/', '/api/users/me/corrections/', '/api/users/me/grievances/', '/api/users/me/nominee/']) {
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
  });
});

describe('correction requests', () => {
  it('refuses bad input naming the field', async () => {
    const u = await createUser(t.app);
    const cases: Array<[unknown, string]> = [
      [{ concerns: 'weather', details: 'x' }, 'concerns'],
      [{ concerns: 'bill', details: '' }, 'details'],
      [{ concerns: 'bill', details: 'a\u0000b' }, 'details'],
      [{ concerns: 'bill', details: 'x'.repeat(2001) }, 'details'],
      [{ concerns: 'bill', details: 'x', reference: 'a\nb' }, 'reference'],
      [{ concerns: 'bill', details: 'x', extra: 1 }, 'non_field_errors'],
    ];
    for (const [body, field] of cases) {
      const res = await send('POST', '/api/users/me/corrections/', u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await get('/api/users/me/corrections/', u)).json()).toEqual([]);
  });

  it('reaches the front desk, who correct or decline once, and the patient sees the outcome', async () => {
    const u = await createUser(t.app, { first_name: 'Ritu', last_name: 'Sharma' });
    const filed = (await send('POST', '/api/users/me/corrections/', u, { concerns: 'report', details: 'My age on the report is wrong: I am 42.' })).json();
    expect(filed).toMatchObject({ status: 'open', resolution: null, reference: '' });

    const list = await get('/api/staff/privacy/corrections?status=open&limit=100', desk);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((c: { id: number }) => c.id === filed.id)).toMatchObject({ patient: { id: u.id, name: 'Ritu Sharma', email: u.email }, status: 'open' });

    const technician = await createStaff(t.app, 'technician');
    expect((await get('/api/staff/privacy/corrections', technician)).statusCode).toBe(403);
    expect((await get('/api/staff/privacy/corrections', u)).statusCode).toBe(403);
    expect((await get('/api/staff/privacy/corrections?status=shut', desk)).json()).toHaveProperty('status');

    const bad = await send('POST', `/api/staff/privacy/corrections/${filed.id}/resolve`, desk, { outcome: 'maybe', resolution: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['outcome', 'resolution']);
    expect((await send('POST', `/api/staff/privacy/corrections/${2 ** 40}/resolve`, desk, { outcome: 'corrected', resolution: 'x' })).statusCode).toBe(400);
    expect((await send('POST', '/api/staff/privacy/corrections/2147483647/resolve', desk, { outcome: 'corrected', resolution: 'x' })).statusCode).toBe(404);

    const done = await send('POST', `/api/staff/privacy/corrections/${filed.id}/resolve`, desk, { outcome: 'corrected', resolution: 'Corrected the age to 42 and reissued the report.' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'corrected', resolved_by: desk.username });
    expect((await send('POST', `/api/staff/privacy/corrections/${filed.id}/resolve`, desk, { outcome: 'declined', resolution: 'No.' })).statusCode).toBe(409);
    expect((await get('/api/users/me/corrections/', u)).json()).toMatchObject([{ id: filed.id, status: 'corrected', resolution: 'Corrected the age to 42 and reissued the report.' }]);
  });
});

describe('the nominee', () => {
  it('is set, changed and removed by the patient, with a contact required', async () => {
    const u = await createUser(t.app);
    expect((await get('/api/users/me/nominee/', u)).json()).toEqual({ nominee: null });
    const none = await send('PUT', '/api/users/me/nominee/', u, { name: 'Meena Rao', relation: 'Mother' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ phone: [NOMINEE_CONTACT_NEEDED] });
    for (const [body, field] of [
      [{ name: 'M3ena', relation: 'Mother', phone: '9876543210' }, 'name'],
      [{ name: 'Meena', relation: '', phone: '9876543210' }, 'relation'],
      [{ name: 'Meena', relation: 'Mother', email: 'not-mail' }, 'email'],
      [{ name: 'Meena', relation: 'Mother', phone: '12' }, 'phone'],
    ] as const) {
      const res = await send('PUT', '/api/users/me/nominee/', u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toContain(field);
    }
    const set = await send('PUT', '/api/users/me/nominee/', u, { name: 'Meena Rao', relation: 'Mother', email: 'meena@example.com' });
    expect(set.json().nominee).toMatchObject({ name: 'Meena Rao', relation: 'Mother', email: 'meena@example.com', phone: '' });
    await send('PUT', '/api/users/me/nominee/', u, { name: 'Vikram Rao', relation: 'Husband', phone: '9876543210' });
    expect((await get('/api/users/me/nominee/', u)).json().nominee).toMatchObject({ name: 'Vikram Rao', relation: 'Husband', phone: '9876543210', email: '' });
    expect((await send('DELETE', '/api/users/me/nominee/', u)).json()).toEqual({ nominee: null });
    expect((await get('/api/users/me/nominee/', u)).json()).toEqual({ nominee: null });
  });
});

describe('grievances', () => {
  it('are due GRIEVANCE_DUE_DAYS after they arrive, never more than 90', () => {
    expect(loadConfig({ GRIEVANCE_DUE_DAYS: '90', JWT_SECRET: 'x'.repeat(32) }).privacy.grievanceDueDays).toBe(90);
    expect(() => loadConfig({ GRIEVANCE_DUE_DAYS: '91', JWT_SECRET: 'x'.repeat(32) })).toThrow(/GRIEVANCE_DUE_DAYS: must be at most 90/);
    expect(() => loadConfig({ GRIEVANCE_DUE_DAYS: '0', JWT_SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig({ RETENTION_BILLS_YEARS: 'eight', JWT_SECRET: 'x'.repeat(32) })).toThrow(/RETENTION_BILLS_YEARS/);
  });

  it('show staff the due date, turn overdue, and the answer reaches the patient in the dashboard and by e-mail', async () => {
    const u = await createUser(t.app);
    const filed = await send('POST', '/api/users/me/grievances/', u, { subject: 'Rude phone call', details: 'The caller was rude.\nPlease look into it.' });
    expect(filed.statusCode).toBe(201);
    const g = filed.json();
    const today = inIndia(now()).date;
    const expectedDue = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * DAY).toISOString().slice(0, 10);
    expect(g).toMatchObject({ status: 'open', answer: null, due_date: expectedDue });

    const item = async (who: StaffAccount) => ((await get('/api/staff/privacy/grievances?status=open&limit=100', who)).json().items as { id: number }[]).find((x) => x.id === g.id);
    expect(await item(desk)).toMatchObject({ due_date: expectedDue, overdue: false, patient: { id: u.id } });
    await daysLater(31, async () => {
      const later = await createStaff(t.app, 'admin');
      expect(await item(later)).toMatchObject({ overdue: true });
    });

    expect((await send('POST', `/api/staff/privacy/grievances/${g.id}/answer`, desk, { answer: ' ' })).json()).toHaveProperty('answer');
    t.mail.length = 0;
    const answered = await send('POST', `/api/staff/privacy/grievances/${g.id}/answer`, desk, { answer: 'We are sorry. The caller has been spoken to.' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'answered', answered_by: desk.username, overdue: false });
    expect((await send('POST', `/api/staff/privacy/grievances/${g.id}/answer`, desk, { answer: 'Again' })).statusCode).toBe(409);
    expect((await get('/api/users/me/grievances/', u)).json()).toMatchObject([{ id: g.id, status: 'answered', answer: 'We are sorry. The caller has been spoken to.' }]);
    const mail = t.mail.find((m) => m.to === u.email);
    expect(mail?.subject).toBe('Your grievance has been answered: Rude phone call');
    expect(mail?.text).toContain('We are sorry. The caller has been spoken to.');
    expect(mail?.text).toContain('http://lab.test/UserDashboard');
  });
});

describe('closing the account', () => {
  let u: Account;
  let appointment: string;
  const releasedAt = '2026-03-10T05:00:00.000Z';

  beforeAll(async () => {
    u = await createUser(t.app, { first_name: 'Farah', last_name: 'Khan' });
    appointment = await book(t.app, { user_name: 'Farah Khan', user_email: 'farah.visit@example.com', user_phone: '9988776655' }, u);
    await send('PUT', '/api/users/me/nominee/', u, { name: 'Zoya Khan', relation: 'Sister', phone: '9876543210' });
    await send('POST', '/api/users/me/grievances/', u, { subject: 'A grievance', details: 'Details.' });
  });

  it('asks for the password and refuses while an appointment is under way', async () => {
    const wrong = await send('POST', '/api/users/me/close/', u, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [CLOSE_PASSWORD_WRONG] });
    expect((await send('POST', '/api/users/me/close/', u, {})).json()).toHaveProperty('password');
    const active = await send('POST', '/api/users/me/close/', u, { password: u.password });
    expect(active.statusCode).toBe(409);
    expect(active.json()).toEqual({ error: STILL_ACTIVE });
    expect((await get('/api/users/me/', u)).statusCode).toBe(200);
  });

  it('erases the person, keeps the bill and the report apart until their dates, and refuses the login', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${appointment}/cancel/`, headers: bearer(u) })).statusCode).toBe(200);
    // a report of the appointment, as the lab froze it: version 1 amended by version 2
    const snapshot = JSON.stringify({ lab: { name: 'Lab Centre' }, patient: { name: 'Farah Khan' }, tests: [{ name: 'Lipid Profile' }] });
    const [oldCode, newCode] = [newVerificationCode(), newVerificationCode()];
    const report = { appointment_id: appointment, released_by: null, released_at: releasedAt, amendment_reason: null, snapshot_json: snapshot };
    await t.app.deps.db
      .insertInto('reports')
      .values([
        { ...report, version: 1, status: 'superseded', verification_code: oldCode, superseded_at: releasedAt },
        { ...report, version: 2, status: 'released', verification_code: newCode, superseded_at: null },
      ])
      .execute();
    const bill = await t.app.deps.db.selectFrom('bills').select(['invoice_no', 'generated_at']).where('appointment_id', '=', appointment).executeTakeFirstOrThrow();
    // a question sent through the contact form from the account's address (written in capitals), and one from somebody else
    const contact = (email: string) => t.app.inject({ method: 'POST', url: '/api/contact/', payload: { name: 'Farah', email, phone: '9988776655', message: 'Fasting?' }, remoteAddress: '10.9.9.9' });
    const mine = (await contact(u.email.toUpperCase())).json().id as number;
    const theirs = (await contact('someone.else@example.com')).json().id as number;
    t.mail.length = 0;

    const res = await send('POST', '/api/users/me/close/', u, { password: u.password });
    expect(res.statusCode).toBe(200);
    const billUntil = `${Number(inIndia(new Date(bill.generated_at)).date.slice(0, 4)) + 8}${inIndia(new Date(bill.generated_at)).date.slice(4)}`;
    expect(res.json()).toMatchObject({ message: ACCOUNT_CLOSED, kept: [{ kind: 'bill', count: 1, kept_until: billUntil }, { kind: 'report', count: 2, kept_until: '2029-03-10' }] });

    // the codes printed on the papers still verify, from the kept copies, with initials only
    const verified = await get(`/api/verify/${oldCode.toLowerCase()}`, null);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ genuine: true, lab_name: 'Lab Centre', patient_initials: 'F. K.', tests: ['Lipid Profile'], released_at: releasedAt, version: 1, superseded: true, superseded_by: newCode });
    expect((await get(`/api/verify/${newCode}`, null)).json()).toMatchObject({ version: 2, superseded: false, superseded_by: null });

    // told by e-mail, at the address the account had
    const mail = t.mail.find((m) => m.to === u.email);
    expect(mail?.subject).toMatch(/account is closed/);
    expect(mail?.text).toContain(`1 bill with its payments, until ${billUntil}`);
    expect(mail?.text).toContain('2 reports, until 2029-03-10');

    // login refused, by username or e-mail; the old token is dead
    const post = poster(t.app);
    expect((await post('/api/users/login/', { username: u.username, password: u.password })).status).toBe(401);
    expect((await post('/api/users/login/', { username: u.email, password: u.password })).status).toBe(401);
    expect((await post('/api/users/token/refresh/', { refresh: u.refresh })).status).toBe(401);
    expect((await get('/api/users/me/', u)).statusCode).toBe(401);

    // the person is gone from the rows the product uses
    const user = await t.app.deps.db.selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: '', last_name: '', date_of_birth: null, sex: null });
    expect(user.email).not.toContain(u.email.split('@')[0]!);
    expect(user.closed_at).not.toBeNull();
    const row = await t.app.deps.db.selectFrom('appointments').selectAll().where('id', '=', appointment).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, user_name: 'Closed account', user_email: '', user_phone: '', address: '' });
    expect(await t.app.deps.db.selectFrom('reports').select('id').where('appointment_id', '=', appointment).execute()).toEqual([]);
    const messages = await t.app.deps.db.selectFrom('contact_messages').select('id').where('id', 'in', [mine, theirs]).execute();
    expect(messages.map((m) => m.id)).toEqual([theirs]);
    for (const table of ['nominees', 'grievances', 'correction_requests', 'refresh_tokens'] as const) {
      expect(await t.app.deps.db.selectFrom(table).select('user_id').where('user_id', '=', u.id).execute(), table).toEqual([]);
    }
    // every consent the account had ends with it; the records stay as evidence until their own period
    const consents = await t.app.deps.db.selectFrom('consents').select(['purpose', 'withdrawn_at']).where('user_id', '=', u.id).execute();
    expect(consents.length).toBeGreaterThan(0);
    expect(consents.filter((c) => c.withdrawn_at === null)).toEqual([]);

    // staff searches do not find the person
    for (const q of ['Farah', 'farah.visit', '9988776655']) {
      expect((await get(`/api/staff/appointments?q=${q}`, desk)).json().items, q).toEqual([]);
    }
    const queued = (await get(`/api/staff/appointments?q=${appointment}`, desk)).json().items;
    expect(queued).toMatchObject([{ user_name: 'Closed account', user_email: '', user_phone: '' }]);

    // what is kept is read on the admin path only
    expect((await get(`/api/staff/privacy/kept-records?account=${u.id}`, desk)).statusCode).toBe(403);
    const admin = await createStaff(t.app, 'admin');
    const kept = await get(`/api/staff/privacy/kept-records?account=${u.id}`, admin);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().items).toMatchObject([
      { kind: 'bill', reference: bill.invoice_no, kept_until: billUntil, data: { billed_to: 'Farah Khan', invoice_no: bill.invoice_no } },
      { kind: 'report', kept_until: '2029-03-10', data: { version: 1, report: { patient: { name: 'Farah Khan' } } } },
      { kind: 'report', kept_until: '2029-03-10', data: { version: 2, report: { patient: { name: 'Farah Khan' } } } },
    ]);
    // once the kept copies' period ends, the retention job erases them and the codes are unknown
    await daysLater(Math.ceil((Date.parse('2029-03-11T12:00:00Z') - now().getTime()) / DAY) + 1, () => t.app.retention.runDue());
    expect((await get(`/api/verify/${newCode}`, null)).statusCode).toBe(404);
    expect((await get('/api/staff/privacy/kept-records?account=abc', admin)).json()).toHaveProperty('account');
    expect((await get(`/api/staff/privacy/kept-records?account=${2 ** 40}`, admin)).statusCode).toBe(400);
  });
});

describe('the retention job', () => {
  const countKept = async (userId: number) => (await t.app.deps.db.selectFrom('kept_records').select('kind').where('user_id', '=', userId).execute()).map((r) => r.kind).sort();

  it('erases the recipient of a finished e-mail about no booking a year after it was queued, never of one still to send', async () => {
    const at = now().toISOString();
    const job = (recipient: string, state: 'sent' | 'queued' | 'failed', appointment_id: string | null = null) => ({
      kind: 'password-reset', appointment_id, unique_key: null, recipient, subject: 'Reset your password', message_json: state === 'queued' ? '{}' : null,
      state, run_at: at, attempts: 1, last_error: null, lock_token: null, created_at: at, updated_at: at, sent_at: state === 'sent' ? at : null,
    });
    const id = async (row: ReturnType<typeof job>) => (await t.app.deps.db.insertInto('mail_jobs').values(row).returning('id').executeTakeFirstOrThrow()).id;
    const [sent, failed, waiting] = [await id(job('sent.person@example.com', 'sent')), await id(job('failed.person@example.com', 'failed')), await id(job('waiting.person@example.com', 'queued'))];
    const recipients = async () => (await t.app.deps.db.selectFrom('mail_jobs').select(['id', 'recipient']).where('id', 'in', [sent, failed, waiting]).orderBy('id').execute()).map((r) => r.recipient);

    await daysLater(300, () => t.app.retention.runDue());
    expect(await recipients()).toEqual(['sent.person@example.com', 'failed.person@example.com', 'waiting.person@example.com']);
    await daysLater(367, () => t.app.retention.runDue());
    expect(await recipients()).toEqual(['', '', 'waiting.person@example.com']);
  });

  it('erases a guest booking’s contact details a year after the visit, and its name after the legal periods', async () => {
    const id = await book(t.app, { user_name: 'Guest Person', user_email: 'guest.person@example.com', user_phone: '9000000001' });
    const row = () => t.app.deps.db.selectFrom('appointments').select(['user_name', 'user_email', 'user_phone', 'date']).where('id', '=', id).executeTakeFirstOrThrow();
    const { date } = await row();
    const daysToVisit = Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${inIndia(now()).date}T12:00:00Z`)) / DAY);

    await daysLater(daysToVisit + 300, () => t.app.retention.runDue());
    expect(await row()).toMatchObject({ user_name: 'Guest Person', user_email: 'guest.person@example.com' });
    await daysLater(daysToVisit + 367, () => t.app.retention.runDue());
    expect(await row()).toMatchObject({ user_name: 'Guest Person', user_email: '', user_phone: '' });
    await daysLater(daysToVisit + 8 * 366 + 2, () => t.app.retention.runDue());
    expect(await row()).toMatchObject({ user_name: 'Guest', user_email: '' });
  });

  it('erases a closed account’s kept records when each period ends, once, with two runners on one database', async () => {
    const u = await createUser(t.app);
    const a = await book(t.app, {}, u);
    await t.app.inject({ method: 'PATCH', url: `/api/appointments/${a}/cancel/`, headers: bearer(u) });
    await t.app.deps.db
      .insertInto('reports')
      .values({ appointment_id: a, version: 1, status: 'released', verification_code: `W${Date.now()}`, released_by: null, released_at: now().toISOString(), superseded_at: null, amendment_reason: null, snapshot_json: '{}' })
      .execute();
    expect((await send('POST', '/api/users/me/close/', u, { password: u.password })).statusCode).toBe(200);
    expect(await countKept(u.id)).toEqual(['bill', 'report']);

    const other = await makeApp({}, { now, shareDatabaseOf: t });
    try {
      // the report's period (3 years) has ended, the bill's (8) has not
      const ran = await daysLater(3 * 366 + 1, () => Promise.all([t.app.retention.runDue(), other.app.retention.runDue()]));
      expect([...ran[0], ...ran[1]].sort()).toEqual(['closed-account-kept-records', 'closed-account-mail', 'guest-contact-details', 'guest-names', 'old-analyser-messages', 'old-consents', 'old-staff-reads', 'unlinked-mail-recipients']);
      expect(await countKept(u.id)).toEqual(['bill']);
      // the same day again: nothing left to run, in either process
      expect(await daysLater(3 * 366 + 1, () => Promise.all([t.app.retention.runDue(), other.app.retention.runDue()]))).toEqual([[], []]);
      const runs = await t.app.deps.db.selectFrom('retention_runs').selectAll().where('day', '=', inIndia(Date.now() + shift + (3 * 366 + 1) * DAY).date).execute();
      expect(runs.map((r) => [r.task, r.attempts, r.done_at !== null])).toEqual(
        expect.arrayContaining([
          ['guest-contact-details', 1, true],
          ['guest-names', 1, true],
          ['closed-account-kept-records', 1, true],
          ['old-consents', 1, true],
          ['old-staff-reads', 1, true],
          ['old-analyser-messages', 1, true],
          ['unlinked-mail-recipients', 1, true],
        ]),
      );
      await daysLater(8 * 366 + 1, () => other.app.retention.runDue());
      expect(await countKept(u.id)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe("the rights e-mails in the person's language", () => {
  it('answers a grievance in Hindi to a person whose profile chose Hindi', async () => {
    const u = await createUser(t.app, { first_name: 'Meera' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/users/me/', headers: bearer(u), payload: { language: 'hi' } })).statusCode).toBe(200);
    const g = (await send('POST', '/api/users/me/grievances/', u, { subject: 'देर से रिपोर्ट', details: 'एक हफ़्ता लगा।' })).json() as { id: number };
    t.mail.length = 0;
    expect((await send('POST', `/api/staff/privacy/grievances/${g.id}/answer`, desk, { answer: 'हमें खेद है।' })).statusCode).toBe(200);
    const mail = t.mail.find((m) => m.to === u.email);
    expect(mail?.subject).toBe('आपकी शिकायत का जवाब दिया गया है: देर से रिपोर्ट');
    expect(mail?.text).toContain('नमस्ते Meera,');
    expect(mail?.text).toContain('हमें खेद है।');
    expect(mail?.text).toContain('"आपका डेटा"');
    expect(mail?.text).toContain('http://lab.test/UserDashboard');
    expect(mail?.text).toContain('फ़ोन:');
    expect(mail?.text).not.toMatch(/Hello|grievance|dashboard/);
    expect(mail?.html).toContain('<html lang="hi">');
  });

  it('tells of the closure in Hindi when the closing request carries the Hindi cookie, and in English to the rest', async () => {
    const u = await createUser(t.app, { first_name: 'Dev' });
    const labName = (await get('/api/lab/', null)).json().name as string;
    t.mail.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/users/me/close/', headers: { ...bearer(u), cookie: 'lang=hi' }, payload: { password: u.password } });
    expect(res.statusCode).toBe(200);
    const mail = t.mail.find((m) => m.to === u.email);
    expect(mail?.subject).toBe(`आपका ${labName} खाता बंद कर दिया गया है`);
    expect(mail?.text.startsWith('नमस्ते Dev,\n\nआपके कहने पर आपका खाता बंद कर दिया गया है।')).toBe(true);
    expect(mail?.text).toContain('हम आपके बारे में और कुछ नहीं रखते।');
    expect(mail?.text).toContain('इस पते पर यह हमारा आख़िरी ई-मेल है।');
    expect(mail?.html).toContain('<html lang="hi">');

    const english = await createUser(t.app, { first_name: 'Ravi' });
    t.mail.length = 0;
    expect((await send('POST', '/api/users/me/close/', english, { password: english.password })).statusCode).toBe(200);
    const sent = t.mail.find((m) => m.to === english.email);
    expect(sent?.subject).toMatch(/^Your .+ account is closed$/);
    expect(sent?.text).toContain('Hello Ravi,\n\nAs you asked, your account is closed.');
    expect(sent?.text).toContain('We keep nothing else about you.');
    expect(sent?.html).toContain('<html lang="en">');
  });
});
