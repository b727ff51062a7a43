// Every write of an appointment's row, as SQL: the booking's insert with its tests as charged, the
// guarded moves along the lifecycle (appointment-flow.ts), what staff record on a visit (phlebotomist,
// patient details, sample times, a critical result's call), a guest booking joined to an account, and
// the erasures of the privacy rules. Nothing else writes the appointments table. Each function takes the
// caller's transaction, so a change and its audit entry commit together as before.
import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../../db/index.ts';
import { insertMany } from '../../db/insert-many.ts';
import type { AppointmentStatus, AppointmentsTable, AppointmentTestsTable, Database, PatientSex } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** new bookings with their tests as charged: one statement per table (the booking writer's batch) */
export async function insertAppointments(
  trx: Db,
  dialect: Dialect,
  appointments: Array<Insertable<AppointmentsTable>>,
  tests: Array<Insertable<AppointmentTestsTable>>,
): Promise<void> {
  await insertMany(trx, dialect, 'appointments', appointments);
  await insertMany(trx, dialect, 'appointment_tests', tests);
}

/** moves the status only if nobody changed it meanwhile; false when the guard failed */
export async function setStatus(db: Db, id: string, from: AppointmentStatus, to: AppointmentStatus, now: string): Promise<boolean> {
  const res = await db
    .updateTable('appointments')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** a patient's cancel or reschedule: changes the row only if nobody changed it meanwhile; false when the row moved on */
export async function updateIfUnchanged(
  db: Db,
  id: string,
  expectedStatus: AppointmentsTable['status'],
  expectedUpdatedAt: string,
  changes: Partial<Pick<AppointmentsTable, 'status' | 'date' | 'time' | 'updated_at'>>,
): Promise<boolean> {
  const res = await db
    .updateTable('appointments')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .where('updated_at', '=', expectedUpdatedAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** sets a home visit's phlebotomist only if nobody changed it meanwhile; false when the row moved on */
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

/**
 * marks a home visit's collector as on the way (the run sheet's button, once): false when it was
 * already marked, the visit is not (or no longer) this collector's, or it is cancelled or collected
 */
export async function setOnTheWay(db: Db, id: string, phlebotomistId: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('appointments')
    .set({ on_the_way_at: now, updated_at: now })
    .where('id', '=', id)
    .where('on_the_way_at', 'is', null)
    .where('phlebotomist_id', '=', phlebotomistId)
    .where('status', 'in', ['booked', 'approved'])
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** a member's channel choice, changed in the profile, applies to their visits still to come (messaging/channels/settings.ts) */
export async function setUpcomingChannels(db: Db, userId: number, channels: string, now: string): Promise<void> {
  await db.updateTable('appointments').set({ channels, updated_at: now }).where('user_id', '=', userId).where('status', 'in', ['booked', 'approved', 'sample_collected']).execute();
}

/** joins a guest appointment to the account; false when someone else claimed it meanwhile */
export async function claimForAccount(db: Db, appointmentId: string, userId: number): Promise<boolean> {
  const res = await db.updateTable('appointments').set({ user_id: userId }).where('id', '=', appointmentId).where('user_id', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** a typed referring doctor matched to the lab's directory (people/doctors.ts) */
export async function setDoctor(trx: Db, id: string, doctorId: number): Promise<void> {
  await trx.updateTable('appointments').set({ doctor_id: doctorId }).where('id', '=', id).execute();
}

/**
 * Locks a household's shared visit (docs/families-and-doctors.md) for the caller's transaction: an update of
 * its first appointment's row that changes nothing. Two people of one visit cancelled at once then decide in
 * turn whether the visit's seat is free, so it is given back exactly once.
 */
export async function lockVisit(trx: Db, visitId: string): Promise<void> {
  await trx.updateTable('appointments').set((eb) => ({ visit_id: eb.ref('visit_id') })).where('id', '=', visitId).execute();
}

/** moves a household visit's appointments to a new date and time, back to booked (a reschedule); answers how many moved */
export async function moveVisit(trx: Db, ids: readonly string[], to: { date: string; time: string }, now: string): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await trx
    .updateTable('appointments')
    .set({ date: to.date, time: to.time, status: 'booked', updated_at: now })
    .where('id', 'in', ids)
    .where('status', 'in', ['booked', 'approved'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** a family member's visits move to the account they took over (people/members.ts); answers how many moved */
export async function moveMemberVisits(trx: Db, memberId: number, toUserId: number): Promise<number> {
  const moved = await trx.updateTable('appointments').set({ user_id: toUserId, member_id: null }).where('member_id', '=', memberId).executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

export async function setPatient(trx: Db, id: string, p: { date_of_birth: string | null; age_years: number | null; sex: PatientSex }, now: string): Promise<void> {
  await trx
    .updateTable('appointments')
    .set({ patient_date_of_birth: p.date_of_birth, patient_age_years: p.age_years, patient_sex: p.sex, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setCriticalCall(trx: Db, id: string, call: { at: string | null; by: number | null; note: string | null }): Promise<void> {
  await trx.updateTable('appointments').set({ critical_called_at: call.at, critical_called_by: call.by, critical_call_note: call.note }).where('id', '=', id).execute();
}

/** both times at once; `onlyIfUnset` keeps times staff already recorded (the status moved back and forth) */
export async function setSampleTimes(db: Db, id: string, t: { collected_at: string; received_at: string }, onlyIfUnset = false): Promise<void> {
  let update = db.updateTable('appointments').set({ sample_collected_at: t.collected_at, sample_received_at: t.received_at }).where('id', '=', id);
  if (onlyIfUnset) update = update.where('sample_collected_at', 'is', null);
  await update.execute();
}

/** guest bookings past the contact period: their e-mail, phone and address go (the retention job) */
export async function eraseGuestContact(trx: Db, ids: readonly string[], at: string): Promise<void> {
  await trx.updateTable('appointments').set({ user_email: '', user_phone: '', address: '', pin: null, contact_erased_at: at }).where('id', 'in', [...ids]).execute();
}

/** guest bookings past the bills' and reports' legal periods: the name, age, sex and ABHA go (the retention job) */
export async function eraseGuestNames(trx: Db, ids: readonly string[], at: string): Promise<void> {
  await trx
    .updateTable('appointments')
    .set({ user_name: 'Guest', user_name_key: null, patient_date_of_birth: null, patient_age_years: null, patient_sex: null, critical_call_note: null, abha_number: null, abha_address: null, name_erased_at: at })
    .where('id', 'in', [...ids])
    .execute();
}

/** a closed account's bookings: detached from it, nameless and without contact details */
export async function eraseClosedAccount(trx: Db, ids: readonly string[], at: string): Promise<void> {
  await trx
    .updateTable('appointments')
    .set({
      user_id: null,
      user_name: 'Closed account',
      user_name_key: null,
      user_email: '',
      user_phone: '',
      address: '',
      pin: null,
      patient_date_of_birth: null,
      patient_age_years: null,
      patient_sex: null,
      critical_call_note: null,
      abha_number: null,
      abha_address: null,
      contact_erased_at: at,
      name_erased_at: at,
      updated_at: at,
    })
    .where('id', 'in', [...ids])
    .execute();
}
