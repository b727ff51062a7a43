// SQL of the membership domain: plans and the memberships of a user.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const planColumns = ['id', 'name', 'name_hi', 'price_paise', 'discount_percentage', 'duration_days', 'refund_rule'] as const;

export function activePlans(db: Db) {
  return db.selectFrom('membership_plans').select(planColumns).where('active', '=', 1).orderBy('price_paise').orderBy('id').execute();
}

export function activePlan(db: Db, id: number) {
  return db.selectFrom('membership_plans').select(planColumns).where('id', '=', id).where('active', '=', 1).executeTakeFirst();
}

/** the user's latest membership that was not cancelled (it may have run out, or await payment), with its plan and bill */
export function latestApprovedMembership(db: Db, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('membership_plans as p', 'p.id', 'm.plan_id')
    .leftJoin('bills as b', 'b.membership_id', 'm.id')
    .select(['m.id', 'm.plan_id', 'm.start_date', 'm.end_date', 'm.status', 'p.name as plan', 'p.name_hi as plan_hi', 'p.discount_percentage', 'b.access_key as bill_key'])
    .where('m.user_id', '=', userId)
    .where('m.status', '<>', 'Cancelled')
    .orderBy('m.end_date', 'desc')
    .orderBy('m.id', 'desc')
    .executeTakeFirst();
}

/** the user's membership running today (India), or awaiting its payment, if any; pricing counts only the running one */
export function activeMembership(db: Db, userId: number, today: string) {
  return db
    .selectFrom('memberships')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb.and([eb('status', '=', 'Approved'), eb('start_date', '<=', today), eb('end_date', '>=', today)]), eb('status', '=', 'Awaiting payment')]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Whether the user still exists; on PostgreSQL it also takes a row lock on them so two subscribes of one
 * person run one after the other. SQLite needs no lock: its one connection runs transactions one at a time.
 */
export async function lockUser(db: Transaction<Database>, userId: number, dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

export function insertMembership(
  db: Db,
  row: { user_id: number; plan_id: number; start_date: string; end_date: string; created_at: string; status: 'Approved' | 'Awaiting payment' },
) {
  return db
    .insertInto('memberships')
    .values({ ...row, ended_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function cancelMembership(db: Db, id: number, endedAt: string) {
  return db.updateTable('memberships').set({ status: 'Cancelled', ended_at: endedAt }).where('id', '=', id).where('status', '<>', 'Cancelled').executeTakeFirst();
}
