// SQL of the home collections' day view: a day's visits with their locality, phlebotomist and bill,
// their tests' preparation, the phlebotomists a visit can go to, and the guarded assignment.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** a person's name as staff read it; the username when no name was given */
const nameOf = (table: string) => sql<string>`coalesce(nullif(trim(${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)}), ''), ${sql.ref(`${table}.username`)})`;

/** a day's home collections not cancelled (through appointments_date: a day holds at most its seats) */
export function visitsOn(db: Db, date: string) {
  return db
    .selectFrom('appointments as a')
    .leftJoin('service_pins as p', 'p.pin', 'a.pin')
    .leftJoin('users as s', 's.id', 'a.phlebotomist_id')
    .leftJoin('bills as b', 'b.appointment_id', 'a.id')
    .select([
      'a.id',
      'a.reference',
      'a.time',
      'a.status',
      'a.user_name',
      'a.user_phone',
      'a.address',
      'a.pin',
      'p.locality',
      'a.phlebotomist_id',
      nameOf('s').as('phlebotomist_name'),
      'b.id as bill_id',
    ])
    .where('a.date', '=', date)
    .where('a.home_sample', '=', 1)
    .where('a.status', '<>', 'cancelled')
    .orderBy('a.time')
    .orderBy('a.id')
    .execute();
}

export type VisitRow = Awaited<ReturnType<typeof visitsOn>>[number];

/** the visits' tests with the catalogue's preparation, in the order booked */
export function testsOf(db: Db, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('appointment_tests as at')
    .leftJoin('tests as t', 't.id', 'at.test_id')
    .select(['at.appointment_id', 'at.name', 't.fasting_hours', 't.preparation', 't.latest_time'])
    .where('at.appointment_id', 'in', [...appointmentIds])
    .orderBy('at.appointment_id')
    .orderBy('at.position')
    .execute();
}

/** the active phlebotomists, the only staff a visit can go to (partial index users_staff, migration 017) */
export function staffMembers(db: Db) {
  return db
    .selectFrom('users as u')
    .select(['u.id', nameOf('u').as('name')])
    .where(sql<boolean>`u.role = 'staff'`)
    .where('u.staff_role', '=', 'phlebotomist')
    .execute();
}

export function staffMember(db: Db, id: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', nameOf('u').as('name')])
    .where('u.id', '=', id)
    .where(sql<boolean>`u.role = 'staff'`)
    .where('u.staff_role', '=', 'phlebotomist')
    .executeTakeFirst();
}

export function visitForUpdate(db: Db, id: string) {
  return db.selectFrom('appointments').select(['id', 'home_sample', 'status', 'phlebotomist_id', 'date', 'time']).where('id', '=', id).executeTakeFirst();
}

/** sets the phlebotomist only if nobody changed it meanwhile; false when the row moved on */
export async function setPhlebotomist(db: Db, id: string, from: number | null, to: number | null, now: string): Promise<boolean> {
  const res = await db
    .updateTable('appointments')
    .set({ phlebotomist_id: to, updated_at: now })
    .where('id', '=', id)
    .where((eb) => (from === null ? eb('phlebotomist_id', 'is', null) : eb('phlebotomist_id', '=', from)))
    .where('status', '<>', 'cancelled')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}
