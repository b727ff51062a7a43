// The staff read log and the breach register (DPDP security safeguards; decision 033).
// personal_data_reads: one row per patient record a staff request showed, written by one insert per
// request; indexed for the three lookups that page through it (per patient, per staff member, by
// time), each in (… , read_at, id) order so a page is a keyset range of one index.
// breaches and breach_notices: the register, with the affected people as found when it was recorded.
// audit_log gets an index by actor and time, so a breach's "what did this account change" is a range.
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function personalDataReads(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('personal_data_reads')
        .addColumn('id', idType, id)
        .addColumn('staff_user_id', 'integer', (c) => c.notNull())
        // the role at the time of the read: the patient is shown this, never the name
        .addColumn('staff_role', 'text', (c) => c.notNull())
        .addColumn('patient_user_id', 'integer')
        .addColumn('appointment_id', 'text')
        // what was read: appointment, results, report, mail_log, contact_message, bill
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('personal_data_reads_patient').on('personal_data_reads').columns(['patient_user_id', 'read_at', 'id']).execute();
      await db.schema.createIndex('personal_data_reads_staff').on('personal_data_reads').columns(['staff_user_id', 'read_at', 'id']).execute();
      await db.schema.createIndex('personal_data_reads_time').on('personal_data_reads').columns(['read_at', 'id']).execute();
      await db.schema.createIndex('audit_log_actor_time').on('audit_log').columns(['actor_user_id', 'created_at']).execute();

      await db.schema
        .createTable('breaches')
        .addColumn('id', idType, id)
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('data_concerned', 'text', (c) => c.notNull())
        .addColumn('measures_taken', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('found_at', 'text', (c) => c.notNull())
        .addColumn('range_from', 'text', (c) => c.notNull())
        .addColumn('range_to', 'text', (c) => c.notNull())
        .addColumn('accounts_json', 'text', (c) => c.notNull())
        .addColumn('recorded_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('board_report_sent_at', 'text')
        .addColumn('board_report_sent_by', 'integer')
        .execute();
      await db.schema.createIndex('breaches_found').on('breaches').columns(['found_at', 'id']).execute();
      await db.schema
        .createTable('breach_notices')
        .addColumn('id', idType, id)
        .addColumn('breach_id', 'integer', (c) => c.notNull().references('breaches.id'))
        .addColumn('user_id', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        // what of theirs the accounts read or changed, e.g. ["appointment","report"]
        .addColumn('kinds_json', 'text', (c) => c.notNull())
        // when the notice was queued as an e-mail job (its delivery: mail_jobs by unique key)
        .addColumn('queued_at', 'text')
        .execute();
      await db.schema.createIndex('breach_notices_breach').on('breach_notices').columns(['breach_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('breach_notices').execute();
      await db.schema.dropTable('breaches').execute();
      await db.schema.dropIndex('audit_log_actor_time').execute();
      await db.schema.dropTable('personal_data_reads').execute();
    },
  };
}
