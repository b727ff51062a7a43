// Sessions that end: a per-user token version (bumped by logout and a password change, so access
// tokens signed before stop working at once) and each refresh-token family's absolute end.
// Families of earlier logins have no recorded end; the first refresh gives them one.
import type { Kysely, Migration } from 'kysely';

export function sessionSecurity(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('refresh_tokens').addColumn('family_expires_at', 'text').execute();
    },
  };
}
