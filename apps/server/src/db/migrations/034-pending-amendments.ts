// An amendment waits for a second pathologist (docs/decisions/046): the values one pathologist enters
// to change a released report are held here, apart from the results and the released versions, until a
// different pathologist releases them as the next version or the amendment is discarded. One pending
// amendment per appointment; it goes with the report version it amends (erasure or retention of the
// reports takes it along).
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function pendingAmendments(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('report_amendments')
        .addColumn('id', idType, id)
        .addColumn('appointment_id', 'text', (c) => c.notNull().unique().references('appointments.id').onDelete('cascade'))
        .addColumn('base_report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
        .addColumn('reason', 'text', (c) => c.notNull())
        // [{parameter_id, value}] as checked: the values the next version will hold
        .addColumn('values_json', 'text', (c) => c.notNull())
        .addColumn('entered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('entered_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_amendments_base').on('report_amendments').column('base_report_id').execute();
    },
    async down() {
      throw new Error('the pending amendments migration is not reversible');
    },
  };
}
