// A day's home collections for staff (docs/features.md#time-slots-home-collection-areas-and-preparation): the run sheet's data (locality, slot, patient, phone,
// address, tests, preparation, the amount still due), giving a visit to a phlebotomist (audited), who
// may read and who may assign, and bad input named by field.
import { NOT_A_HOME_VISIT, PHLEBOTOMIST_RULE, VISIT_CANCELLED } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, makeApp, openDate, type Account, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let desk: StaffAccount;
let technician: StaffAccount;
let phlebotomist: StaffAccount;
let otherPhlebotomist: StaffAccount;
let pathologist: StaffAccount;
let patient: Account;
let cbc: { id: number; price: number };
let lipid: { id: number; price: number };
const day = openDate(4);

const parts = (pin: string, house: string) => ({ house, street: 'Main Road', locality: 'Near the park', city: 'Jaipur', pin });

async function homeVisit(time: string, pin: string, name: string, tests: number[]): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/',
    payload: { date: day, time, user_name: name, user_email: 'home.visit@example.com', user_phone: '9876501234', tests, home_sample: true, home_address: parts(pin, `House ${name}`) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const as = (who: Account | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/staff${url}`, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

let morning: string;
let noon: string;
let centreVisit: string;

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' });
  desk = await createStaff(t.app, 'reception', { first_name: 'Asha', last_name: 'Rao' });
  technician = await createStaff(t.app, 'technician', { first_name: 'Vikram', last_name: 'Singh' });
  phlebotomist = await createStaff(t.app, 'phlebotomist', { first_name: 'Ravi', last_name: 'Yadav' });
  otherPhlebotomist = await createStaff(t.app, 'phlebotomist', { first_name: 'Pooja', last_name: 'Sharma' });
  pathologist = await createStaff(t.app, 'pathologist', { first_name: 'Neha', last_name: 'Gupta' });
  patient = await createUser(t.app);
  const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; name: string; price: number }[];
  cbc = list.find((x) => x.name === 'Complete Blood Count (CBC)')!;
  lipid = list.find((x) => x.name === 'Lipid Profile')!;
  morning = await homeVisit('09:30', '302017', 'Kavya Menon', [lipid.id, cbc.id]);
  noon = await homeVisit('12:00', '302001', 'Rohan Das', [cbc.id]);
  const centre = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/',
    payload: { date: day, time: '10:00', user_name: 'Centre Visitor', user_email: 'c@example.com', user_phone: '9876501234', tests: [cbc.id], home_sample: false },
  });
  centreVisit = centre.json().id;
});
afterAll(() => t.close());

describe("a day's home collections", () => {
  it('lists each visit with what the run sheet prints, and the phlebotomists a visit can go to', async () => {
    const res = await as(desk, 'GET', `/home-visits?date=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.date).toBe(day);
    expect(body.visits.map((v: { id: string }) => v.id)).toEqual([morning, noon]);
    expect(body.visits[0]).toMatchObject({
      time: '09:30',
      slot_start: '09:30',
      slot_end: '10:00',
      status: 'booked',
      patient_name: 'Kavya Menon',
      phone: '9876501234',
      address: 'House Kavya Menon, Main Road, Near the park, Jaipur 302017',
      pin: '302017',
      locality: 'Malviya Nagar',
      tests: ['Lipid Profile', 'Complete Blood Count (CBC)'],
      preparation: ['Fast for at least 10 hours before the sample (water is fine).', 'Fast 10 to 12 hours: water only, no tea or coffee.', 'The sample must be drawn before 11:00.'],
      amount_due: lipid.price + cbc.price,
      phlebotomist: null,
    });
    expect(body.visits[1]).toMatchObject({ locality: 'MI Road', preparation: [], amount_due: cbc.price });
    // Only phlebotomists: not the desk, a technician, a pathologist or an admin (decision 052).
    expect(body.staff.map((s: { name: string }) => s.name)).toEqual(['Pooja Sharma', 'Ravi Yadav']);
  });

  it('shows what is still due after a part payment at the door, and leaves out a cancelled visit', async () => {
    const bill = await t.app.deps.db.selectFrom('bills').select('id').where('appointment_id', '=', noon).executeTakeFirstOrThrow();
    const part = Math.floor(cbc.price / 2);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/bills/${bill.id}/payments`, headers: bearer(desk), payload: { amount: part, mode: 'cash', place: 'home' } })).statusCode).toBe(200);
    const cancelled = await homeVisit('15:00', '302004', 'Gone Away', [cbc.id]);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/appointments/${cancelled}/status`, headers: bearer(desk), payload: { status: 'cancelled' } })).statusCode).toBe(200);
    const visits = (await as(desk, 'GET', `/home-visits?date=${day}`)).json().visits as { id: string; amount_due: number; payment_status: string }[];
    expect(visits.map((v) => v.id)).toEqual([morning, noon]);
    expect(visits[1]!.amount_due).toBe(cbc.price - part);
    expect(visits.map((v) => v.payment_status)).toEqual(['unpaid', 'partly_paid']);
    expect((await as(desk, 'PUT', `/home-visits/${cancelled}/phlebotomist`, { phlebotomist_id: phlebotomist.id })).json()).toEqual({ error: VISIT_CANCELLED });
  });

  it('gives a visit to a phlebotomist and takes it back, each change audited', async () => {
    const given = await as(desk, 'PUT', `/home-visits/${morning}/phlebotomist`, { phlebotomist_id: phlebotomist.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ id: morning, phlebotomist: { id: phlebotomist.id, name: 'Ravi Yadav' } });
    const listed = (await as(technician, 'GET', `/home-visits?date=${day}`)).json().visits;
    expect(listed[0].phlebotomist).toEqual({ id: phlebotomist.id, name: 'Ravi Yadav' });
    expect(listed[1].phlebotomist).toBeNull();
    expect((await as(desk, 'PUT', `/home-visits/${morning}/phlebotomist`, { phlebotomist_id: otherPhlebotomist.id })).json().phlebotomist).toEqual({ id: otherPhlebotomist.id, name: 'Pooja Sharma' });
    expect((await as(desk, 'PUT', `/home-visits/${morning}/phlebotomist`, { phlebotomist_id: null })).json().phlebotomist).toBeNull();
    const audit = await t.app.deps.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'after_json'])
      .where('entity', '=', 'appointment')
      .where('entity_id', '=', morning)
      .where('action', '=', 'assign_phlebotomist')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.actor_user_id, JSON.parse(a.after_json!).phlebotomist_id])).toEqual([
      [desk.id, phlebotomist.id],
      [desk.id, otherPhlebotomist.id],
      [desk.id, null],
    ]);
  });
});

describe('who sees and who assigns', () => {
  it('gives a visit to a phlebotomist only: any other staff member is refused by field', async () => {
    const admin = await createStaff(t.app, 'admin', { first_name: 'Kiran', last_name: 'Bose' });
    for (const other of [desk, technician, pathologist, admin]) {
      const res = await as(desk, 'PUT', `/home-visits/${noon}/phlebotomist`, { phlebotomist_id: other.id });
      expect(res.statusCode, other.username).toBe(400);
      expect(res.json()).toEqual({ phlebotomist_id: [PHLEBOTOMIST_RULE] });
    }
    const { phlebotomist_id } = await t.app.deps.db.selectFrom('appointments').select('phlebotomist_id').where('id', '=', noon).executeTakeFirstOrThrow();
    expect(phlebotomist_id).toBeNull();
  });

  it('a phlebotomist reads the visits given to them and marks a sample collected, and does nothing else', async () => {
    expect((await as(desk, 'PUT', `/home-visits/${noon}/phlebotomist`, { phlebotomist_id: phlebotomist.id })).statusCode).toBe(200);
    const own = await as(phlebotomist, 'GET', `/home-visits?date=${day}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().visits.map((v: { id: string }) => v.id)).toEqual([noon]);
    expect((await as(otherPhlebotomist, 'GET', `/home-visits?date=${day}`)).json().visits).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/appointments/${noon}/status`, headers: bearer(desk), payload: { status: 'approved' } })).statusCode).toBe(200);
    const collected = await t.app.inject({ method: 'POST', url: `/api/staff/appointments/${noon}/status`, headers: bearer(phlebotomist), payload: { status: 'sample_collected' } });
    expect(collected.statusCode, collected.body).toBe(200);
    expect((await as(phlebotomist, 'PUT', `/home-visits/${noon}/phlebotomist`, { phlebotomist_id: phlebotomist.id })).statusCode).toBe(403);
    expect((await as(phlebotomist, 'GET', '/results')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/tests', headers: bearer(phlebotomist) })).statusCode).toBe(403);
  });

  it('reception, technicians and admins read the day; only the front desk assigns', async () => {
    const admin = await createStaff(t.app, 'admin', { first_name: 'Sunil', last_name: 'Jain' });
    expect((await as(admin, 'GET', `/home-visits?date=${day}`)).statusCode).toBe(200);
    expect((await as(admin, 'PUT', `/home-visits/${morning}/phlebotomist`, { phlebotomist_id: phlebotomist.id })).statusCode).toBe(200);
    expect((await as(technician, 'PUT', `/home-visits/${morning}/phlebotomist`, { phlebotomist_id: phlebotomist.id })).statusCode).toBe(403);
    expect((await as(pathologist, 'GET', `/home-visits?date=${day}`)).statusCode).toBe(403);
    expect((await as(patient, 'GET', `/home-visits?date=${day}`)).statusCode).toBe(403);
    expect((await as(patient, 'PUT', `/home-visits/${noon}/phlebotomist`, { phlebotomist_id: patient.id })).statusCode).toBe(403);
    expect((await as(null, 'GET', `/home-visits?date=${day}`)).statusCode).toBe(401);
  });
});

describe('bad input is named, never a 500', () => {
  it('refuses a bad date', async () => {
    for (const date of ['', '2026-13-01', 'tomorrow', '2026-02-30', '2026-01-01%00']) {
      const res = await as(desk, 'GET', `/home-visits?date=${date}`);
      expect(res.statusCode, date).toBe(400);
      expect(res.json(), date).toHaveProperty('date');
    }
    expect((await as(desk, 'GET', '/home-visits')).json()).toHaveProperty('date');
  });

  it('refuses anyone but an active staff member, and ids out of range', async () => {
    for (const phlebotomist_id of [patient.id, 2_147_483_647, 2_147_483_648, 0, -1, 1.5, '7', 'x\u0000']) {
      const res = await as(desk, 'PUT', `/home-visits/${noon}/phlebotomist`, { phlebotomist_id });
      expect(res.statusCode, String(phlebotomist_id)).toBe(400);
      expect(res.json(), String(phlebotomist_id)).toEqual({ phlebotomist_id: [PHLEBOTOMIST_RULE] });
    }
    expect((await as(desk, 'PUT', `/home-visits/${noon}/phlebotomist`, {})).json()).toHaveProperty('phlebotomist_id');
  });

  it('answers 404 for a visit to the centre, an unknown id or odd bytes in the path', async () => {
    for (const id of [centreVisit, 'AAAAAAAAAAAAAAAA', '%00', 'a'.repeat(40)]) {
      const res = await as(desk, 'PUT', `/home-visits/${id}/phlebotomist`, { phlebotomist_id: phlebotomist.id });
      expect(res.statusCode, id).toBe(404);
    }
    expect((await as(desk, 'PUT', `/home-visits/${centreVisit}/phlebotomist`, { phlebotomist_id: phlebotomist.id })).json()).toEqual({ error: NOT_A_HOME_VISIT });
  });
});
