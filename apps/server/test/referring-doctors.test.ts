// Referring doctors through the API (docs/families-and-doctors.md): the staff's directory (roles, bad input,
// one registration per council), the booking page's picker (names only), a booking naming a doctor with the
// patient's tick, the report printing "Referred by Dr …", the doctor's one-time link and view (only released
// reports of their own referrals whose patients agreed; everything else 404), a typed name matched by staff,
// and the referrals per doctor and month with their CSV.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { privacyNotice } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, makeApp, pdfText, spreadVisit, type TestApp } from './helpers.ts';
import { createStaff } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;
let reception: Account;
let technician: Account;
let pathologist: Account;
let patient: Account;
const testIds: number[] = [];

beforeAll(async () => {
  t = await makeApp();
  [admin, reception, technician, pathologist, patient] = await Promise.all([
    createStaff(t.app),
    createStaff(t.app, 'reception'),
    createStaff(t.app, 'technician', { first_name: 'Tara', last_name: 'Singh' }),
    createStaff(t.app, 'pathologist', { first_name: 'Anil', last_name: 'Sharma' }),
    createUser(t.app),
  ]);
  const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
  testIds.push(list.find((x) => x.name === 'HbA1c (Glycated Haemoglobin)')!.id);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const as = (who: Account | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? bearer(who) : {} });

let seq = 0;
const unique = () => `${Date.now().toString(36)}${seq++}`;
async function addDoctor(overrides: Record<string, unknown> = {}) {
  const res = await as(reception, 'POST', '/api/staff/doctors', { name: 'Dr. Asha Rao', qualification: 'MD (Medicine)', registration_no: `KMC-${unique()}`, council: 'Karnataka Medical Council', clinic: 'Rao Clinic, Jayanagar', email: `asha.${unique()}@clinic.example`, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; email: string | null };
}

let visit = 0;
async function bookWith(extra: Record<string, unknown>, who: Account | null = patient): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/',
    headers: who ? bearer(who) : {},
    payload: { ...spreadVisit(700 + visit++, 2, { morningOnly: true }), user_name: 'Meena Iyer', user_email: 'meena@example.com', user_phone: '9876543210', home_sample: false, tests: testIds, patient_age_years: 45, patient_sex: 'female', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function release(id: string): Promise<void> {
  for (const status of ['approved', 'sample_collected']) expect((await as(admin, 'POST', `/api/staff/appointments/${id}/status`, { status })).statusCode).toBe(200);
  const rows = ((await as(technician, 'GET', `/api/staff/results/${id}`)).json() as { rows: Array<{ parameter_id: number }> }).rows;
  expect((await as(technician, 'PUT', `/api/staff/results/${id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: '5.4' })), final: true })).statusCode).toBe(200);
  expect((await as(pathologist, 'POST', `/api/staff/results/${id}/release`)).statusCode).toBe(200);
}

/** the token of the newest sign-in link mailed to `email` */
function linkTokenTo(email: string): string {
  const mail = [...t.mail].reverse().find((x) => x.to === email);
  const token = /#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, `a sign-in link to ${email}`).toBeTruthy();
  return token!;
}

async function session(token: string): Promise<string> {
  const res = await as(null, 'POST', '/api/doctor/session', { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { session: string }).session;
}
const asDoctor = (sessionToken: string | null, url: string) => t.app.inject({ method: 'GET', url, headers: sessionToken ? { authorization: `Bearer ${sessionToken}` } : {} });

describe('the directory', () => {
  it('is kept by the front desk, refused to the lab roles and patients, and searched by the first letters', async () => {
    const d = await addDoctor({ name: 'Dr. Shalini Verghese' });
    expect(d.name).toBe('Shalini Verghese');
    expect((await as(technician, 'POST', '/api/staff/doctors', { name: 'X Y' })).statusCode).toBe(403);
    expect((await as(patient, 'GET', '/api/staff/doctors')).statusCode).toBe(403);
    const found = (await as(reception, 'GET', '/api/staff/doctors?q=shal')).json() as Array<{ id: number }>;
    expect(found.map((x) => x.id)).toContain(d.id);
    const changed = await as(admin, 'PATCH', `/api/staff/doctors/${d.id}`, { clinic: 'Verghese Nursing Home', phone: '98450 12345' });
    expect(changed.json()).toMatchObject({ clinic: 'Verghese Nursing Home', phone: '9845012345' });
    const audit = await t.app.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'referring_doctor').where('entity_id', '=', String(d.id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses bad input naming the field, and one registration number twice in a council', async () => {
    const base = { name: 'Dr Kiran Shah', qualification: 'MBBS', registration_no: `MMC-${unique()}`, council: 'Maharashtra Medical Council', email: 'kiran@clinic.example' };
    const cases: Array<[object, string]> = [
      [{ ...base, email: null, phone: null }, 'email'],
      [{ ...base, registration_no: 'MMC<script>' }, 'registration_no'],
      [{ ...base, name: 'Kiran\u0000' }, 'name'],
      [{ ...base, qualification: '' }, 'qualification'],
      [{ ...base, phone: '123' }, 'phone'],
      [{ ...base, council: 'x'.repeat(101) }, 'council'],
    ];
    for (const [body, field] of cases) {
      const res = await as(reception, 'POST', '/api/staff/doctors', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await as(reception, 'POST', '/api/staff/doctors', base)).statusCode).toBe(201);
    const twice = await as(reception, 'POST', '/api/staff/doctors', { ...base, registration_no: base.registration_no.toLowerCase() });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json())).toEqual(['registration_no']);
    expect((await as(reception, 'PATCH', '/api/staff/doctors/99999999', { clinic: 'x' })).statusCode).toBe(404);
    expect((await as(reception, 'PATCH', '/api/staff/doctors/99999999999', { clinic: 'x' })).statusCode).toBe(400);
  });

  it('answers the booking page by two letters or more with names only, never a contact', async () => {
    const d = await addDoctor({ name: 'Dr Zoravar Gill', phone: '9812312312' });
    const res = await as(null, 'GET', '/api/doctors/?q=Zor');
    expect(res.json()).toEqual([{ id: d.id, name: 'Zoravar Gill', qualification: 'MD (Medicine)', clinic: 'Rao Clinic, Jayanagar' }]);
    expect((await as(null, 'GET', '/api/doctors/?q=dr%20zor')).json()).toEqual([expect.objectContaining({ id: d.id })]);
    for (const q of ['z', '', '%00zz']) expect((await as(null, 'GET', `/api/doctors/?q=${q}`)).statusCode, q).toBe(400);
  });
});

describe('a booking naming its doctor', () => {
  it('keeps the doctor and the patient’s tick; the tick needs a doctor, and an unknown doctor is refused', async () => {
    const d = await addDoctor();
    const id = await bookWith({ doctor_id: d.id, doctor_consent: true });
    const row = await t.app.deps.db.selectFrom('appointments').select(['doctor_id', 'doctor_name', 'doctor_consent_at', 'doctor_consent_notice']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ doctor_id: d.id, doctor_name: null, doctor_consent_notice: privacyNotice.version });
    expect(row.doctor_consent_at).not.toBeNull();
    const cases: Array<[object, string]> = [
      [{ doctor_consent: true }, 'doctor_name'],
      [{ doctor_id: 99999999 }, 'doctor_id'],
      [{ doctor_id: 2 ** 40 }, 'doctor_id'],
      [{ doctor_name: 'Dr 007' }, 'doctor_name'],
    ];
    for (const [extra, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/appointments/', headers: bearer(patient), payload: { ...spreadVisit(900 + visit++, 2, { morningOnly: true }), user_name: 'Meena Iyer', user_email: 'meena@example.com', user_phone: '9876543210', tests: testIds, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(extra)).toContain(field);
    }
  });
});

describe('the report and the doctor’s view', () => {
  it('prints "Referred by Dr …" and lets the doctor read only consented, released reports of their own referrals', async () => {
    const asha = await addDoctor();
    const other = await addDoctor({ name: 'Dr Vikram Sethi' });
    const shared = await bookWith({ doctor_id: asha.id, doctor_consent: true });
    const notShared = await bookWith({ doctor_id: asha.id });
    const othersPatient = await bookWith({ doctor_id: other.id, doctor_consent: true });
    const notReleased = await bookWith({ doctor_id: asha.id, doctor_consent: true });
    const sent = t.mail.length;
    await release(shared);
    await release(notShared);
    await release(othersPatient);

    // the report names the doctor on its pages
    const pdf = await as(null, 'GET', `/api/reports/${shared}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Referred by Dr Asha Rao');

    // released with the patient's tick: the doctor is sent a sign-in link; without it, nothing
    const toAsha = t.mail.slice(sent).filter((x) => x.to === asha.email);
    expect(toAsha).toHaveLength(1);
    expect(toAsha[0]!.text).not.toContain(shared);
    const token = linkTokenTo(asha.email!);
    const s = await session(token);
    // the link works once
    expect((await as(null, 'POST', '/api/doctor/session', { token })).statusCode).toBe(400);

    const list = (await asDoctor(s, '/api/doctor/reports')).json() as Array<{ appointment_id: string; patient_name: string }>;
    expect(list.map((r) => r.appointment_id)).toEqual([shared]);
    expect(list[0]!.patient_name).toBe('Meena Iyer');
    const own = await asDoctor(s, `/api/doctor/reports/${shared}/pdf`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    for (const id of [notShared, othersPatient, notReleased, 'nonexistent-id', 'x%00']) {
      expect((await asDoctor(s, `/api/doctor/reports/${id}/pdf`)).statusCode, id).toBe(404);
    }
    // no session, an account's token, or a made-up one: 401
    expect((await asDoctor(null, '/api/doctor/reports')).statusCode).toBe(401);
    expect((await as(patient, 'GET', '/api/doctor/reports')).statusCode).toBe(401);
    expect((await asDoctor('a'.repeat(43), '/api/doctor/reports')).statusCode).toBe(401);
  });

  it('sends a new link to a registered address or phone, and answers the same for an unknown one', async () => {
    const d = await addDoctor({ phone: '9000012345' });
    const before = t.mail.length;
    const known = await as(null, 'POST', '/api/doctor/link', { contact: d.email });
    const byPhone = await as(null, 'POST', '/api/doctor/link', { contact: '+91 90000 12345' });
    const unknown = await as(null, 'POST', '/api/doctor/link', { contact: 'nobody@example.com' });
    expect(known.json()).toEqual(unknown.json());
    expect(byPhone.json()).toEqual(unknown.json());
    expect(t.mail.slice(before).map((x) => x.to)).toEqual([d.email, d.email]);
    const s = await session(linkTokenTo(d.email!));
    expect((await asDoctor(s, '/api/doctor/reports')).json()).toEqual([]);
    expect((await as(null, 'POST', '/api/doctor/link', { contact: '' })).statusCode).toBe(400);
  });
});

describe('the doctor’s link by phone', () => {
  /** the WhatsApp and SMS messages sent to `e164`, as the outbox keeps them */
  async function phoneMessages(e164: string): Promise<Array<{ channel: string; kind: string; text: string; buttonUrlSuffix?: string }>> {
    await t.app.mailJobs.runDue();
    const dir = t.app.deps.config.channelOutboxDir;
    const names = await readdir(dir).catch(() => [] as string[]);
    const files = await Promise.all(names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as { to: string; channel: string; kind: string; text: string; buttonUrlSuffix?: string }));
    return files.filter((f) => f.to === e164).sort((a, b) => a.channel.localeCompare(b.channel));
  }

  it('sends a released, consented report’s link by SMS to the registered phone, and by WhatsApp too when the doctor agreed; each link opens once', async () => {
    const phone = `98${String(Date.now()).slice(-8)}`;
    const d = await addDoctor({ name: 'Dr Kiran Bedi', email: null, phone, whatsapp: true });
    expect(d).toMatchObject({ email: null, whatsapp: true });
    const shared = await bookWith({ doctor_id: d.id, doctor_consent: true });
    const notShared = await bookWith({ doctor_id: d.id });
    await release(notShared);
    expect(await phoneMessages(`+91${phone}`)).toEqual([]);
    await release(shared);
    const sent = await phoneMessages(`+91${phone}`);
    expect(sent.map((m) => [m.channel, m.kind])).toEqual([
      ['sms', 'doctor-report'],
      ['whatsapp', 'doctor-report'],
    ]);
    // the SMS carries the link to the doctor's view, its token after the # (never sent to the server by a browser)
    const smsToken = /\/doctor#token=([\w%-]+)/.exec(sent[0]!.text)?.[1];
    expect(smsToken, sent[0]!.text).toBeTruthy();
    expect(sent[0]!.text).not.toContain(shared);
    const waToken = decodeURIComponent(sent[1]!.buttonUrlSuffix!);
    expect(waToken).not.toBe(decodeURIComponent(smsToken!));
    for (const token of [decodeURIComponent(smsToken!), waToken]) {
      const s = await session(token);
      expect(((await asDoctor(s, '/api/doctor/reports')).json() as Array<{ appointment_id: string }>).map((r) => r.appointment_id)).toEqual([shared]);
      expect((await as(null, 'POST', '/api/doctor/session', { token })).statusCode).toBe(400);
    }
    // the delivery log never holds the token
    const logged = await t.app.deps.db.selectFrom('mail_jobs').select(['subject', 'message_json']).where('recipient', '=', `+91${phone}`).execute();
    expect(JSON.stringify(logged)).not.toContain(waToken);
  });

  it('sends the link asked for by phone number to that phone (SMS only without the doctor’s WhatsApp tick)', async () => {
    const phone = `97${String(Date.now()).slice(-8)}`;
    await addDoctor({ name: 'Dr Neha Joshi', phone });
    expect((await as(null, 'POST', '/api/doctor/link', { contact: `+91 ${phone}` })).statusCode).toBe(200);
    const sent = await phoneMessages(`+91${phone}`);
    expect(sent.map((m) => [m.channel, m.kind])).toEqual([['sms', 'doctor-link']]);
    const token = decodeURIComponent(/#token=([\w%-]+)/.exec(sent[0]!.text)![1]!);
    expect(((await asDoctor(await session(token), '/api/doctor/reports')).json() as unknown[])).toEqual([]);
  });
});

describe('typed names and referrals', () => {
  it('keeps a typed name, prints it, lets staff match it, and counts referrals per doctor and month with a CSV', async () => {
    const d = await addDoctor({ name: 'Dr Pooja Nair' });
    const typed = await bookWith({ doctor_name: 'Dr. P. Nair' });
    await release(typed);
    expect(await pdfText((await as(null, 'GET', `/api/reports/${typed}/pdf`)).rawPayload)).toContain('Referred by Dr P. Nair');
    const again = await bookWith({ doctor_id: d.id });
    expect((await as(technician, 'PUT', `/api/staff/referrals/${typed}/doctor`, { doctor_id: d.id })).statusCode).toBe(403);
    expect((await as(reception, 'PUT', `/api/staff/referrals/${typed}/doctor`, { doctor_id: d.id })).json()).toEqual({ appointment_id: typed, doctor_id: d.id });
    expect((await as(reception, 'PUT', '/api/staff/referrals/nope/doctor', { doctor_id: d.id })).statusCode).toBe(404);

    const dates = await t.app.deps.db.selectFrom('appointments').select(['date']).where('id', 'in', [typed, again]).execute();
    const months = [...new Set(dates.map((x) => x.date.slice(0, 7)))];
    const bills = await t.app.deps.db.selectFrom('bills').select(['total_paise']).where('appointment_id', 'in', [typed, again]).execute();
    let count = 0;
    let value = 0;
    for (const month of months) {
      const r = (await as(admin, 'GET', `/api/staff/referrals?month=${month}`)).json() as { rows: Array<{ doctor_id: number | null; count: number; value: number }> };
      const row = r.rows.find((x) => x.doctor_id === d.id);
      count += row?.count ?? 0;
      value += row?.value ?? 0;
    }
    expect(count).toBe(2);
    expect(value).toBeCloseTo(bills.reduce((sum, b) => sum + b.total_paise, 0) / 100, 2);
    const csv = await as(admin, 'GET', `/api/staff/referrals.csv?month=${months[0]}`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('Month,Doctor,Clinic,In directory,Bookings,Value (Rs)');
    expect(csv.body).toContain('Dr Pooja Nair');
    expect((await as(reception, 'GET', `/api/staff/referrals?month=${months[0]}`)).statusCode).toBe(403);
    expect((await as(admin, 'GET', '/api/staff/referrals?month=2026-13')).statusCode).toBe(400);
  });
});
