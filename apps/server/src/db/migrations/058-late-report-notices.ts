// Late-report notices (docs/samples.md, decision 071): a container whose report passed its expected time
// unreleased is told to its patient once, with a new expected time. The container keeps the promise made
// at receipt (`expected_at`, the queue's "overdue" reads it) and gains the renewed one and when the notice
// went. The periodic task reads a partial index holding only the received containers, not reported and
// not yet noticed, by expected time: its cost follows the late backlog, never the years behind it.
import { type Kysely, type Migration, sql } from 'kysely';

export function lateReportNotices(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('samples').addColumn('late_notice_at', 'text').execute();
      await db.schema.alterTable('samples').addColumn('renewed_expected_at', 'text').execute();
      await sql`create index samples_late_due on samples (expected_at, id) where status = 'received' and reported_at is null and late_notice_at is null`.execute(db);
    },
    async down() {
      throw new Error('the late-report notices migration is not reversible');
    },
  };
}
