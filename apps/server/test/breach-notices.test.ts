// The breach register's notices to people who have no address any more (decision 051), on SQLite and,
// with DATABASE_URL, PostgreSQL: a closed account's notice is never queued to its made-up address, nor
// shown as sent; it is marked "no address" and stays open in the register, whether the account was
// closed before the breach was recorded or between recording and sending.
import { inIndia } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;
let reception: Account;

const HOUR = 3_600_000;
const india = (ms: number) => {
  const { date, time } = inIndia(ms);
  return `${date}T${time}`;
};
const post = (url: string, who: Account, payload?: object) => t.app.inject({ method: 'POST', url, headers: bearer(who), ...(payload ? { payload } : {}) });
const get = (url: string, who: Account) => t.app.inject({ method: 'GET', url, headers: bearer(who) });

beforeAll(async () => {
  t = await makeApp();
  admin = await createStaff(t.app, 'admin', { first_name: 'Anil', last_name: 'Admin' });
  reception = await createStaff(t.app, 'reception', { first_name: 'Rekha', last_name: 'Desk' });
});
afterAll(() => t.close());

/** a patient whose booking the reception account read just now; cancelled, so the account may be closed */
async function patientRead(first_name: string): Promise<{ patient: Account; visit: string }> {
  const patient = await createUser(t.app, { first_name, last_name: 'Verma' });
  const visit = await book(t.app, { user_name: `${first_name} Verma`, user_email: patient.email }, patient);
  expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${visit}/cancel/`, headers: bearer(patient) })).statusCode).toBe(200);
  await t.app.deps.db
    .insertInto('personal_data_reads')
    .values({ staff_user_id: reception.id, staff_role: 'reception', patient_user_id: patient.id, appointment_id: visit, kind: 'appointment', subject_id: visit, read_at: new Date().toISOString() })
    .execute();
  return { patient, visit };
}

const close = async (who: Account) => expect((await post('/api/users/me/close/', who, { password: who.password })).statusCode).toBe(200);

const record = async () => {
  const res = await post('/api/staff/breaches', admin, {
    summary: 'The desk computer was left signed in overnight.',
    data_concerned: 'Names and tests booked.',
    measures_taken: 'We signed the account out everywhere.',
    occurred_at: india(Date.now() - 2 * HOUR),
    found_at: india(Date.now() - HOUR),
    account_ids: [reception.id],
    range_from: india(Date.now() - 3 * HOUR),
    range_to: india(Date.now() + HOUR),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; affected: Array<{ user_id: number | null; email: string; no_address: boolean; notice_queued_at: string | null; notice_state: string | null }> };
};

describe('breach notices to people without an address', () => {
  it('marks a closed account "no address", never queues its notice, and keeps it open while the others are sent', async () => {
    const gone = await patientRead('Kiran');
    const closedLater = await patientRead('Lata');
    const stays = await patientRead('Mohan');
    await close(gone.patient);

    const recorded = await record();
    const of = (b: typeof recorded, who: Account) => b.affected.find((a) => a.user_id === who.id)!;
    // its booking no longer names the account (erasure.ts): the one person with no address
    const nowhere = (b: typeof recorded) => b.affected.filter((a) => a.email === '');
    expect(nowhere(recorded)).toEqual([expect.objectContaining({ user_id: null, no_address: true, notice_queued_at: null })]);
    expect(of(recorded, closedLater.patient)).toMatchObject({ email: closedLater.patient.email, no_address: false });

    // closed between recording and sending: its address is a made-up one by now
    await close(closedLater.patient);
      const sent = await post(`/api/staff/breaches/${recorded.id}/notices`, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(t.mail.filter((m) => !/@example\.(com|in)$/.test(m.to))).toEqual([]);

    const detail = (await get(`/api/staff/breaches/${recorded.id}`, admin)).json() as typeof recorded;
    expect(nowhere(detail)).toEqual([expect.objectContaining({ no_address: true, notice_queued_at: null, notice_state: null })]);
    expect(of(detail, closedLater.patient)).toMatchObject({ no_address: true, notice_queued_at: null, notice_state: null });
    expect(of(detail, stays.patient)).toMatchObject({ no_address: false, notice_queued_at: expect.any(String) });
    const jobs = await t.app.deps.db.selectFrom('mail_jobs').select('recipient').where('kind', '=', 'breach-notice').execute();
    expect(jobs.map((j) => j.recipient)).toEqual([stays.patient.email]);

    // the register keeps it open: fewer notices sent than people affected
    const row = ((await get('/api/staff/breaches', admin)).json() as Array<{ id: number; affected_count: number; notices_queued: number }>).find((b) => b.id === recorded.id)!;
    expect([row.notices_queued, row.affected_count]).toEqual([1, 3]);
    // sending again finds only people without an address: said so, nothing queued
    const again = await post(`/api/staff/breaches/${recorded.id}/notices`, admin);
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'The people not yet told have no e-mail address: notify them by other means.' }]);
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'breach').where('entity_id', '=', String(recorded.id)).orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.after_json && JSON.parse(a.after_json).no_address])).toEqual([['create', undefined], ['notices_sent', 2]]);
  });
});
