// SQL of the home statistics: counts over categories and active tests (small tables), and the
// appointments by status from the counters the database keeps on every change (migration 012), so
// no request counts the appointments themselves.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { APPOINTMENT_STATUSES } from '../../db/search-document.ts';

type Db = Kysely<Database>;

export async function counts(db: Db) {
  const [categories, tests, byStatus] = await Promise.all([
    db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('tests').select((eb) => eb.fn.countAll<number>().as('n')).where('active', '=', 1).executeTakeFirstOrThrow(),
    appointmentsByStatus(db),
  ]);
  const of = (...statuses: string[]) => statuses.reduce((sum, s) => sum + (byStatus.get(s) ?? 0), 0);
  return {
    categories: Number(categories.n),
    tests: Number(tests.n),
    appointments: of(...APPOINTMENT_STATUSES),
    approved: of('approved', 'sample_collected', 'completed'),
    completed: of('completed'),
  };
}

/** the counters summed over their shards: a few dozen rows, however many appointments there are */
export async function appointmentsByStatus(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('appointment_counts')
    .select((eb) => ['status', eb.fn.sum<number | string>('n').as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}
