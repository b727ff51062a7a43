// Sign-in with a mobile number and a one-time code (decision 061). An account's proven mobile, in E.164,
// unique: the number that signs the account in by code (null until a code proved it; `users.phone`
// stays what the patient last typed at a booking, unproven). One live code per number: its keyed hash,
// when it stops working, how many wrong tries it has had, and when it was used. Expired rows are swept
// by their expiry (indexed) when new codes are made.
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function phoneSignIn(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('phone_key', 'text').execute();
      await db.schema.alterTable('users').addColumn('phone_verified_at', 'text').execute();
      await db.schema.createIndex('users_phone_key').unique().on('users').column('phone_key').execute();

      await db.schema
        .createTable('phone_codes')
        .addColumn('id', idType, id)
        // E.164
        .addColumn('phone', 'text', (c) => c.notNull().unique())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('phone_codes_expires').on('phone_codes').column('expires_at').execute();
    },
    async down() {
      throw new Error('the phone sign-in migration is not reversible');
    },
  };
}
