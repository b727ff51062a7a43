// The DPDP security safeguards over HTTP (decision 033): staff reads of patients' data are logged (appointment
// list, results worksheet, e-mail log, inbox), the patient sees role and time but never a name, the
// admin's read log (filters, keyset pages) and the breach register (affected people from the read log
// and the audit trail, 72-hour deadline, notices as e-mail jobs, report marked sent), admins only;
// the read log's retention minimum.
import { inIndia } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { accessLogForExport, purgeOldReads, ReadLog } from '../src/modules/privacy/access-log.ts';
import { type Account, bearer, createUser, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;
let reception: Account;
let technician: Account;
let patient: Account;
let other: Account;
let patientVisit: string;
let guestVisit: string;
let otherVisit: string;
let messageId: number;

/** an instant as a date-time field in India time (YYYY-MM-DDTHH:MM) */
const india = (ms: number) => {
  const { date, time } = inIndia(ms);
  return `${date}T${time}`;
};
const HOUR = 3_600_000;

const get = (url: string, who: Account) => t.app.inject({ method: 'GET', url, headers: bearer(who) });
const post = (url: string, who: Account, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(who),
    ...(payload ? { payload } : {}),
  });

const breachBody = (accountIds: number[], overrides: Record<string, unknown> = {}) => ({
  summary: 'A reception laptop with the console open was stolen from the front desk.',
  data_concerned: 'Names, phone numbers, e-mail addresses and tests booked.',
  measures_taken: 'We signed the account out everywhere, reset its password and second factor.',
  occurred_at: india(Date.now() - 2 * HOUR),
  found_at: india(Date.now() - HOUR),
  account_ids: accountIds,
  range_from: india(Date.now() - 3 * HOUR),
  range_to: india(Date.now() + HOUR),
  ...overrides,
});

beforeAll(async () => {
  t = await makeApp();
  [admin, reception, technician] = [
    await createStaff(t.app, 'admin', {
      first_name: 'Anil',
      last_name: 'Admin',
    }),
    await createStaff(t.app, 'reception', {
      first_name: 'Rekha',
      last_name: 'Desk',
    }),
    await createStaff(t.app, 'technician', {
      first_name: 'Tarun',
      last_name: 'Bench',
    }),
  ];
  [patient, other] = await Promise.all([createUser(t.app, { first_name: 'Priya', last_name: 'Sharma' }), createUser(t.app, { first_name: 'Omar', last_name: 'Khan' })]);
  patientVisit = await book(t.app, { user_name: 'Priya Sharma', user_email: patient.email }, patient);
  otherVisit = await book(t.app, { user_name: 'Omar Khan', user_email: other.email }, other);
  guestVisit = await book(t.app, {
    user_name: 'Gita Guest',
    user_email: 'gita.guest@example.com',
  });
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/contact/',
    remoteAddress: '10.9.9.9',
    payload: {
      name: 'Meena Rao',
      email: 'meena@example.com',
      phone: '9876543210',
      message: 'Please call me about my report.',
    },
  });
  expect(sent.statusCode).toBe(201);
  messageId = sent.json().id;
});
afterAll(() => t.close());

/** the rows of the read log, once this process's buffered entries are written (decision 039) */
const readsOf = async (where: { staff?: number; kind?: string }) => {
  await t.app.deps.readLog.flush();
  let q = t.app.deps.db.selectFrom('personal_data_reads').selectAll();
  if (where.staff !== undefined) q = q.where('staff_user_id', '=', where.staff);
  if (where.kind) q = q.where('kind', '=', where.kind);
  return q.orderBy('id').execute();
};

describe('staff reads are logged', () => {
  it('the appointment queue writes one row per appointment shown, with the reader, role and patient', async () => {
    const res = await get('/api/staff/appointments?limit=100', reception);
    expect(res.statusCode).toBe(200);
    const shown: { id: string; user_id: number | null }[] = res.json().items;
    const rows = await readsOf({ staff: reception.id, kind: 'appointment' });
    expect(rows.map((r) => r.appointment_id).sort()).toEqual(shown.map((a) => a.id).sort());
    const mine = rows.find((r) => r.appointment_id === patientVisit)!;
    expect(mine).toMatchObject({
      staff_role: 'reception',
      patient_user_id: patient.id,
      subject_id: patientVisit,
    });
    expect(rows.find((r) => r.appointment_id === guestVisit)!.patient_user_id).toBeNull();
  });

  it('a results worksheet and an e-mail log are logged as what they are', async () => {
    expect((await get(`/api/staff/results/${patientVisit}`, technician)).statusCode).toBe(200);
    expect((await get(`/api/staff/appointments/${patientVisit}/mail`, technician)).statusCode).toBe(200);
    const rows = await readsOf({ staff: technician.id });
    expect(rows.map((r) => [r.kind, r.appointment_id, r.patient_user_id, r.staff_role])).toEqual([
      ['results', patientVisit, patient.id, 'technician'],
      ['mail_log', patientVisit, patient.id, 'technician'],
    ]);
  });

  it('the inbox logs each message shown', async () => {
    expect((await get('/api/staff/contact-messages', reception)).statusCode).toBe(200);
    const rows = await readsOf({
      staff: reception.id,
      kind: 'contact_message',
    });
    expect(rows.map((r) => r.subject_id)).toContain(String(messageId));
  });

  it('a bill at the payment desk is logged as its appointment\'s bill', async () => {
    const bill = await t.app.deps.db.selectFrom('bills').select('id').where('appointment_id', '=', guestVisit).executeTakeFirstOrThrow();
    expect((await get(`/api/staff/bills/${bill.id}`, reception)).statusCode).toBe(200);
    const rows = await readsOf({ staff: reception.id, kind: 'bill' });
    expect(rows.map((r) => [r.appointment_id, r.subject_id, r.patient_user_id])).toEqual([[guestVisit, guestVisit, null]]);
  });

  it('a refused read logs nothing', async () => {
    const before = (await readsOf({})).length;
    expect((await get(`/api/staff/results/${patientVisit}`, admin)).statusCode).toBe(403);
    expect((await get(`/api/staff/results/nosuchappointment0`, technician)).statusCode).toBe(404);
    expect((await readsOf({})).length).toBe(before);
  });
});

describe('GET /api/users/me/access-log/: who looked', () => {
  it('shows the patient each look by role and time, never the staff member, newest first', async () => {
    const res = await get('/api/users/me/access-log/', patient);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.items.map((i: { role: string; kind: string }) => `${i.role} ${i.kind}`)).toEqual(['technician mail_log', 'technician results', 'reception appointment']);
    const reference = (await t.app.deps.db.selectFrom('appointments').select('reference').where('id', '=', patientVisit).executeTakeFirstOrThrow()).reference;
    expect(body.items[0]).toEqual({
      at: expect.any(String),
      role: 'technician',
      kind: 'mail_log',
      appointment_reference: reference,
    });
    for (const name of ['Rekha', 'Desk', 'Tarun', 'Bench', reception.username, technician.username]) expect(res.body).not.toContain(name);
    expect(body.next_cursor).toBeNull();
  });

  it("pages by cursor, and shows nobody else's reads", async () => {
    const first = (await get('/api/users/me/access-log/?limit=2', patient)).json();
    expect(first.items).toHaveLength(2);
    const second = (await get(`/api/users/me/access-log/?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`, patient)).json();
    expect(second.items.map((i: { kind: string }) => i.kind)).toEqual(['appointment']);
    expect(second.next_cursor).toBeNull();
    const others = (await get('/api/users/me/access-log/', other)).json();
    expect(others.items.map((i: { kind: string }) => i.kind)).toEqual(['appointment']);
  });

  it('refuses a visitor and a bad cursor or limit with the field named', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/access-log/' })).statusCode).toBe(401);
    for (const q of ['cursor=abc', 'cursor=2026-01-01T00:00:00.000Z~99999999999', 'cursor=%00', 'limit=0', 'limit=99999999999']) {
      const res = await get(`/api/users/me/access-log/?${q}`, patient);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json()), q).toEqual([q.split('=')[0]]);
    }
  });

  it('accessLogForExport gives the same reads for the data download, without names', async () => {
    const rows = await accessLogForExport(t.app.deps.db, patient.id);
    expect(rows.map((r) => `${r.role} ${r.what}`)).toEqual(['technician mail_log', 'technician results', 'reception appointment']);
    expect(JSON.stringify(rows)).not.toContain('Rekha');
  });

  it('the patient\'s data download (GET /api/users/me/export/) carries the same reads as access_log', async () => {
    const res = await get('/api/users/me/export/', patient);
    expect(res.statusCode).toBe(200);
    const log = (res.json() as { access_log: { role: string; what: string }[] }).access_log;
    expect(log.map((r) => `${r.role} ${r.what}`)).toEqual(['technician mail_log', 'technician results', 'reception appointment']);
    expect(res.body).not.toContain('Rekha');
  });
});

describe('GET /api/staff/access-log: the read log for admins', () => {
  it('filters by staff member, patient and dates, and pages by keyset', async () => {
    const byTech = (await get(`/api/staff/access-log?staff_user_id=${technician.id}`, admin)).json();
    expect(byTech.items.map((i: { kind: string }) => i.kind)).toEqual(['mail_log', 'results']);
    expect(byTech.items[0]).toMatchObject({
      staff_name: 'Tarun Bench',
      staff_role: 'technician',
      patient_user_id: patient.id,
      patient_name: 'Priya Sharma',
      appointment_id: patientVisit,
    });

    const byPatient = (await get(`/api/staff/access-log?patient_email=${encodeURIComponent(patient.email.toUpperCase())}`, admin)).json();
    expect(byPatient.items).toHaveLength(3);
    const message = (await get(`/api/staff/access-log?staff_user_id=${reception.id}&limit=100`, admin))
      .json()
      .items.find((i: { kind: string }) => i.kind === 'contact_message');
    expect(message).toMatchObject({
      patient_name: 'Meena Rao',
      patient_email: 'meena@example.com',
      subject_id: String(messageId),
    });

    const today = inIndia().date;
    expect((await get(`/api/staff/access-log?from=${today}&to=${today}&patient_email=${encodeURIComponent(patient.email)}`, admin)).json().items).toHaveLength(3);
    expect((await get(`/api/staff/access-log?from=2020-01-01&to=2020-01-31`, admin)).json().items).toEqual([]);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: number }[]; next_cursor: string | null } = (
        await get(`/api/staff/access-log?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, admin)
      ).json();
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.length).toBe((await readsOf({})).length);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('is for admins only, and refuses bad filters with the field named', async () => {
    for (const who of [reception, technician]) expect((await get('/api/staff/access-log', who)).statusCode).toBe(403);
    for (const [q, field] of [
      ['staff_user_id=99999999999', 'staff_user_id'],
      ['patient_email=no', 'patient_email'],
      ['from=2026-02-30', 'from'],
      ['from=2026-02-02&to=2026-02-01', 'to'],
      ['cursor=x', 'cursor'],
    ]) {
      const res = await get(`/api/staff/access-log?${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toHaveProperty(field!);
    }
  });
});

describe('the breach register', () => {
  it('lists the people the accounts read or changed in the range, drafts the notice and the report, with the 72-hour deadline', async () => {
    // the technician changes one more appointment (audit trail); its answer shows the appointment
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/staff/appointments/${otherVisit}/status`,
      headers: bearer(technician),
      payload: { status: 'approved' },
    });
    expect(changed.statusCode).toBe(200);
    const body = breachBody([technician.id]);
    const res = await post('/api/staff/breaches', admin, body);
    expect(res.statusCode, res.body).toBe(201);
    const breach = res.json();
    expect(breach.affected.map((a: { name: string; email: string; user_id: number | null; kinds: string[] }) => [a.name, a.email, a.user_id, a.kinds])).toEqual([
      // the status change's answer showed the appointment, so it is a read as well (decision 048)
      ['Omar Khan', other.email, other.id, ['appointment', 'changed']],
      ['Priya Sharma', patient.email, patient.id, ['mail_log', 'results']],
    ]);
    expect(breach.accounts).toEqual([{ id: technician.id, name: 'Tarun Bench', role: 'technician' }]);
    expect(Date.parse(breach.board_report_due_at) - Date.parse(breach.found_at)).toBe(72 * HOUR);
    expect(breach.overdue).toBe(false);
    expect(breach.board_report_sent_at).toBeNull();
    expect(breach.notice_draft.text).toContain(body.summary);
    expect(breach.notice_draft.text).toContain(body.measures_taken);
    expect(breach.board_report_draft).toContain('Data principals affected: 2 (2 with an account, 0 guests or enquirers)');
    expect(breach.board_report_draft).toContain('Tarun Bench (technician)');
    const audit = await t.app.deps.db.selectFrom('audit_log').selectAll().where('entity', '=', 'breach').where('entity_id', '=', String(breach.id)).execute();
    expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([['create', admin.id]]);
  });

  it('finds guests and enquirers from the reception account, and leaves out reads outside the range', async () => {
    const breach = (await post('/api/staff/breaches', admin, breachBody([reception.id]))).json();
    const emails = breach.affected.map((a: { email: string }) => a.email);
    expect(emails).toEqual(expect.arrayContaining([patient.email, other.email, 'gita.guest@example.com', 'meena@example.com']));
    expect(breach.affected.find((a: { email: string }) => a.email === 'meena@example.com').kinds).toEqual(['contact_message']);
    const earlier = (
      await post(
        '/api/staff/breaches',
        admin,
        breachBody([reception.id], {
          range_from: india(Date.now() - 48 * HOUR),
          range_to: india(Date.now() - 24 * HOUR),
          occurred_at: india(Date.now() - 48 * HOUR),
        }),
      )
    ).json();
    expect(earlier.affected).toEqual([]);
    // a range "until 14:05" (a date-time field holds minutes) takes in a read at 14:05:30
    const at = Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000 + 30_000;
    await t.app.deps.db
      .insertInto('personal_data_reads')
      .values({ staff_user_id: admin.id, staff_role: 'admin', patient_user_id: patient.id, appointment_id: patientVisit, kind: 'appointment', subject_id: patientVisit, read_at: new Date(at).toISOString() })
      .execute();
    const uptoThatMinute = (await post('/api/staff/breaches', admin, breachBody([admin.id], { range_from: india(at - 5 * 60_000), range_to: india(at) }))).json();
    expect(uptoThatMinute.affected.map((a: { email: string }) => a.email)).toEqual([patient.email]);
  });

  it('queues each notice once as an e-mail and records when it went; the report is marked sent once', async () => {
    const created = (
      await post(
        '/api/staff/breaches',
        admin,
        breachBody([technician.id], {
          found_at: india(Date.now() - 80 * HOUR),
          occurred_at: india(Date.now() - 90 * HOUR),
        }),
      )
    ).json();
    expect(created.overdue).toBe(true);
    const sent = await post(`/api/staff/breaches/${created.id}/notices`, admin);
    expect(sent.statusCode).toBe(200);
    const notice = t.mail.find((m) => m.to === patient.email && m.subject.includes('personal data breach'));
    expect(notice?.text).toContain('Dear Priya Sharma,');
    expect(notice?.text).toContain('Of yours, it concerned: e-mails sent to you, test results.');
    const after = (await get(`/api/staff/breaches/${created.id}`, admin)).json();
    for (const a of after.affected)
      expect(a).toMatchObject({
        notice_queued_at: expect.any(String),
        notice_state: 'sent',
        notice_sent_at: expect.any(String),
      });
    expect((await post(`/api/staff/breaches/${created.id}/notices`, admin)).statusCode).toBe(409);

    const reported = await post(`/api/staff/breaches/${created.id}/board-report`, admin);
    expect(reported.statusCode).toBe(200);
    expect(reported.json()).toMatchObject({
      board_report_sent_at: expect.any(String),
      overdue: false,
    });
    expect((await post(`/api/staff/breaches/${created.id}/board-report`, admin)).statusCode).toBe(409);
    const audit = await t.app.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'breach')
      .where('entity_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'notices_sent', 'board_report_sent']);

    const list = (await get('/api/staff/breaches', admin)).json();
    expect(list.find((b: { id: number }) => b.id === created.id)).toMatchObject({ affected_count: 2, notices_queued: 2, overdue: false });
  });

  it('writes the notice in Hindi to a person whose account chose Hindi, what staff wrote as they wrote it', async () => {
    await t.app.deps.db.updateTable('users').set({ language: 'hi' }).where('id', '=', patient.id).execute();
    try {
      const created = (await post('/api/staff/breaches', admin, breachBody([technician.id]))).json();
      t.mail.length = 0;
      expect((await post(`/api/staff/breaches/${created.id}/notices`, admin)).statusCode).toBe(200);
      const notice = t.mail.find((m) => m.to === patient.email);
      expect(notice?.subject).toMatch(/में निजी डेटा का उल्लंघन, जो आपसे जुड़ा है$/);
      expect(notice?.text).toContain('प्रिय Priya Sharma,');
      expect(notice?.text).toContain('आपका इनसे जुड़ा था: आपको भेजे गए ई-मेल, जाँच के नतीजे।');
      expect(notice?.text).toContain(`क्या हुआ: ${created.summary}`);
      // whom to ask: the grievance officer as written in Hindi (the lab's details, migration 045)
      expect(notice?.text).toContain('शिकायत अधिकारी, Lab Centre Diagnostics, grievance@labcentrediagnostics.in');
      expect(notice?.text).not.toContain('Grievance Officer');
      // the other person affected keeps the English notice
      expect(t.mail.filter((m) => m.to !== patient.email).every((m) => m.subject.startsWith('A personal data breach at'))).toBe(true);
      expect(t.mail.find((m) => m.to !== patient.email)?.text).toContain('Grievance Officer, Lab Centre Diagnostics, grievance@labcentrediagnostics.in');
    } finally {
      await t.app.deps.db.updateTable('users').set({ language: null }).where('id', '=', patient.id).execute();
    }
  });

  it('writes the notice in Hindi to a guest who booked in Hindi, and in English to an enquirer', async () => {
    const db = t.app.deps.db;
    await db.updateTable('appointments').set({ language: 'hi' }).where('user_email', '=', 'gita.guest@example.com').execute();
    try {
      const created = (await post('/api/staff/breaches', admin, breachBody([reception.id]))).json();
      t.mail.length = 0;
      expect((await post(`/api/staff/breaches/${created.id}/notices`, admin)).statusCode).toBe(200);
      const guest = t.mail.find((m) => m.to === 'gita.guest@example.com');
      expect(guest?.subject).toMatch(/में निजी डेटा का उल्लंघन, जो आपसे जुड़ा है$/);
      expect(guest?.text).toContain(`क्या हुआ: ${created.summary}`);
      expect(t.mail.find((m) => m.to === 'meena@example.com')?.subject).toMatch(/^A personal data breach at/);
      expect(t.mail.find((m) => m.to === patient.email)?.subject).toMatch(/^A personal data breach at/);
    } finally {
      await db.updateTable('appointments').set({ language: 'en' }).where('user_email', '=', 'gita.guest@example.com').execute();
    }
  });

  it('is for admins only', async () => {
    for (const who of [reception, technician]) {
      expect((await get('/api/staff/breaches', who)).statusCode).toBe(403);
      expect((await post('/api/staff/breaches', who, breachBody([technician.id]))).statusCode).toBe(403);
    }
    expect((await get('/api/staff/breaches/1', patient)).statusCode).toBe(403);
  });

  it('refuses bad input with the field named, never a 500 (NUL bytes, ids past 32 bits, times)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ summary: 'bad\u0000byte' }, 'summary'],
      [{ summary: '' }, 'summary'],
      [{ account_ids: [99999999999] }, 'account_ids.0'],
      [{ account_ids: [] }, 'account_ids'],
      [{ account_ids: [2_147_483_646] }, 'account_ids'],
      [
        {
          found_at: india(Date.now() + 3 * HOUR),
          occurred_at: india(Date.now()),
        },
        'found_at',
      ],
      [{ occurred_at: india(Date.now()), found_at: india(Date.now() - HOUR) }, 'found_at'],
      [{ range_from: india(Date.now()), range_to: india(Date.now() - HOUR) }, 'range_to'],
      [{ found_at: '2026-02-30T10:00' }, 'found_at'],
    ];
    for (const [overrides, field] of cases) {
      const res = await post('/api/staff/breaches', admin, breachBody([technician.id], overrides));
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toHaveProperty(field);
    }
    expect((await get('/api/staff/breaches/99999999999', admin)).statusCode).toBe(400);
    expect((await get('/api/staff/breaches/2147483647', admin)).statusCode).toBe(404);
  });
});

describe('retention of the read log', () => {
  it('refuses a configured period under a year', () => {
    expect(() =>
      loadConfig({
        READ_LOG_RETENTION_DAYS: '364',
        JWT_SECRET: 'x'.repeat(32),
      }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        READ_LOG_RETENTION_DAYS: '364',
        JWT_SECRET: 'x'.repeat(32),
      }),
    ).toThrow(/READ_LOG_RETENTION_DAYS: must be at least 365/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).readLogRetentionDays).toBe(365);
    expect(loadConfig({ READ_LOG_RETENTION_DAYS: '730', JWT_SECRET: 'x'.repeat(32) }).readLogRetentionDays).toBe(730);
  });

  it('purges only reads older than the period', async () => {
    const { db } = t.app.deps;
    const old = new Date(Date.now() - 400 * 24 * HOUR).toISOString();
    await db
      .insertInto('personal_data_reads')
      .values({
        staff_user_id: reception.id,
        staff_role: 'reception',
        patient_user_id: patient.id,
        appointment_id: patientVisit,
        kind: 'appointment',
        subject_id: patientVisit,
        read_at: old,
      })
      .execute();
    const before = (await readsOf({})).length;
    await expect(purgeOldReads(db, new Date(), 100)).rejects.toThrow();
    expect(await purgeOldReads(db, new Date(), 365)).toBe(1);
    expect((await readsOf({})).length).toBe(before - 1);
    expect(await purgeOldReads(db, new Date(), 365)).toBe(0);
  });
});

describe('the read log written together, off the request (decision 039)', () => {
  it('an admin sees a page read at once, with nothing written by hand', async () => {
    const visit = await book(t.app, { user_name: 'Kavya Pillai', user_email: 'kavya.pillai@example.com' });
    const shown = await get(`/api/staff/appointments?q=${encodeURIComponent('kavya.pillai@example.com')}`, reception);
    expect(shown.json().items.map((a: { id: string }) => a.id)).toEqual([visit]);
    const log = (await get(`/api/staff/access-log?staff_user_id=${reception.id}&limit=5`, admin)).json();
    expect(log.items[0]).toMatchObject({ appointment_id: visit, staff_role: 'reception', kind: 'appointment', patient_name: 'Kavya Pillai' });
  });

  it('keeps entries until written, and a clean shutdown (close) writes every one', async () => {
    const { db, dialect } = t.app.deps;
    const failures: unknown[] = [];
    const log = new ReadLog(db, dialect, (err) => failures.push(err), 3_600_000);
    const at = new Date('2026-03-01T10:00:00.000Z');
    log.appointments({ userId: technician.id, role: 'technician' }, at, 'report', [otherVisit, otherVisit, 'no-such-visit']);
    log.messages({ userId: technician.id, role: 'technician' }, at, [messageId]);
    const written = () => db.selectFrom('personal_data_reads').select(['kind', 'appointment_id', 'patient_user_id', 'subject_id']).where('read_at', '=', at.toISOString()).orderBy('id').execute();
    expect(await written()).toEqual([]);
    await log.close();
    expect(await written()).toEqual([
      { kind: 'report', appointment_id: otherVisit, patient_user_id: other.id, subject_id: otherVisit },
      { kind: 'contact_message', appointment_id: null, patient_user_id: null, subject_id: String(messageId) },
    ]);
    expect(failures).toEqual([]);
    await db.deleteFrom('personal_data_reads').where('read_at', '=', at.toISOString()).execute();
  });
});
