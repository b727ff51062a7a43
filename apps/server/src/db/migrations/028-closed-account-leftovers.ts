// What closing an account (decision 032) left behind, mended:
// - a released report's verification code stays answerable after its patient closes the account: the
//   report is then only in kept_records, so the code gets a column and an index there; the rows kept
//   before this migration get their code from their stored copy;
// - the contact form's messages sent from the account's e-mail address are erased with it: an index
//   on the address, lower-cased, finds them without reading the inbox through;
// - the delivery log of e-mails about no booking (password resets, grievance answers, the closing
//   e-mail itself) kept their recipient for ever: the retention job now erases it, through a partial
//   index of exactly the rows still naming one.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function closedAccountLeftovers(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('kept_records').addColumn('verification_code', 'text').execute();
      await db.schema.createIndex('kept_records_code').on('kept_records').column('verification_code').execute();
      const code = dialect === 'postgres' ? sql`(data_json::json ->> 'verification_code')` : sql`json_extract(data_json, '$.verification_code')`;
      await db.updateTable('kept_records').set({ verification_code: code }).where('kind', '=', 'report').execute();
      await db.schema.createIndex('contact_messages_email').on('contact_messages').expression(sql`lower(email)`).execute();
      await db.schema
        .createIndex('mail_jobs_unlinked_recipient')
        .on('mail_jobs')
        .columns(['created_at', 'id'])
        .where(sql.ref('appointment_id'), 'is', null)
        .where(sql.ref('recipient'), '<>', '')
        .execute();
    },
    async down() {
      throw new Error('the closed-account leftovers migration is not reversible');
    },
  };
}
