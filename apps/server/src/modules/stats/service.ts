// The six statistics of the home page. An appointment counts as approved once the lab has approved it
// (approved, sample collected or completed); rates are percentages of all appointments, one decimal.
import type { DashboardStats } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as q from './queries.ts';

export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

export async function dashboardStats(db: Kysely<Database>): Promise<DashboardStats> {
  const c = await q.counts(db);
  return {
    total_categories: c.categories,
    total_tests: c.tests,
    total_appointments: c.appointments,
    total_approved_appointments: c.approved,
    approval_rate: percent(c.approved, c.appointments),
    test_completion_rate: percent(c.completed, c.appointments),
  };
}
