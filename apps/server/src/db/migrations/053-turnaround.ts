// Turnaround (docs/samples.md): a test's promised hours from receipt and its cut-off time of day, as staff
// set them (a test without a row takes the samples module's default, so no row is seeded); each container's
// expected-by time, fixed when it is received; the time its visit's report was released. The queue of
// containers waiting for their report reads a partial index holding only those still waiting (received and
// not reported), so its cost follows the bench's backlog, never the years of containers behind it.
import { type Kysely, type Migration, sql } from 'kysely';

export function turnaround(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('test_turnaround')
        .addColumn('test_id', 'integer', (c) => c.primaryKey().references('tests.id').onDelete('cascade'))
        .addColumn('hours', 'integer', (c) => c.notNull())
        // HH:MM India time; a container received after it starts its clock the next open day (null: none)
        .addColumn('cutoff', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .execute();
      await db.schema.alterTable('samples').addColumn('expected_at', 'text').execute();
      await db.schema.alterTable('samples').addColumn('reported_at', 'text').execute();
      await sql`create index samples_turnaround_open on samples (expected_at, id) where status = 'received' and reported_at is null`.execute(db);
    },
    async down() {
      throw new Error('the turnaround migration is not reversible');
    },
  };
}
