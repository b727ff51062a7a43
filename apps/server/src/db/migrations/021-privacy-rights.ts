// The patient's rights under the DPDP Act (modules/privacy): correction requests, grievances,
// nominees, what a closed account keeps by law (apart from the person's contact details), the daily
// retention runs (one row per task and India day: claimed once across processes), and the marks of
// erasure on accounts and guest bookings, each with the partial index the retention tasks read.
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function privacyRights(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('closed_at', 'text').execute();
      // a guest booking's contact details (e-mail, phone, address), then its name, erased by the retention job
      await db.schema.alterTable('appointments').addColumn('contact_erased_at', 'text').execute();
      await db.schema.alterTable('appointments').addColumn('name_erased_at', 'text').execute();
      // Only guest rows not yet erased are in these indexes: the daily task reads the old ones by date
      // and the index never holds the years of rows already done.
      await db.schema.createIndex('appointments_guest_contact_due').on('appointments').column('date').where(sql.ref('user_id'), 'is', null).where(sql.ref('contact_erased_at'), 'is', null).execute();
      await db.schema.createIndex('appointments_guest_name_due').on('appointments').column('date').where(sql.ref('user_id'), 'is', null).where(sql.ref('name_erased_at'), 'is', null).execute();

      await db.schema
        .createTable('correction_requests')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('concerns', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('resolution', 'text')
        .addColumn('resolved_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .execute();
      await db.schema.createIndex('correction_requests_user').on('correction_requests').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('correction_requests_status').on('correction_requests').columns(['status', 'created_at']).execute();

      await db.schema
        .createTable('grievances')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('answer', 'text')
        .addColumn('answered_by', 'integer', (c) => c.references('users.id'))
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text')
        .execute();
      await db.schema.createIndex('grievances_user').on('grievances').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('grievances_status_due').on('grievances').columns(['status', 'due_date']).execute();

      await db.schema
        .createTable('nominees')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('relation', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      // What the law makes the lab keep of a closed account (bills, reports), as copies apart from the
      // appointments, which lose the person's details; read only on the admin path, erased after kept_until.
      await db.schema
        .createTable('kept_records')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('kept_until', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('kept_records_user').on('kept_records').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('kept_records_until').on('kept_records').column('kept_until').execute();

      await db.schema
        .createTable('retention_runs')
        .addColumn('task', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('lock_token', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('done_at', 'text')
        .addColumn('affected', 'integer')
        .addColumn('last_error', 'text')
        .addPrimaryKeyConstraint('retention_runs_pk', ['task', 'day'])
        .execute();
      await db.schema.createIndex('retention_runs_pending').on('retention_runs').columns(['done_at', 'lease_until']).execute();
    },
    async down() {
      throw new Error('the privacy rights migration is not reversible');
    },
  };
}
