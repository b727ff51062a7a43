// The turnaround-time report's summary (docs/samples.md, decision 072): per test, India week of the release
// (its Monday, YYYY-MM-DD) and bucket of hours from the container's receipt, how many were released and how
// many of them on time. The release adds to it in its own transaction (samples module), so the report reads a
// few hundred rows a week however many containers lie behind them. Filled here from the containers already
// reported (tat-summary-backfill.ts).
import { type Kysely, type Migration } from 'kysely';
import { backfillTat } from './tat-summary-backfill.ts';

export function tatSummary(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tat_weekly')
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('test_id', 'integer', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('released', 'integer', (c) => c.notNull())
        .addColumn('on_time', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('tat_weekly_pk', ['week', 'test_id', 'bucket'])
        .execute();
      // one test's weeks
      await db.schema.createIndex('tat_weekly_test').on('tat_weekly').columns(['test_id', 'week']).execute();

      await backfillTat(db);
    },
    async down() {
      throw new Error('the TAT summary migration is not reversible');
    },
  };
}
