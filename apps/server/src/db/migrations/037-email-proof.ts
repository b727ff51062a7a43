// An account's e-mail address is proven before the account is mailed anything but the proof
// (decision 049): when it was proven, null until then. Staff accounts were made by an admin of the lab,
// who vouches for them: they count as proven. Patients' accounts made before this rule were never
// asked: they prove theirs by the next link they open (a reset, a claim, or the proof link).
import { type Kysely, type Migration, sql } from 'kysely';

export function emailProof(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
      await db.updateTable('users').set({ email_verified_at: sql`created_at` }).where('role', '=', 'staff').execute();
    },
    async down() {
      throw new Error('the e-mail proof migration is not reversible');
    },
  };
}
