// Test results and verified reports: what each test measures (parameters and their reference
// intervals), who the sample belongs to (age and sex on the appointment), staff roles, the results
// entered per appointment, and the released reports with the intervals they were released with.
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function testResults(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  // Limits and values such as 0.45 or 150000 need a real number on both databases.
  const real = 'double precision';

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('test_parameters')
        .addColumn('id', idType, id)
        .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('result_type', 'text', (c) => c.notNull())
        .addColumn('decimals', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('choices_json', 'text')
        .addColumn('normal_choice', 'text')
        .addColumn('method', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sample_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('test_parameters_test').on('test_parameters').columns(['test_id', 'sort_order']).execute();

      await db.schema
        .createTable('reference_intervals')
        .addColumn('id', idType, id)
        .addColumn('parameter_id', 'integer', (c) => c.notNull().references('test_parameters.id').onDelete('cascade'))
        .addColumn('sex', 'text', (c) => c.notNull().defaultTo('any'))
        .addColumn('age_unit', 'text', (c) => c.notNull().defaultTo('years'))
        .addColumn('age_from', 'integer', (c) => c.notNull().defaultTo(0))
        // exclusive; null: no upper age
        .addColumn('age_to', 'integer')
        .addColumn('lower', real)
        .addColumn('upper', real)
        .addColumn('critical_low', real)
        .addColumn('critical_high', real)
        .execute();
      await db.schema.createIndex('reference_intervals_parameter').on('reference_intervals').column('parameter_id').execute();

      await db.schema
        .alterTable('appointments')
        .addColumn('patient_date_of_birth', 'text')
        .execute();
      await db.schema.alterTable('appointments').addColumn('patient_age_years', 'integer').execute();
      await db.schema.alterTable('appointments').addColumn('patient_sex', 'text').execute();
      // A critical value stays at the top of the staff queue until a call to the patient or doctor is recorded.
      await db.schema.alterTable('appointments').addColumn('critical_called_at', 'text').execute();
      await db.schema.alterTable('appointments').addColumn('critical_called_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
      await db.schema.alterTable('appointments').addColumn('critical_call_note', 'text').execute();

      await db.schema.alterTable('users').addColumn('staff_role', 'text').execute();
      await db.schema.alterTable('users').addColumn('qualification', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('users').addColumn('registration_no', 'text', (c) => c.notNull().defaultTo('')).execute();
      // Every staff account so far could do everything; it keeps doing so as an admin.
      await sql`UPDATE users SET staff_role = 'admin' WHERE role = 'staff'`.execute(db);

      await db.schema
        .createTable('results')
        .addColumn('id', idType, id)
        .addColumn('appointment_id', 'text', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
        .addColumn('parameter_id', 'integer', (c) => c.notNull().references('test_parameters.id'))
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('numeric_value', real)
        .addColumn('flag', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('entered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('entered_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('results_appointment_parameter', ['appointment_id', 'parameter_id'])
        .execute();

      await db.schema
        .createTable('reports')
        .addColumn('id', idType, id)
        .addColumn('appointment_id', 'text', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('verification_code', 'text', (c) => c.notNull().unique())
        .addColumn('released_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('released_at', 'text', (c) => c.notNull())
        .addColumn('superseded_at', 'text')
        .addColumn('amendment_reason', 'text')
        // Everything the PDF shows, as released: later catalogue edits never change a released report.
        .addColumn('snapshot_json', 'text', (c) => c.notNull())
        .addUniqueConstraint('reports_appointment_version', ['appointment_id', 'version'])
        .execute();
    },
    async down() {
      throw new Error('the test results migration is not reversible');
    },
  };
}
