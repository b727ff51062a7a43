// SQL of the home statistics: counts over categories and active tests (read once a catalogue version:
// service.ts), and the appointments by status from the counters the database keeps on every change (migration 012), so
// no request counts the appointments themselves.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** the active tests and the categories: they change only with the catalogue, so its version keys them */
export async function catalogueCounts(db: Db): Promise<{ categories: number; tests: number }> {
  const [categories, tests] = await Promise.all([
    db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('tests').select((eb) => eb.fn.countAll<number>().as('n')).where('active', '=', 1).executeTakeFirstOrThrow(),
  ]);
  return { categories: Number(categories.n), tests: Number(tests.n) };
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
