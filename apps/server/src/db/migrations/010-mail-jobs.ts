// Durable e-mail jobs (decision 022): every e-mail the product sends is a row written in the same
// transaction as the change that causes it, delivered by the job runner (mail-jobs module), retried
// with backoff, and kept as the appointment's delivery log.
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function mailJobs(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('mail_jobs')
        .addColumn('id', idType, id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('appointment_id', 'text')
        // one job per key at most (a booking's reminder): rescheduling updates it instead of adding one
        .addColumn('unique_key', 'text')
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        // the composed message; null once sent (links in it are capabilities) and for reminders,
        // which are composed when they run
        .addColumn('message_json', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        // when a queued or retrying job is due; while sending, when its lease runs out
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('lock_token', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('mail_jobs_due').on('mail_jobs').columns(['state', 'run_at']).execute();
      await db.schema.createIndex('mail_jobs_appointment').on('mail_jobs').columns(['appointment_id', 'id']).execute();
      await db.schema.createIndex('mail_jobs_unique_key').on('mail_jobs').column('unique_key').unique().execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('mail_jobs').execute();
    },
  };
}
