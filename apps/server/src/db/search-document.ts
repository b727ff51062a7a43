// The one text per appointment that the staff search looks in, as SQL for both databases: the name's
// key, e-mail, phone, the phone's digits alone, the id and the booking reference, lower-cased. The
// PostgreSQL index is on this expression and the SQLite FTS table is filled from it, so the search
// must use exactly this (searchDocumentSql('a.')).
import type { AppointmentStatus } from './schema.ts';

export const APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['booked', 'approved', 'sample_collected', 'completed', 'cancelled'];

/** PostgreSQL rows per status in appointment_counts: concurrent bookings update different rows */
export const COUNTER_SHARDS = 16;

/** `prefix`: '' in an index definition, 'NEW.' in a trigger, 'a.' in a query */
export function searchDocumentSql(prefix: string): string {
  const c = (name: string) => `${prefix}${name}`;
  const digits = `replace(replace(replace(${c('user_phone')}, ' ', ''), '-', ''), '+', '')`;
  return `coalesce(${c('user_name_key')}, lower(${c('user_name')})) || ' ' || lower(${c('user_email')}) || ' ' || lower(${c('user_phone')}) || ' ' || ${digits} || ' ' || lower(${c('id')}) || ' ' || lower(coalesce(${c('reference')}, ''))`;
}
