// SQL of claiming guest bookings: the account's e-mail, and the guest appointments booked with it (the
// claim itself writes the appointment: modules/appointments/lifecycle.ts).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

export function account(db: Q, userId: number) {
  return db.selectFrom('users').select(['id', 'email', 'email_key', 'email_verified_at', 'first_name', 'username', 'language']).where('id', '=', userId).executeTakeFirst();
}

/** appointments made as a guest with this e-mail (compared as the account's lower-cased key) */
export function guestAppointments(db: Q, emailKey: string) {
  return db
    .selectFrom('appointments')
    .select(['id', 'reference'])
    .where('user_id', 'is', null)
    .where(sql<string>`lower(trim(user_email))`, '=', emailKey)
    .orderBy('created_at')
    .execute();
}
