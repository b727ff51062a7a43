// Consent records (DPDP Act): one row per purpose given, or one "not captured" row when a
// client of the public API registered or booked without asking. No foreign keys: a record outlives the
// guest booking or account it names (it is proof), until its retention ends and it is pseudonymised.
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function consents(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('consents')
        .addColumn('id', idType, id)
        // the account, when the person had one; a guest's consent names the booking instead
        .addColumn('user_id', 'integer')
        .addColumn('appointment_id', 'text')
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('notice_version', 'text', (c) => c.notNull())
        .addColumn('captured', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('given_at', 'text', (c) => c.notNull())
        .addColumn('withdrawn_at', 'text')
        // HMAC-SHA256 of the client's address under a key derived from the server secret
        .addColumn('address_hash', 'text')
        .addColumn('guardian_name', 'text')
        .addColumn('guardian_relation', 'text')
        .addColumn('pseudonymised_at', 'text')
        .execute();
      await db.schema.createIndex('consents_user').on('consents').columns(['user_id', 'purpose', 'id']).execute();
      await db.schema.createIndex('consents_appointment').on('consents').column('appointment_id').execute();
      // the retention sweep: only rows still naming someone
      await db.schema
        .createIndex('consents_withdrawn_open')
        .on('consents')
        .column('withdrawn_at')
        .where(sql.ref('pseudonymised_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('consents_guest_open')
        .on('consents')
        .column('given_at')
        .where(sql<boolean>`pseudonymised_at is null and user_id is null`)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('consents').execute();
    },
  };
}
