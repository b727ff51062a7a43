// Results from the analysers (docs/analysers.md, decision 070): per analyser, what its test codes
// (OBX-3) mean in the catalogue, kept by staff; every HL7 message in and out with its acknowledgement,
// kept 90 days and found by container; and, on a result, where it came from (the analyser, when, and the
// instrument's own flags), so the worksheet can say "from analyser XN-1000".
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function analysers(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('analyser_codes')
        // the analyser's name as configured (ANALYSERS)
        .addColumn('analyser', 'text', (c) => c.notNull())
        // OBX-3's identifier as the analyser sends it
        .addColumn('code', 'text', (c) => c.notNull())
        // OBX-3's text, as first seen: what staff read when they map it
        .addColumn('code_text', 'text', (c) => c.notNull())
        // 'unmapped' (seen, waiting for staff) | 'mapped' | 'ignored' (sent, never reported)
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('parameter_id', 'integer', (c) => c.references('test_parameters.id'))
        // the analyser's unit this mapping converts from, and the factor to the catalogue's unit (null: same unit)
        .addColumn('unit', 'text')
        .addColumn('factor', 'real')
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .addPrimaryKeyConstraint('analyser_codes_pk', ['analyser', 'code'])
        .execute();

      await db.schema
        .createTable('analyser_messages')
        .addColumn('id', idType, id)
        .addColumn('analyser', 'text', (c) => c.notNull())
        // 'in' (from the analyser) | 'out' (to it)
        .addColumn('direction', 'text', (c) => c.notNull())
        // MSH-9 as text ("ORU^R01"), MSH-10; null when the message could not be read
        .addColumn('message_type', 'text')
        .addColumn('control_id', 'text')
        // the container it named (OBR-3/SPM-2) and, once found, the container itself
        .addColumn('accession', 'text')
        .addColumn('sample_id', 'integer', (c) => c.references('samples.id'))
        // the message as received or sent (segments separated by CR)
        .addColumn('raw', 'text', (c) => c.notNull())
        // the acknowledgement: AA, AE or AR (null on an ACK the analyser sent us), and its text
        .addColumn('ack_code', 'text')
        .addColumn('ack_text', 'text')
        // the acknowledgement as sent
        .addColumn('ack_raw', 'text')
        // "<analyser>|<control id>" on the one message of that id whose results were taken: a second
        // message with that id is a duplicate (a unique index, so two connections cannot both take it)
        .addColumn('accepted_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('analyser_messages_sample').on('analyser_messages').columns(['sample_id', 'id']).execute();
      await db.schema.createIndex('analyser_messages_created').on('analyser_messages').column('created_at').execute();
      await db.schema.createIndex('analyser_messages_analyser').on('analyser_messages').columns(['analyser', 'id']).execute();

      await db.schema.alterTable('results').addColumn('source', 'text').execute();
      await db.schema.alterTable('results').addColumn('source_at', 'text').execute();
      await db.schema.alterTable('results').addColumn('instrument_flags', 'text').execute();
    },
    async down() {
      throw new Error('the analysers migration is not reversible');
    },
  };
}
