// SQL of the billing domain: a bill with its appointment, its package and the tests as charged.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function billByAppointment(db: Kysely<Database>, appointmentId: string) {
  return db
    .selectFrom('bills')
    .innerJoin('appointments', 'appointments.id', 'bills.appointment_id')
    .leftJoin('packages', 'packages.id', 'appointments.package_id')
    .select([
      'bills.appointment_id',
      'bills.generated_at',
      'bills.total_paise',
      'bills.offer_paise',
      'bills.is_paid',
      'appointments.user_id',
      'appointments.user_name',
      'appointments.user_email',
      'appointments.user_phone',
      'appointments.date',
      'appointments.time',
      'appointments.home_sample',
      'packages.name as package_name',
    ])
    .where('bills.appointment_id', '=', appointmentId)
    .executeTakeFirst();
}

export function billTests(db: Kysely<Database>, appointmentId: string) {
  return db
    .selectFrom('appointment_tests')
    .select(['name', 'price_paise'])
    .where('appointment_id', '=', appointmentId)
    .orderBy('position')
    .execute();
}
