// SQL of the booking domain's reads: a patient's appointments with their bills, a booking by its
// reference. The rows are written through modules/appointments (lifecycle.ts), which owns the table.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

const appointmentColumns = [
  'appointments.id',
  'appointments.reference',
  'appointments.user_id',
  'appointments.user_name',
  'appointments.user_email',
  'appointments.user_phone',
  'appointments.date',
  'appointments.time',
  'appointments.home_sample',
  'appointments.address',
  'appointments.status',
  'appointments.package_id',
  'appointments.member_id',
  'appointments.visit_id',
  'appointments.created_at',
  'appointments.updated_at',
  'appointments.language',
  'bills.total_paise',
  'bills.offer_paise',
  'bills.package_paise',
  'bills.is_paid',
  'bills.generated_at',
  'packages.name as package_name',
  'packages.name_hi as package_name_hi',
] as const;

export function appointmentWithBill(db: Q, id: string) {
  return db
    .selectFrom('appointments')
    .innerJoin('bills', 'bills.appointment_id', 'appointments.id')
    .leftJoin('packages', 'packages.id', 'appointments.package_id')
    .select(appointmentColumns)
    .where('appointments.id', '=', id)
    .executeTakeFirst();
}

export type AppointmentWithBill = NonNullable<Awaited<ReturnType<typeof appointmentWithBill>>>;

export function userAppointments(db: Q, userId: number): Promise<AppointmentWithBill[]> {
  return db
    .selectFrom('appointments')
    .innerJoin('bills', 'bills.appointment_id', 'appointments.id')
    .leftJoin('packages', 'packages.id', 'appointments.package_id')
    .select(appointmentColumns)
    .where('appointments.user_id', '=', userId)
    .orderBy('appointments.created_at', 'desc')
    .orderBy('appointments.id', 'desc')
    .execute();
}

/** the appointment holding a booking reference (stored normalised, see the contract's booking-reference.ts) */
export function appointmentByReference(db: Q, reference: string) {
  return db.selectFrom('appointments').select(['id', 'reference', 'user_email', 'user_phone']).where('reference', '=', reference).executeTakeFirst();
}

/** whether the appointment has a released report version (find my booking shows its link) */
export async function hasReleasedReport(db: Q, appointmentId: string): Promise<boolean> {
  const row = await db.selectFrom('reports').select('id').where('appointment_id', '=', appointmentId).where('status', '=', 'released').limit(1).executeTakeFirst();
  return row !== undefined;
}
