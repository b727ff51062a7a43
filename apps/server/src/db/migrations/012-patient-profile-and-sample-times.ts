// The patient's own age and sex on the account (prefilled into bookings), and when a sample was
// collected and when it reached the lab, kept apart on the appointment (the report prints both).
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../index.ts';

export function patientProfileAndSampleTimes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('date_of_birth', 'text').execute();
      await db.schema.alterTable('users').addColumn('age_years', 'integer').execute();
      // An age in years is true on the day it was given; the profile ages it from that day on.
      await db.schema.alterTable('users').addColumn('age_recorded_on', 'text').execute();
      await db.schema.alterTable('users').addColumn('sex', 'text').execute();

      await db.schema.alterTable('appointments').addColumn('sample_collected_at', 'text').execute();
      await db.schema.alterTable('appointments').addColumn('sample_received_at', 'text').execute();
      // Samples collected before this migration: the moment staff marked them collected, for both.
      await sql`
        UPDATE appointments SET sample_collected_at = (
          SELECT max(l.created_at) FROM audit_log l
          WHERE l.entity = 'appointment' AND l.entity_id = appointments.id AND l.action = 'status'
            AND l.after_json LIKE '%"sample_collected"%'
        )
        WHERE status IN ('sample_collected', 'completed')`.execute(db);
      await sql`UPDATE appointments SET sample_received_at = sample_collected_at`.execute(db);
    },
    async down() {
      throw new Error('the patient profile migration is not reversible');
    },
  };
}
