// Staff second factor: each account's TOTP secret (set at enrolment, live once a first code
// confirmed it), the last time step used (a code works once), recovery codes (hashed, each usable
// once), and on each refresh-token family whether it passed the second step.
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function staffSecondFactor(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
      await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
      await db.schema.alterTable('refresh_tokens').addColumn('second_factor_at', 'text').execute();
      const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();
    },
  };
}
