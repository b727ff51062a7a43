// WhatsApp and SMS beside e-mail (docs/messaging.md): a message to a phone is a row of `mail_jobs` like an
// e-mail (decision 022), told apart by `channel` ('email' for every row written before); the provider's id
// of a sent message, which its delivery receipts name, and what the last receipt said. Webhook events
// already applied are kept by id, so a provider's replay changes nothing twice, and a receipt that
// overtook its job's outcome waits for it; a number's opt-out from a
// channel (a STOP reply or the provider's event) is kept per channel and E.164 number. The patient's
// choice of channels: on the account, and on the appointment for a guest's booking. A home visit's
// "collector on the way" moment, pressed once on the run sheet.
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function channels(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('mail_jobs').addColumn('channel', 'text', (c) => c.notNull().defaultTo('email')).execute();
      await db.schema.alterTable('mail_jobs').addColumn('provider_message_id', 'text').execute();
      // the provider's last receipt: 'sent' | 'delivered' | 'read' | 'failed'
      await db.schema.alterTable('mail_jobs').addColumn('delivery', 'text').execute();
      await db.schema.alterTable('mail_jobs').addColumn('delivered_at', 'text').execute();
      await db.schema.alterTable('mail_jobs').addColumn('read_at', 'text').execute();
      // partial: only sent phone messages have a provider id, so queuing a job (a booking's insert) maintains no entry
      await db.schema
        .createIndex('mail_jobs_provider_message')
        .on('mail_jobs')
        .columns(['channel', 'provider_message_id'])
        .where(sql.ref('provider_message_id'), 'is not', null)
        .execute();

      await db.schema
        .createTable('channel_events')
        .addColumn('id', idType, id)
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('channel_events_channel_event', ['channel', 'event_id'])
        .execute();

      // a receipt that came before its job was marked sent with the provider's id (the runner writes its
      // outcomes together, decision 036): kept, and applied when the job's outcome is written
      await db.schema
        .createTable('channel_early_receipts')
        .addColumn('id', idType, id)
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('provider_message_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('channel_early_receipts_channel_event', ['channel', 'event_id'])
        .execute();
      await db.schema.createIndex('channel_early_receipts_message').on('channel_early_receipts').columns(['channel', 'provider_message_id']).execute();

      await db.schema
        .createTable('channel_opt_outs')
        .addColumn('id', idType, id)
        .addColumn('channel', 'text', (c) => c.notNull())
        // E.164
        .addColumn('phone', 'text', (c) => c.notNull())
        // 'reply' (the patient wrote STOP) or 'provider' (the provider's opt-out event)
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('text', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('channel_opt_outs_channel_phone', ['channel', 'phone'])
        .execute();

      // comma-separated channel names ('email,whatsapp'); null: e-mail only, as before
      await db.schema.alterTable('users').addColumn('channels', 'text').execute();
      await db.schema.alterTable('appointments').addColumn('channels', 'text').execute();
      await db.schema.alterTable('appointments').addColumn('on_the_way_at', 'text').execute();
    },
    async down() {
      throw new Error('the channels migration is not reversible');
    },
  };
}
