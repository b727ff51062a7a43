// Orders out to the analysers (docs/analysers.md, decision 073): an order is a row of `mail_jobs` on the
// channel 'analyser' (the e-mail jobs' runner delivers it, with their retries and final failed state).
// The Analysers screen counts each analyser's orders that failed for good; this partial index holds only
// those rows, so the count never reads the growing table of e-mails.
import { type Kysely, type Migration, sql } from 'kysely';

export function analyserOrders(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`create index mail_jobs_analyser_failed on mail_jobs (recipient, updated_at) where channel = 'analyser' and state = 'failed'`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index mail_jobs_analyser_failed`.execute(db);
    },
  };
}
