// SQL of the home statistics: counts over categories, active tests and appointments by status.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export async function counts(db: Db) {
  const [categories, tests, appointments] = await Promise.all([
    db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('tests').select((eb) => eb.fn.countAll<number>().as('n')).where('active', '=', 1).executeTakeFirstOrThrow(),
    db
      .selectFrom('appointments')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        sql<number | null>`sum(case when ${eb.ref('status')} in ('approved', 'sample_collected', 'completed') then 1 else 0 end)`.as('approved'),
        sql<number | null>`sum(case when ${eb.ref('status')} = 'completed' then 1 else 0 end)`.as('completed'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    categories: Number(categories.n),
    tests: Number(tests.n),
    appointments: Number(appointments.total),
    approved: Number(appointments.approved ?? 0),
    completed: Number(appointments.completed ?? 0),
  };
}
