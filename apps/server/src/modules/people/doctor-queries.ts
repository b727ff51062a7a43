// SQL of referring doctors (modules/people/doctors.ts): the directory, searched by the start of a name; a
// booking's doctor and the patient's consent; a doctor's sign-in tokens by hash; the released reports a
// doctor may read; the referrals of a month.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DoctorTokensTable, ReferringDoctorsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type DoctorRow = Selectable<ReferringDoctorsTable>;

/**
 * doctors whose name (without "Dr") may start with `key`: the range of the name_key index from the key to
 * the key followed by the last character (the caller keeps those that truly start with it, whatever the
 * database's collation puts in the range)
 */
export function doctorsFrom(db: Db, key: string, limit: number): Promise<DoctorRow[]> {
  return db.selectFrom('referring_doctors').selectAll().where('name_key', '>=', key).where('name_key', '<', `${key}\uffff`).orderBy('name_key').limit(limit).execute();
}

export function allDoctors(db: Db, limit: number): Promise<DoctorRow[]> {
  return db.selectFrom('referring_doctors').selectAll().orderBy('name_key').limit(limit).execute();
}

export function doctorById(db: Db, id: number): Promise<DoctorRow | undefined> {
  return db.selectFrom('referring_doctors').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertDoctor(db: Db, row: Insertable<ReferringDoctorsTable>): Promise<number> {
  return (await db.insertInto('referring_doctors').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateDoctor(db: Db, id: number, patch: Updateable<ReferringDoctorsTable>): Promise<void> {
  await db.updateTable('referring_doctors').set(patch).where('id', '=', id).execute();
}

/** the doctor registered with an e-mail address (as kept: lower-cased) or a phone (as kept: digits only) */
export function doctorByContact(db: Db, contact: { email: string } | { phone: string }): Promise<DoctorRow | undefined> {
  const q = db.selectFrom('referring_doctors').selectAll();
  return ('email' in contact ? q.where('email', '=', contact.email) : q.where('phone', '=', contact.phone)).limit(1).executeTakeFirst();
}

export async function insertToken(db: Db, row: Insertable<DoctorTokensTable>): Promise<void> {
  await db.insertInto('doctor_tokens').values(row).execute();
}

/** a token not used and not expired, by the hash of what was presented */
export function liveToken(db: Db, kind: DoctorTokensTable['kind'], hash: string, now: string) {
  return db
    .selectFrom('doctor_tokens')
    .select(['id', 'doctor_id', 'expires_at'])
    .where('token_hash', '=', hash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** marks a one-time link used; false when another request used it first */
export async function useToken(db: Db, id: number, now: string): Promise<boolean> {
  const r = await db.updateTable('doctor_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** the released reports of a doctor's referrals whose patients agreed that the doctor sees them (the partial doctor index) */
export function reportsForDoctor(db: Db, doctorId: number) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('reports as r', 'r.appointment_id', 'a.id')
    .select(['a.id as appointment_id', 'a.user_name as patient_name', 'a.date', 'r.released_at', 'r.version'])
    .where('a.doctor_id', '=', doctorId)
    .where('a.doctor_consent_at', 'is not', null)
    .where('r.status', '=', 'released')
    .orderBy('r.released_at', 'desc')
    .limit(500)
    .execute();
}

/** whether the doctor may read this appointment's report: their referral, the patient agreed, released */
export async function doctorMayRead(db: Db, doctorId: number, appointmentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('reports as r', 'r.appointment_id', 'a.id')
    .select('a.id')
    .where('a.id', '=', appointmentId)
    .where('a.doctor_id', '=', doctorId)
    .where('a.doctor_consent_at', 'is not', null)
    .where('r.status', '=', 'released')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** the bookings of a month (India dates) naming a doctor, with their bills' totals (the date index bounds it to the month) */
export function referralsBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('bills as b', 'b.appointment_id', 'a.id')
    .leftJoin('referring_doctors as d', 'd.id', 'a.doctor_id')
    .select(['a.doctor_id', 'a.doctor_name', 'd.name', 'd.clinic', 'b.total_paise'])
    .where('a.date', '>=', from)
    .where('a.date', '<=', to)
    .where('a.status', '!=', 'cancelled')
    .where((eb) => eb.or([eb('a.doctor_id', 'is not', null), eb('a.doctor_name', 'is not', null)]))
    .execute();
}
