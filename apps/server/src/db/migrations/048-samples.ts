// Samples (docs/samples.md): what a test is drawn into (its container and volume) as staff set it, the
// containers drawn at a collection with their accession numbers, which tests each container serves, and
// one counter row per India day from which accession numbers are taken (like invoice numbers: bumped in
// the collecting transaction, so numbers are gap-free per day across processes). A test without a row of
// its own takes the container the samples module's defaults name (no row is seeded, so a catalogue of
// any size needs none).
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function samples(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('test_samples')
        .addColumn('test_id', 'integer', (c) => c.primaryKey().references('tests.id').onDelete('cascade'))
        // a container code (samples/containers.ts): 'edta', 'sst', 'fluoride', 'citrate', 'urine', …, 'none'
        .addColumn('container', 'text', (c) => c.notNull())
        // microlitres, so whole numbers carry a 0.5 ml
        .addColumn('volume_ul', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .execute();

      await db.schema
        .createTable('accession_days')
        // the India date, YYYY-MM-DD
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('samples')
        .addColumn('id', idType, id)
        .addColumn('accession', 'text', (c) => c.notNull().unique())
        .addColumn('appointment_id', 'text', (c) => c.notNull().references('appointments.id'))
        .addColumn('container', 'text', (c) => c.notNull())
        .addColumn('volume_ul', 'integer', (c) => c.notNull())
        // 'collected' | 'received' | 'rejected'
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('collected_at', 'text', (c) => c.notNull())
        .addColumn('collected_by', 'integer')
        .addColumn('received_at', 'text')
        .addColumn('received_by', 'integer')
        // a rejected container's reason (samples/rejection.ts reasons), when and by whom
        .addColumn('reject_reason', 'text')
        .addColumn('rejected_at', 'text')
        .addColumn('rejected_by', 'integer')
        // accepted with a problem (a reason of the same list): the report marks the results from it
        .addColumn('problem', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('samples_appointment').on('samples').column('appointment_id').execute();

      // a rejected container's free recollection: the slot the patient picked by the e-mail's link (null: not yet)
      await db.schema
        .createTable('recollections')
        .addColumn('id', idType, id)
        .addColumn('sample_id', 'integer', (c) => c.notNull().unique().references('samples.id'))
        .addColumn('appointment_id', 'text', (c) => c.notNull())
        .addColumn('home_sample', 'integer', (c) => c.notNull())
        .addColumn('date', 'text')
        .addColumn('time', 'text')
        .addColumn('chosen_at', 'text')
        // when the new container was drawn
        .addColumn('collected_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recollections_appointment').on('recollections').column('appointment_id').execute();

      await db.schema
        .createTable('sample_tests')
        .addColumn('sample_id', 'integer', (c) => c.notNull().references('samples.id'))
        .addColumn('test_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sample_tests_pk', ['sample_id', 'test_id'])
        .execute();
    },
    async down() {
      throw new Error('the samples migration is not reversible');
    },
  };
}
