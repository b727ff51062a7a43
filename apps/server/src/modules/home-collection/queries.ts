// SQL of home collection: the PIN codes served, and a day's visits with their locality, phlebotomist
// and bill, their tests' preparation, and the phlebotomists a visit can go to. (Giving a visit to a
// phlebotomist writes the appointment: modules/appointments/lifecycle.ts.)
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

/** the served PIN codes among `pins`, with their localities (in Hindi too, null where none is written) */
export function servedAmong(db: Q, pins: readonly string[]) {
  if (pins.length === 0) return Promise.resolve([]);
  return db.selectFrom('service_pins').select(['pin', 'locality', 'locality_hi']).where('pin', 'in', [...pins]).execute();
}

/** every served PIN code: a lab serves tens, not thousands */
export function allPins(db: Q) {
  return db.selectFrom('service_pins').select(['pin', 'locality', 'locality_hi']).orderBy('pin').execute();
}

export async function putPin(db: Q, pin: string, locality: string, locality_hi: string | null): Promise<void> {
  await db
    .insertInto('service_pins')
    .values({ pin, locality, locality_hi })
    .onConflict((oc) => oc.column('pin').doUpdateSet({ locality, locality_hi }))
    .execute();
}

export async function deletePin(db: Q, pin: string): Promise<boolean> {
  return Number((await db.deleteFrom('service_pins').where('pin', '=', pin).executeTakeFirst()).numDeletedRows) === 1;
}

// --- the day's home visits ---------------------------------------------------------------------------

/** a person's name as staff read it; the username when no name was given */
const nameOf = (table: string) => sql<string>`coalesce(nullif(trim(${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)}), ''), ${sql.ref(`${table}.username`)})`;

/** a day's home collections not cancelled (through appointments_date: a day holds at most its seats) */
export function visitsOn(db: Q, date: string) {
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
      'a.on_the_way_at',
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
export function testsOf(db: Q, appointmentIds: readonly string[]) {
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
export function staffMembers(db: Q) {
  return db
    .selectFrom('users as u')
    .select(['u.id', nameOf('u').as('name')])
    .where(sql<boolean>`u.role = 'staff'`)
    .where('u.staff_role', '=', 'phlebotomist')
    .execute();
}

export function staffMember(db: Q, id: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', nameOf('u').as('name')])
    .where('u.id', '=', id)
    .where(sql<boolean>`u.role = 'staff'`)
    .where('u.staff_role', '=', 'phlebotomist')
    .executeTakeFirst();
}

export function visitForUpdate(db: Q, id: string) {
  return db.selectFrom('appointments').select(['id', 'home_sample', 'status', 'phlebotomist_id', 'date', 'time', 'on_the_way_at']).where('id', '=', id).executeTakeFirst();
}
