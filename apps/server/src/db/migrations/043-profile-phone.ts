// The patient's phone joins the age and sex kept on the account (migration 012), so a signed-in
// patient's next booking is prefilled with what they typed at the last one (decision 053). Nullable:
// accounts made before it, and staff, have none.
import type { Kysely, Migration } from 'kysely';

export function profilePhone(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('phone', 'text').execute();
    },
    async down() {
      throw new Error('the profile phone migration is not reversible');
    },
  };
}
