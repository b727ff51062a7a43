import { dashboardStatsSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../src/db/schema.ts';
import { percent } from '../src/modules/stats/service.ts';
import { makeApp, openDate, type TestApp } from './helpers.ts';

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
      total_tests: 69,
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
    expect((await stats()).total_tests).toBe(68);
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

  it('rounds rates to one decimal', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(0, 0)).toBe(0);
    expect(percent(7, 7)).toBe(100);
  });
});
