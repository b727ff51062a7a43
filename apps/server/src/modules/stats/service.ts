// The six statistics of the home page. An appointment counts as approved once the lab has approved it
// (approved, sample collected or completed); rates are percentages of all appointments, one decimal.
// The catalogue's two counts are kept per catalogue version (decision 027: known without a query in the
// steady state), so a request asks the database only for the appointments' counters (a few dozen rows).
import type { DashboardStats } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as q from './queries.ts';
import { APPOINTMENT_STATUSES } from '../../db/search-document.ts';
import type { CatalogVersion } from '../catalog/catalog-version.ts';

export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

/** the catalogue's counts as of a version: one entry, replaced when the version moves */
type Kept = { version: number; counts: Promise<{ categories: number; tests: number }> };
const kept = new WeakMap<CatalogVersion, Kept>();

async function catalogueCounts(db: Kysely<Database>, catalogVersion: CatalogVersion): Promise<{ categories: number; tests: number }> {
  const version = await catalogVersion.current();
  const hit = kept.get(catalogVersion);
  if (hit?.version === version) return hit.counts;
  const counts = q.catalogueCounts(db);
  kept.set(catalogVersion, { version, counts });
  // a failed read is not kept
  counts.catch(() => {
    if (kept.get(catalogVersion)?.counts === counts) kept.delete(catalogVersion);
  });
  return counts;
}

export async function dashboardStats(db: Kysely<Database>, catalogVersion: CatalogVersion): Promise<DashboardStats> {
  const [catalogue, byStatus] = await Promise.all([catalogueCounts(db, catalogVersion), q.appointmentsByStatus(db)]);
  const of = (...statuses: string[]) => statuses.reduce((sum, s) => sum + (byStatus.get(s) ?? 0), 0);
  const appointments = of(...APPOINTMENT_STATUSES);
  const approved = of('approved', 'sample_collected', 'completed');
  return {
    total_categories: catalogue.categories,
    total_tests: catalogue.tests,
    total_appointments: appointments,
    total_approved_appointments: approved,
    approval_rate: percent(approved, appointments),
    test_completion_rate: percent(of('completed'), appointments),
  };
}
