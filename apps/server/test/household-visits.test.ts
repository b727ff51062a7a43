// One home visit for several people of a household (docs/families-and-doctors.md, decision 068): the holder
// books themselves and their family members at one visit, each with their own tests, bill and report, and
// the visit holds one seat, claimed atomically; cancelling one person keeps the seat for the others, the last
// one gives it back; a reschedule moves the whole visit. Bad input is a 400 naming the field.
import { privacyNotice } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, makeApp, type TestApp } from './helpers.ts';
import { createStaff, releaseWith } from './staff-helpers.ts';

// The rules' clock: Monday 17 June 2030, 10:10 in India; the demo lab has 4 home collections per slot.
const NOW = new Date('2030-06-17T04:40:00Z');
const TUESDAY = '2030-06-18';
const WEDNESDAY = '2030-06-19';
const HOME_SEATS = 4;

let t: TestApp;
let staff: { admin: Account; technician: Account; pathologist: Account };
let tests: number[];
/** a test with values to enter, so its report can be released */
let hba1c: number;
let addressCounter = 0;

beforeAll(async () => {
  t = await makeApp({}, { now: () => NOW });
  const [admin, technician, pathologist] = await Promise.all([
    createStaff(t.app),
    createStaff(t.app, 'technician', { first_name: 'Tara', last_name: 'Singh' }),
    createStaff(t.app, 'pathologist', { first_name: 'Anil', last_name: 'Sharma' }),
  ]);
  staff = { admin, technician, pathologist };
  const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
  hba1c = list.find((x) => x.name.startsWith('HbA1c'))!.id;
  tests = list.map((x) => x.id).filter((id) => id !== hba1c);
});
afterAll(() => t.close());

/** each request from an address of its own: the per-address booking limit is not what these tests test */
const nextAddress = () => `10.55.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
const as = (who: Account | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: nextAddress(), headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

const mother = { name: 'Sunita Devi', relation: 'parent', date_of_birth: '1958-03-04', sex: 'female', phone: '9812345678', consent: { notice_version: privacyNotice.version, member_agreed: true } };
const son = { name: 'Aarav Kumar', relation: 'child', age_years: 9, sex: 'male', consent: { notice_version: privacyNotice.version, guardian_relation: 'father' } };

async function addMember(holder: Account, body: object): Promise<number> {
  const res = await as(holder, 'POST', '/api/users/me/members/', body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** a home visit at `time` on `date`: the holder's own tests, then `household` */
const homeVisit = (household: object[], visit: { date?: string; time?: string } = {}) => ({
  date: visit.date ?? TUESDAY,
  time: visit.time ?? '09:00',
  user_name: 'Ravi Kumar',
  user_email: 'ravi@example.com',
  user_phone: '9876543210',
  home_sample: true,
  address: '12 MI Road, Jaipur 302001',
  tests: [hba1c],
  patient_age_years: 40,
  patient_sex: 'male',
  household,
});

const seatsLeft = async (date: string, start: string) =>
  ((await t.app.inject({ method: 'GET', url: `/api/slots/?date=${date}&home_sample=true` })).json() as { slots: Array<{ start: string; seats_left: number }> }).slots.find((s) => s.start === start)?.seats_left;

const stored = (ids: string[]) =>
  t.app.deps.db
    .selectFrom('appointments')
    .innerJoin('bills', 'bills.appointment_id', 'appointments.id')
    .select(['appointments.id', 'user_name', 'member_id', 'visit_id', 'status', 'date', 'time', 'patient_sex', 'invoice_no', 'total_paise'])
    .where('appointments.id', 'in', ids)
    .execute();

interface Created { id: string; household: Array<{ id: string; reference: string; member_id: number | null; total_price: number }> }

describe('one home visit for several people', () => {
  it('books the holder, a parent and a child with their own tests and bills under one seat; each gets their own report', async () => {
    const holder = await createUser(t.app);
    const mum = await addMember(holder, mother);
    const boy = await addMember(holder, son);
    const before = await seatsLeft(TUESDAY, '10:00');
    const res = await as(holder, 'POST', '/api/appointments/', homeVisit([{ member_id: mum, tests: [hba1c, tests[2]] }, { member_id: boy, tests: [tests[3]] }], { time: '10:00' }));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Created;
    expect(made.household.map((p) => p.member_id)).toEqual([null, mum, boy]);
    expect(made.household[0]!.id).toBe(made.id);
    // one seat for the visit, whatever the number of people
    expect(await seatsLeft(TUESDAY, '10:00')).toBe(before! - 1);

    const ids = made.household.map((p) => p.id);
    const rows = await stored(ids);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.visit_id))).toEqual(new Set([made.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ids.map((id) => byId.get(id)!.user_name)).toEqual(['Ravi Kumar', 'Sunita Devi', 'Aarav Kumar']);
    expect(byId.get(ids[1]!)!.patient_sex).toBe('female');
    // a bill each, each numbered, each of that person's own tests
    expect(new Set(rows.map((r) => r.invoice_no)).size).toBe(3);
    const charged = await t.app.deps.db.selectFrom('appointment_tests').select(['appointment_id', 'test_id']).where('appointment_id', 'in', ids).execute();
    expect(ids.map((id) => charged.filter((c) => c.appointment_id === id).map((c) => c.test_id))).toEqual([[hba1c], [hba1c, tests[2]], [tests[3]]]);
    expect(made.household.map((p) => p.total_price)).toEqual(ids.map((id) => byId.get(id)!.total_paise / 100));
    // the holder's list shows each person's booking, naming the visit they share
    const listed = (await as(holder, 'GET', '/api/users/userappointments/')).json() as Array<{ id: string; visit_id?: string; member_id?: number }>;
    expect(listed.filter((a) => a.visit_id === made.id).map((a) => a.id).sort()).toEqual([...ids].sort());

    // each person's report is released on its own, read per person
    await releaseWith(t.app, staff, ids[0]!, '5.0');
    await releaseWith(t.app, staff, ids[1]!, '6.0');
    const mine = (await as(holder, 'GET', '/api/reports/?member=self')).json() as Array<{ appointment_id: string }>;
    expect(mine.map((r) => r.appointment_id)).toEqual([ids[0]]);
    const hers = (await as(holder, 'GET', `/api/reports/?member=${mum}`)).json() as Array<{ appointment_id: string }>;
    expect(hers.map((r) => r.appointment_id)).toEqual([ids[1]]);
    expect((await as(holder, 'GET', `/api/reports/?member=${boy}`)).json()).toEqual([]);
    // every booking of the visit is in the audit trail's bills and consents as any booking is
    const consents = await t.app.deps.db.selectFrom('consents').select('appointment_id').where('appointment_id', 'in', ids).execute();
    expect(new Set(consents.map((c) => c.appointment_id))).toEqual(new Set(ids));
  });

  it('draws the holder at a member’s visit under the holder’s own name, with the age and sex the booking gives', async () => {
    const holder = await createUser(t.app, { first_name: 'Ravi', last_name: 'Kumar' });
    const mum = await addMember(holder, mother);
    const res = await as(holder, 'POST', '/api/appointments/', {
      ...homeVisit([{ member_id: null, tests: [tests[1]], patient_age_years: 41, patient_sex: 'male' }], { time: '13:00' }),
      member_id: mum,
      user_name: 'Sunita Devi',
      // the member's own record gives her age and sex
      patient_age_years: undefined,
      patient_sex: undefined,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Created;
    expect(made.household.map((p) => p.member_id)).toEqual([mum, null]);
    const rows = await t.app.deps.db.selectFrom('appointments').select(['id', 'user_name', 'member_id', 'patient_age_years', 'patient_sex', 'patient_date_of_birth']).where('visit_id', '=', made.id).orderBy('member_id').execute();
    expect(rows.find((r) => r.member_id === null)).toMatchObject({ user_name: 'Ravi Kumar', patient_age_years: 41, patient_sex: 'male' });
    expect(rows.find((r) => r.member_id === mum)).toMatchObject({ user_name: 'Sunita Devi', patient_date_of_birth: '1958-03-04', patient_sex: 'female' });
  });

  it('keeps the seat while anyone of the visit stands, gives it back with the last, and moves the whole visit on a reschedule', async () => {
    const holder = await createUser(t.app);
    const mum = await addMember(holder, mother);
    const start = await seatsLeft(TUESDAY, '11:00');
    const made = (await as(holder, 'POST', '/api/appointments/', homeVisit([{ member_id: mum, tests: [tests[1]] }], { time: '11:00' }))).json() as Created;
    const [mine, hers] = made.household.map((p) => p.id) as [string, string];
    expect(await seatsLeft(TUESDAY, '11:00')).toBe(start! - 1);

    // moved as one: both people, one seat
    const moved = await as(holder, 'POST', `/api/appointments/${hers}/reschedule/`, { new_date: WEDNESDAY, new_time: '11:30' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await stored([mine, hers])).map((r) => [r.date, r.time])).toEqual([
      [WEDNESDAY, '11:30'],
      [WEDNESDAY, '11:30'],
    ]);
    expect(await seatsLeft(TUESDAY, '11:00')).toBe(start);
    const wednesday = await seatsLeft(WEDNESDAY, '11:30');
    expect(wednesday).toBe(HOME_SEATS - 1);

    // one cancelled: the other still needs the phlebotomist, so the seat stays taken
    expect((await as(holder, 'PATCH', `/api/appointments/${mine}/cancel/`)).statusCode).toBe(200);
    expect(await seatsLeft(WEDNESDAY, '11:30')).toBe(wednesday);
    // the last one (by staff here) gives it back
    const cancelled = await as(staff.admin, 'POST', `/api/staff/appointments/${hers}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await seatsLeft(WEDNESDAY, '11:30')).toBe(HOME_SEATS);
  });

  it('claims the seat atomically: households racing for one slot get exactly its seats, and a refused visit writes nobody', async () => {
    const holders = await Promise.all(Array.from({ length: 10 }, () => createUser(t.app)));
    const members = await Promise.all(holders.map((h) => addMember(h, mother)));
    const answers = await Promise.all(holders.map((h, i) => as(h, 'POST', '/api/appointments/', homeVisit([{ member_id: members[i], tests: [tests[1]] }], { time: '12:00' }))));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(HOME_SEATS).fill(201), ...Array(10 - HOME_SEATS).fill(409)]);
    expect(await seatsLeft(TUESDAY, '12:00')).toBe(0);
    const written = await t.app.deps.db.selectFrom('appointments').select(['id', 'visit_id']).where('date', '=', TUESDAY).where('time', '=', '12:00').execute();
    // every person of each visit that got its seat, and nobody of the others
    expect(written).toHaveLength(HOME_SEATS * 2);
    expect(new Set(written.map((w) => w.visit_id)).size).toBe(HOME_SEATS);
  });

  it('refuses what a household visit cannot be, naming the field, in the person’s language', async () => {
    const holder = await createUser(t.app);
    const other = await createUser(t.app);
    const mum = await addMember(holder, mother);
    const theirs = await addMember(other, { ...mother, name: 'Kamla Devi' });
    const cases: Array<[Account | null, object, string]> = [
      [null, homeVisit([{ member_id: null, tests: [tests[1]] }]), 'household'],
      [holder, { ...homeVisit([{ member_id: mum, tests: [tests[1]] }]), home_sample: false }, 'household'],
      [holder, homeVisit([{ member_id: null, tests: [tests[1]] }]), 'household.0.member_id'],
      [holder, homeVisit([{ member_id: mum, tests: [tests[1]] }, { member_id: mum, tests: [tests[2]] }]), 'household.1.member_id'],
      [holder, homeVisit([{ member_id: theirs, tests: [tests[1]] }]), 'household.0.member_id'],
      [holder, homeVisit([{ member_id: mum, tests: [] }]), 'household.0.tests'],
      [holder, homeVisit([{ member_id: mum, tests: [2 ** 40] }]), 'household.0.tests.0'],
      [holder, homeVisit([{ member_id: mum, tests: [99_999] }]), 'household.0.tests'],
      [holder, homeVisit([{ member_id: 2 ** 40, tests: [tests[1]] }]), 'household.0.member_id'],
      [holder, homeVisit([{ member_id: 'x\u0000', tests: [tests[1]] }]), 'household.0.member_id'],
      [holder, homeVisit(Array.from({ length: 6 }, () => ({ member_id: mum, tests: [tests[1]] }))), 'household'],
    ];
    for (const [who, body, field] of cases) {
      const res = await as(who, 'POST', '/api/appointments/', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    const hindi = await t.app.inject({ method: 'POST', url: '/api/appointments/?lang=hi', remoteAddress: nextAddress(), headers: bearer(holder), payload: { ...homeVisit([{ member_id: mum, tests: [tests[1]] }]), home_sample: false } });
    expect(hindi.json().household[0]).toMatch(/घर/);
    expect(await t.app.deps.db.selectFrom('appointments').select('id').where('user_id', '=', holder.id).execute()).toEqual([]);
  });
});
