// Time slots with seats: the day's slots and seats left, closed days, date overrides set by staff, the
// atomic claim of a seat (50 people racing for the last 3, in one process and in two on PostgreSQL),
// cancellation freeing a seat and a reschedule moving it, or leaving the old booking untouched.
import { LAB_CLOSED, OUTSIDE_HOURS, SLOT_FULL, tooLateForPreparation } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, isPostgres, makeApp, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

// The clock of every rule here: Monday 17 June 2030, 10:10 in India. The demo lab opens Monday to
// Saturday 09:00 to 21:00 with 10 seats at the centre and 4 home collections per 30-minute slot.
const NOW = new Date('2030-06-17T04:40:00Z');
const TODAY = '2030-06-17';
const TUESDAY = '2030-06-18';
const WEDNESDAY = '2030-06-19';
const SUNDAY = '2030-06-23';

let t: TestApp;
let staff: StaffAccount;
let patient: Account;
let testId: number;
let addressCounter = 0;

beforeAll(async () => {
  t = await makeApp({}, { now: () => NOW });
  staff = await createStaff(t.app, 'reception');
  patient = await createUser(t.app);
  testId = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id;
});
afterAll(() => t.close());

/** each booking from an address of its own: the per-address booking limit is not what these tests test */
const nextAddress = () => `10.44.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

function book(app: TestApp['app'], visit: { date: string; time: string; home_sample?: boolean; address?: string }, who?: Account) {
  return app.inject({
    method: 'POST',
    url: '/api/appointments/',
    remoteAddress: nextAddress(),
    headers: who ? bearer(who) : {},
    payload: { user_name: 'Asha Rao', user_email: 'asha@example.com', user_phone: '9876543210', tests: [testId], ...visit },
  });
}

const slotsOf = async (date: string, homeSample = false) => (await t.app.inject({ method: 'GET', url: `/api/slots/?date=${date}&home_sample=${homeSample}` })).json();
const seatsLeft = async (date: string, start: string, homeSample = false) =>
  (await slotsOf(date, homeSample)).slots.find((s: { start: string }) => s.start === start)?.seats_left;
const asStaff = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(staff), ...(payload ? { payload } : {}) });

describe('the day\'s slots', () => {
  it('cuts an open day into 30-minute slots with seats for the centre and, apart, for home collections', async () => {
    const centre = await slotsOf(TUESDAY);
    expect(centre).toMatchObject({ date: TUESDAY, home_sample: false, closed: false });
    expect(centre.slots).toHaveLength(24);
    expect(centre.slots[0]).toEqual({ start: '09:00', end: '09:30', seats_left: 10 });
    expect(centre.slots.at(-1)).toEqual({ start: '20:30', end: '21:00', seats_left: 10 });
    const home = await slotsOf(TUESDAY, true);
    expect(home.slots[0]).toEqual({ start: '09:00', end: '09:30', seats_left: 4 });
  });

  it('does not offer slots of today that have begun (India time)', async () => {
    const today = await slotsOf(TODAY);
    expect(today.slots[0].start).toBe('10:30');
    expect(today.slots.map((s: { start: string }) => s.start)).not.toContain('10:00');
  });

  it('offers nothing on a closed day and refuses a booking there, naming the date', async () => {
    expect(await slotsOf(SUNDAY)).toEqual({ date: SUNDAY, home_sample: false, closed: true, reason: LAB_CLOSED, slots: [] });
    const res = await book(t.app, { date: SUNDAY, time: '10:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ date: [LAB_CLOSED] });
  });

  it('names the bad field of a bad query', async () => {
    const bad = async (qs: string) => (await t.app.inject({ method: 'GET', url: `/api/slots/?${qs}` })).json();
    expect(await bad('date=2030-02-30')).toHaveProperty('date');
    expect(await bad('home_sample=true')).toHaveProperty('date');
    expect(await bad(`date=${TUESDAY}&home_sample=maybe`)).toHaveProperty('home_sample');
    expect(await bad('date=2030-06-16')).toEqual({ date: ['The date cannot be in the past.'] });
    expect(await bad('date=%00')).toHaveProperty('date');
  });

  it('takes one seat of the slot a plain time falls in, at the centre or at home, never both', async () => {
    expect((await book(t.app, { date: TUESDAY, time: '10:45' })).statusCode).toBe(201);
    expect(await seatsLeft(TUESDAY, '10:30')).toBe(9);
    expect(await seatsLeft(TUESDAY, '10:30', true)).toBe(4);
    expect((await book(t.app, { date: TUESDAY, time: '21:00' })).statusCode).toBe(201);
    expect(await seatsLeft(TUESDAY, '20:30')).toBe(9);
  });
});

describe('staff set the week and single dates apart', () => {
  it('a short day with an extra phlebotomist: other hours, other seats, times outside refused', async () => {
    const put = await asStaff('PUT', `/api/staff/slots/overrides/${WEDNESDAY}`, { opens: '09:00', closes: '13:00', home_seats: 6, note: 'Half day, Ravi on the road' });
    expect(put.statusCode).toBe(200);
    const home = await slotsOf(WEDNESDAY, true);
    expect(home.slots.map((s: { start: string }) => s.start)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
    expect(home.slots[0].seats_left).toBe(6);
    expect((await slotsOf(WEDNESDAY)).slots[0].seats_left).toBe(10);
    const late = await book(t.app, { date: WEDNESDAY, time: '15:00' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ time: [OUTSIDE_HOURS] });
    expect((await asStaff('GET', '/api/staff/slots/overrides')).json()).toContainEqual({
      date: WEDNESDAY,
      closed: false,
      opens: '09:00',
      closes: '13:00',
      centre_seats: null,
      home_seats: 6,
      note: 'Half day, Ravi on the road',
    });
  });

  it('a holiday closes the date; removing it opens the date again; both audited', async () => {
    const date = '2030-06-20';
    expect((await asStaff('PUT', `/api/staff/slots/overrides/${date}`, { closed: true, note: 'Festival' })).statusCode).toBe(200);
    expect((await slotsOf(date)).closed).toBe(true);
    expect((await book(t.app, { date, time: '10:00' })).json()).toEqual({ date: [LAB_CLOSED] });
    expect((await asStaff('DELETE', `/api/staff/slots/overrides/${date}`)).statusCode).toBe(204);
    expect((await slotsOf(date)).slots).toHaveLength(24);
    expect((await asStaff('DELETE', `/api/staff/slots/overrides/${date}`)).statusCode).toBe(404);
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['action']).where('entity', '=', 'slot_override').where('entity_id', '=', date).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('the weekly pattern sets the seats of every weekday; a bad value is named', async () => {
    const week = (await asStaff('GET', '/api/staff/slots/week')).json();
    expect(week.fri).toEqual({ centre_seats: 10, home_seats: 4 });
    const changed = await asStaff('PUT', '/api/staff/slots/week', { ...week, fri: { centre_seats: 12, home_seats: 3 } });
    expect(changed.json().fri).toEqual({ centre_seats: 12, home_seats: 3 });
    expect((await slotsOf('2030-06-21', true)).slots[0].seats_left).toBe(3);
    const bad = await asStaff('PUT', '/api/staff/slots/week', { ...week, fri: { centre_seats: -1, home_seats: 3 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())[0]).toMatch(/fri/);
    const overflow = await asStaff('PUT', `/api/staff/slots/overrides/${WEDNESDAY}`, { centre_seats: 2 ** 31 });
    expect(overflow.statusCode).toBe(400);
    expect(overflow.json()).toHaveProperty('centre_seats');
  });
});

describe('a booking reads the day as staff left it, right after each edit (the plans it keeps, migration 033)', () => {
  it('a date set apart after bookings were taken on it: closed, then fewer seats', async () => {
    const date = '2030-06-27';
    // A first booking makes the process keep the day's plan.
    expect((await book(t.app, { date, time: '10:00' })).statusCode).toBe(201);
    expect((await asStaff('PUT', `/api/staff/slots/overrides/${date}`, { closed: true, note: 'Repairs' })).statusCode).toBe(200);
    expect((await book(t.app, { date, time: '10:05' })).json()).toEqual({ date: [LAB_CLOSED] });
    expect((await asStaff('PUT', `/api/staff/slots/overrides/${date}`, { centre_seats: 2, note: 'Short-staffed' })).statusCode).toBe(200);
    expect((await book(t.app, { date, time: '10:10' })).statusCode).toBe(201);
    expect((await book(t.app, { date, time: '10:20' })).json()).toEqual({ error: SLOT_FULL });
    expect((await asStaff('DELETE', `/api/staff/slots/overrides/${date}`)).statusCode).toBe(204);
    expect((await book(t.app, { date, time: '10:20' })).statusCode).toBe(201);
  });

  it("the week's seats lowered after a booking of that weekday", async () => {
    const saturday = '2030-06-29';
    expect((await book(t.app, { date: saturday, time: '10:00' })).statusCode).toBe(201);
    const week = (await asStaff('GET', '/api/staff/slots/week')).json();
    expect((await asStaff('PUT', '/api/staff/slots/week', { ...week, sat: { centre_seats: 1, home_seats: week.sat.home_seats } })).statusCode).toBe(200);
    expect((await book(t.app, { date: saturday, time: '10:10' })).json()).toEqual({ error: SLOT_FULL });
    expect((await asStaff('PUT', '/api/staff/slots/week', week)).statusCode).toBe(200);
    expect((await book(t.app, { date: saturday, time: '10:10' })).statusCode).toBe(201);
  });
});

describe('seats are claimed atomically', () => {
  /** a date whose centre slots have `seats` seats, set by staff as an override */
  async function dateWithSeats(date: string, seats: number) {
    expect((await asStaff('PUT', `/api/staff/slots/overrides/${date}`, { centre_seats: seats })).statusCode).toBe(200);
  }

  it('50 people racing for the last 3 seats: exactly 3 are booked, 47 are told the slot is full', async () => {
    const date = '2030-06-24';
    await dateWithSeats(date, 5);
    for (let i = 0; i < 2; i++) expect((await book(t.app, { date, time: '11:00' })).statusCode).toBe(201);
    const results = await Promise.all(Array.from({ length: 50 }, () => book(t.app, { date, time: '11:15' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual({ error: SLOT_FULL });
    expect(await seatsLeft(date, '11:00')).toBe(0);
    const held = await t.app.deps.db.selectFrom('appointments').select((eb) => eb.fn.countAll<number>().as('n')).where('date', '=', date).where('status', '<>', 'cancelled').executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(5);
  });

  it('a cancellation, by the patient or by staff, frees the seat', async () => {
    const date = '2030-06-25';
    await dateWithSeats(date, 2);
    const mine = (await book(t.app, { date, time: '12:00' }, patient)).json().id;
    const theirs = (await book(t.app, { date, time: '12:10' })).json().id;
    expect((await book(t.app, { date, time: '12:20' })).json()).toEqual({ error: SLOT_FULL });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${mine}/cancel/`, headers: bearer(patient) })).statusCode).toBe(200);
    expect(await seatsLeft(date, '12:00')).toBe(1);
    expect((await asStaffPost(`/api/staff/appointments/${theirs}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await seatsLeft(date, '12:00')).toBe(2);
    // Cancelling twice gives nothing back twice.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${mine}/cancel/`, headers: bearer(patient) })).statusCode).toBe(400);
    expect(await seatsLeft(date, '12:00')).toBe(2);
  });

  it('a reschedule moves the seat, or fails with 409 and leaves the old booking and its seat as they were', async () => {
    const date = '2030-06-26';
    await dateWithSeats(date, 1);
    const id = (await book(t.app, { date, time: '09:00' }, patient)).json().id;
    const moved = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule/`, headers: bearer(patient), payload: { new_date: date, new_time: '14:00' } });
    expect(moved.statusCode).toBe(200);
    expect(await seatsLeft(date, '09:00')).toBe(1);
    expect(await seatsLeft(date, '14:00')).toBe(0);
    expect((await book(t.app, { date, time: '09:00' })).statusCode).toBe(201);
    const refused = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule/`, headers: bearer(patient), payload: { new_date: date, new_time: '09:10' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: SLOT_FULL });
    const [still] = (await t.app.inject({ method: 'GET', url: '/api/users/userappointments/', headers: bearer(patient) })).json().filter((a: { id: string }) => a.id === id);
    expect(still).toMatchObject({ date, time: '14:00', status: 'booked' });
    expect(await seatsLeft(date, '14:00')).toBe(0);
    // A later full slot: the old seat is given back first, then the claim fails and both roll back.
    expect((await book(t.app, { date, time: '20:00' })).statusCode).toBe(201);
    const later = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule/`, headers: bearer(patient), payload: { new_date: date, new_time: '20:15' } });
    expect(later.json()).toEqual({ error: SLOT_FULL });
    expect(await seatsLeft(date, '14:00')).toBe(0);
    const toSunday = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule/`, headers: bearer(patient), payload: { new_date: SUNDAY, new_time: '10:00' } });
    expect(toSunday.json()).toEqual({ new_date: [LAB_CLOSED] });
  });

  it.skipIf(!isPostgres)('two server processes on one PostgreSQL never overbook a slot', async () => {
    const other = await makeApp({}, { now: () => NOW, shareDatabaseOf: t });
    try {
      const date = '2030-06-27';
      await dateWithSeats(date, 4);
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => book(i % 2 === 0 ? t.app : other.app, { date, time: '16:00' })));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(4);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(56);
      expect(await seatsLeft(date, '16:00')).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('preparation', () => {
  it('the catalogue carries each test preparation, and none for a test that needs none', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ name: string; preparation?: unknown }>;
    expect(list.find((x) => x.name === 'Lipid Profile')!.preparation).toEqual({ fasting_hours: 10, instructions: 'Fast 10 to 12 hours: water only, no tea or coffee.', latest_time: '11:00' });
    expect(list.find((x) => x.name === 'Complete Blood Count (CBC)')).not.toHaveProperty('preparation');
  });

  it('a fasting test is booked before 11:00 only, and the confirmation repeats the preparation', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
    const lipid = list.find((x) => x.name === 'Lipid Profile')!.id;
    const urine = list.find((x) => x.name === 'Urine Routine Examination')!.id;
    const at = (time: string, email = 'prep@example.com') =>
      t.app.inject({ method: 'POST', url: '/api/appointments/', remoteAddress: nextAddress(), payload: { date: TUESDAY, time, user_name: 'Asha Rao', user_email: email, user_phone: '9876543210', tests: [lipid, urine] } });
    const late = await at('11:00');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ time: [tooLateForPreparation('11:00')] });
    t.mail.length = 0;
    const ok = await at('10:45', 'fasting.patient@example.com');
    expect(ok.statusCode).toBe(201);
    await new Promise((r) => setImmediate(r));
    const mail = t.mail.find((m) => m.to === 'fasting.patient@example.com')!;
    expect(mail.text).toContain('Before your test:');
    expect(mail.text).toContain('Fast for at least 10 hours before the sample (water is fine).');
    expect(mail.text).toContain('Bring the first morning urine in a sterile container.');
    expect(mail.text).toContain('Come before 11:00.');
    expect(mail.html).toContain('Bring the first morning urine in a sterile container.');
  });

  it('a reschedule of a fasting test to the afternoon is refused, naming new_time', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
    const glucose = list.find((x) => x.name === 'Fasting Blood Sugar')!.id;
    const booked = await t.app.inject({ method: 'POST', url: '/api/appointments/', remoteAddress: nextAddress(), headers: bearer(patient), payload: { date: TUESDAY, time: '09:00', user_name: 'Asha Rao', user_email: 'asha@example.com', user_phone: '9876543210', tests: [glucose] } });
    const res = await t.app.inject({ method: 'POST', url: `/api/appointments/${booked.json().id}/reschedule/`, headers: bearer(patient), payload: { new_date: TUESDAY, new_time: '15:00' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_time: [tooLateForPreparation('11:00')] });
  });
});

function asStaffPost(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: bearer(staff), payload });
}
