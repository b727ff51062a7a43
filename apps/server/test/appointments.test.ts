// The caller's appointments: the list (newest first), cancel and reschedule with their rules, another
// person's appointment refused as missing, and the audit trail. SQLite and PostgreSQL.
import { BOOKING_HORIZON_DAYS, REFERENCE_PATTERN, userAppointmentListSchema, userAppointmentSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, istDate, lastOpenDate, makeApp, openDate, type TestApp } from './helpers.ts';

describe('user appointments', () => {
  let t: TestApp;
  let tests: Array<{ id: number; name: string; price: number; discounted_price: number; preparation?: { latest_time: string | null } }>;
  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' });
    tests = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json();
  });
  afterAll(() => t.close());

  const book = async (who: Account | null, over: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: who ? bearer(who) : {},
      payload: { date: openDate(5), time: '10:00', user_name: 'Kiran', user_email: 'kiran@example.com', user_phone: '9123456789', tests: [tests[0]!.id], ...over },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const mine = (who: Account) => t.app.inject({ method: 'GET', url: '/api/users/userappointments/', headers: bearer(who) });
  const cancel = (id: string, who: Account, extra: { headers?: Record<string, string>; payload?: string } = {}) =>
    t.app.inject({ method: 'PATCH', url: `/api/appointments/${id}/cancel/`, headers: { ...bearer(who), ...extra.headers }, payload: extra.payload });
  const reschedule = (id: string, who: Account, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule/`, headers: bearer(who), payload: payload as object });
  const setStatus = (id: string, status: 'completed' | 'approved' | 'sample_collected') =>
    t.app.deps.db.updateTable('appointments').set({ status }).where('id', '=', id).execute();

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/userappointments/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/appointments/abc/cancel/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/appointments/abc/reschedule/', payload: { new_date: openDate(2), new_time: '10:00' } })).statusCode).toBe(401);
  });

  it("lists the caller's own appointments, newest first, with the tests as charged", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const first = await book(user, { date: openDate(9), time: '09:30' });
    const second = await book(user, { tests: [tests[1]!.id, tests[1]!.id], home_sample: true, address: 'Sector 5, Jaipur 302020' });
    const third = await book(user, { date: openDate(1) });
    await book(other);
    await book(null);
    const res = await mine(user);
    expect(res.statusCode).toBe(200);
    const list = userAppointmentListSchema.parse(res.json());
    expect(list.map((a) => a.id)).toEqual([third, second, first]);
    expect(list[1]).toEqual({
      id: second,
      reference: expect.stringMatching(REFERENCE_PATTERN),
      date: openDate(5),
      time: '10:00',
      tests: [
        { id: tests[1]!.id, name: tests[1]!.name, price: tests[1]!.discounted_price },
        { id: tests[1]!.id, name: tests[1]!.name, price: tests[1]!.discounted_price },
      ],
      is_cancelled: false,
      status: 'booked',
      home_sample: true,
      address: 'Sector 5, Jaipur 302020',
      total_price: tests[1]!.discounted_price * 2,
      created_at: expect.any(String),
      latest_time: tests[1]!.preparation?.latest_time ?? null,
      receipt_path: null,
      // not at the lab yet: no receipt; the report's time from the slot (test/samples-late-notice.test.ts checks its value)
      sample_received_at: null,
      report_expected_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect((await mine(await createUser(t.app))).json()).toEqual([]);
  });

  it('cancels with an empty body, no body or an empty JSON object, and records it', async () => {
    const user = await createUser(t.app);
    const ids = [await book(user), await book(user), await book(user), await book(user)];
    const answers = [
      await cancel(ids[0]!, user),
      await cancel(ids[1]!, user, { headers: { 'content-type': 'application/json' }, payload: '' }),
      await cancel(ids[2]!, user, { headers: { 'content-type': 'application/json' }, payload: '{}' }),
      await cancel(ids[3]!, user, { headers: { 'content-type': 'text/plain' }, payload: '' }),
    ];
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, res.body).toBe(200);
      expect(userAppointmentSchema.parse(res.json())).toMatchObject({ id: ids[i], is_cancelled: true, status: 'cancelled' });
    }
    const list = (await mine(user)).json();
    expect(list.every((a: { is_cancelled: boolean }) => a.is_cancelled)).toBe(true);
    const audit = await t.app.deps.db.selectFrom('audit_log').selectAll().where('entity', '=', 'appointment').where('entity_id', '=', ids[0]!).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: user.id, action: 'cancel' });
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ status: 'booked' });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ status: 'cancelled' });
  });

  it('refuses malformed JSON on cancel as a 400, not a 500', async () => {
    const user = await createUser(t.app);
    const id = await book(user);
    const res = await cancel(id, user, { headers: { 'content-type': 'application/json' }, payload: '{"x":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body is not valid JSON.' });
  });

  it('refuses to cancel twice or to cancel a completed appointment', async () => {
    const user = await createUser(t.app);
    const id = await book(user);
    expect((await cancel(id, user)).statusCode).toBe(200);
    const twice = await cancel(id, user);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ error: 'This appointment is already cancelled.' });
    const done = await book(user);
    await setStatus(done, 'completed');
    const res = await cancel(done, user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'A completed appointment cannot be cancelled.' });
    // Booked and approved appointments may be cancelled by the patient …
    const approved = await book(user);
    await setStatus(approved, 'approved');
    expect((await cancel(approved, user)).statusCode).toBe(200);
    // … but not once the sample is collected.
    const collected = await book(user);
    await setStatus(collected, 'sample_collected');
    const late = await cancel(collected, user);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'The sample has already been collected, so this appointment can no longer be changed or cancelled.' });
  });

  it('refuses to reschedule once the sample is collected', async () => {
    const user = await createUser(t.app);
    const id = await book(user);
    await setStatus(id, 'sample_collected');
    const res = await reschedule(id, user, { new_date: openDate(6), new_time: '11:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The sample has already been collected, so this appointment can no longer be changed or cancelled.' });
  });

  it('sends a rescheduled approved appointment back to booked, for staff to approve again', async () => {
    const user = await createUser(t.app);
    const id = await book(user);
    await setStatus(id, 'approved');
    const res = await reschedule(id, user, { new_date: openDate(7), new_time: '12:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'booked', date: openDate(7) });
    const audit = await t.app.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', 'reschedule').executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.before_json))).toMatchObject({ status: 'approved' });
    expect(JSON.parse(String(audit.after_json))).toMatchObject({ status: 'booked' });
  });

  it(`refuses dates more than ${BOOKING_HORIZON_DAYS} days ahead, booking or rescheduling`, async () => {
    const user = await createUser(t.app);
    const far = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      payload: { date: istDate(BOOKING_HORIZON_DAYS + 1), time: '10:00', user_name: 'Kiran', user_email: 'kiran@example.com', user_phone: '9123456789', tests: [tests[0]!.id] },
    });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toEqual({ date: [`Choose a date within the next ${BOOKING_HORIZON_DAYS} days.`] });
    const id = await book(user, { date: lastOpenDate(BOOKING_HORIZON_DAYS) });
    expect((await reschedule(id, user, { new_date: istDate(BOOKING_HORIZON_DAYS + 1), new_time: '10:00' })).json()).toEqual({
      new_date: [`Choose a date within the next ${BOOKING_HORIZON_DAYS} days.`],
    });
  });

  it('reschedules within the booking rules and records it', async () => {
    const user = await createUser(t.app);
    const id = await book(user);
    const res = await reschedule(id, user, { new_date: openDate(8), new_time: '20:15' });
    expect(res.statusCode).toBe(200);
    expect(userAppointmentSchema.parse(res.json())).toMatchObject({ id, date: openDate(8), time: '20:15', status: 'booked' });
    expect((await mine(user)).json()[0]).toMatchObject({ date: openDate(8), time: '20:15' });
    const audit = await t.app.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', 'reschedule').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toEqual({ date: openDate(5), time: '10:00', status: 'booked' });
    expect(JSON.parse(audit.after_json!)).toEqual({ date: openDate(8), time: '20:15', status: 'booked' });

    expect((await reschedule(id, user, { new_date: openDate(8), new_time: '09:00' })).statusCode).toBe(200);
    expect((await reschedule(id, user, { new_date: openDate(8), new_time: '21:00' })).statusCode).toBe(200);
    const early = await reschedule(id, user, { new_date: openDate(8), new_time: '08:59' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ new_time: ['Choose a time between 09:00 and 21:00.'] });
    expect((await reschedule(id, user, { new_date: openDate(8), new_time: '21:01' })).json()).toEqual({ new_time: ['Choose a time between 09:00 and 21:00.'] });
    expect((await reschedule(id, user, { new_date: istDate(-1), new_time: '10:00' })).json()).toEqual({ new_date: ['The date cannot be in the past.'] });
    const bad = await reschedule(id, user, { new_date: 'tomorrow', new_time: '10' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['new_date', 'new_time']);
    expect((await reschedule(id, user, {})).statusCode).toBe(400);
  });

  it('refuses to reschedule a cancelled or completed appointment', async () => {
    const user = await createUser(t.app);
    const cancelled = await book(user);
    await cancel(cancelled, user);
    const a = await reschedule(cancelled, user, { new_date: openDate(6), new_time: '11:00' });
    expect(a.statusCode).toBe(400);
    expect(a.json()).toEqual({ error: 'A cancelled appointment cannot be rescheduled.' });
    const completed = await book(user);
    await setStatus(completed, 'completed');
    const b = await reschedule(completed, user, { new_date: openDate(6), new_time: '11:00' });
    expect(b.statusCode).toBe(400);
    expect(b.json()).toEqual({ error: 'A completed appointment cannot be rescheduled.' });
  });

  it("treats another person's or a guest's appointment as missing", async () => {
    const owner = await createUser(t.app);
    const intruder = await createUser(t.app);
    const id = await book(owner);
    const guest = await book(null);
    for (const target of [id, guest, 'noSuchAppointment']) {
      const c = await cancel(target, intruder);
      expect(c.statusCode).toBe(404);
      expect(c.json()).toEqual({ error: 'Appointment not found.' });
      const r = await reschedule(target, intruder, { new_date: openDate(6), new_time: '11:00' });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ error: 'Appointment not found.' });
    }
    expect((await mine(intruder)).json()).toEqual([]);
    const untouched = (await mine(owner)).json()[0];
    expect(untouched).toMatchObject({ id, status: 'booked', date: openDate(5), time: '10:00' });
  });
});
