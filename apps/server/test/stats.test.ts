import { dashboardStatsSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../src/db/schema.ts';
import { percent } from '../src/modules/stats/service.ts';
import { APPOINTMENT_STATUSES } from '../src/db/search-document.ts';
import { appointmentsByStatus } from '../src/modules/stats/queries.ts';
import { bearer, createUser, makeApp, openDate, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

describe('GET /api/dashboard/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  let n = 0;
  async function addAppointments(...statuses: AppointmentStatus[]) {
    const now = new Date().toISOString();
    await t.app.deps.db
      .insertInto('appointments')
      .values(
        statuses.map((status) => ({
          id: `stats-${++n}`,
          reference: `LC-STATS-${n}`,
          user_id: null,
          user_name: 'Guest',
          user_email: 'guest@example.com',
          user_phone: '9876543210',
          date: openDate(1),
          time: '10:00',
          home_sample: 0 as const,
          address: '',
          status,
          package_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  const stats = async (url = '/api/dashboard/') => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(dashboardStatsSchema.strict().safeParse(body).success).toBe(true);
    return body;
  };

  it('answers zero rates when there are no appointments', async () => {
    expect(await stats()).toEqual({
      total_categories: 5,
      total_tests: 65,
      total_appointments: 0,
      total_approved_appointments: 0,
      approval_rate: 0,
      test_completion_rate: 0,
    });
  });

  it('counts only active tests', async () => {
    const { db } = t.app.deps;
    const one = await db.selectFrom('tests').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('tests').set({ active: 0 }).where('id', '=', one.id).execute();
    expect((await stats()).total_tests).toBe(64);
    await db.updateTable('tests').set({ active: 1 }).where('id', '=', one.id).execute();
  });

  it('counts approved (approved, sample collected, completed) and completed over all appointments', async () => {
    await addAppointments('booked', 'approved', 'sample_collected', 'completed', 'cancelled');
    expect(await stats('/api/dashboard')).toMatchObject({
      total_appointments: 5,
      total_approved_appointments: 3,
      approval_rate: 60,
      test_completion_rate: 20,
    });
    await addAppointments('booked');
    expect(await stats()).toMatchObject({
      total_appointments: 6,
      total_approved_appointments: 3,
      approval_rate: 50,
      test_completion_rate: 16.7,
    });
  });

  it('keeps its counters equal to a recount after bookings, status changes, cancels and deletes on any path', async () => {
    const { db } = t.app.deps;
    const staff = await createStaff(t.app);
    const patient = await createUser(t.app);
    const ids = await Promise.all(Array.from({ length: 12 }, (_, n) => book(t.app, { user_name: `Counted ${'abcdefghijkl'[n]}` }, n % 2 ? patient : undefined)));
    const move = (id: string, status: string) => t.app.inject({ method: 'POST', url: `/api/staff/appointments/${id}/status`, payload: { status }, headers: bearer(staff) });
    for (const id of ids.slice(0, 8)) expect((await move(id, 'approved')).statusCode).toBe(200);
    for (const id of ids.slice(0, 5)) expect((await move(id, 'sample_collected')).statusCode).toBe(200);
    // A refused move changes nothing.
    expect((await move(ids[9]!, 'completed')).statusCode).toBe(400);
    expect((await move(ids[6]!, 'cancelled')).statusCode).toBe(200);
    // The patient cancels one of their own.
    const own = ids.filter((_, n) => n % 2).at(-1)!;
    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${own}/cancel/`, headers: bearer(patient) })).statusCode).toBe(200);
    // Changes made outside the services (a script, a migration) are counted too, and so are deletes.
    await db.updateTable('appointments').set({ status: 'completed' }).where('id', 'in', ids.slice(0, 2)).execute();
    await db.deleteFrom('appointments').where('id', '=', ids[11]!).execute();

    const recount = await db.selectFrom('appointments').select((eb) => ['status', eb.fn.countAll<number | string>().as('n')]).groupBy('status').execute();
    const counters = await appointmentsByStatus(db);
    for (const status of APPOINTMENT_STATUSES) expect(counters.get(status), status).toBe(Number(recount.find((r) => r.status === status)?.n ?? 0));
    const total = recount.reduce((sum, r) => sum + Number(r.n), 0);
    expect((await stats()).total_appointments).toBe(total);
  });

  it('rounds rates to one decimal', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(0, 0)).toBe(0);
    expect(percent(7, 7)).toBe(100);
  });
});
