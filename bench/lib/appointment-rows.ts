// An appointment row as a benchmark seeds it straight into the table (many at a time, no booking rules):
// what varies is given, every optional column is empty.
import type { Insertable } from 'kysely';
import type { AppointmentsTable } from '../../apps/server/src/db/schema.ts';

export function appointmentRow(row: Pick<Insertable<AppointmentsTable>, 'id' | 'reference' | 'user_name' | 'user_email' | 'user_phone' | 'date' | 'home_sample' | 'address' | 'status'>, at: string): Insertable<AppointmentsTable> {
  return {
    ...row,
    user_id: null,
    user_name_key: row.user_name.toLowerCase(),
    time: '09:00',
    created_at: at,
    updated_at: at,
    patient_date_of_birth: null,
    patient_age_years: null,
    patient_sex: null,
    critical_called_at: null,
    critical_called_by: null,
    critical_call_note: null,
    sample_collected_at: null,
    sample_received_at: null,
    pin: null,
    phlebotomist_id: null,
  };
}
