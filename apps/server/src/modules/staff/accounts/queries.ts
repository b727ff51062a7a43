// SQL of staff accounts made on the command line: looking up an account by its keys, inserting a
// staff account and promoting a patient.
import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '../../../db/schema.ts';

type Db = Kysely<Database>;

export function findByUsernameKey(db: Db, usernameKey: string) {
  return db.selectFrom('users').select(['id', 'username', 'email', 'email_key', 'first_name', 'last_name', 'role']).where('username_key', '=', usernameKey).executeTakeFirst();
}

export function findByEmailKey(db: Db, emailKey: string) {
  return db.selectFrom('users').select(['username']).where('email_key', '=', emailKey).executeTakeFirst();
}

export function insertStaffUser(db: Db, row: Insertable<UsersTable>) {
  return db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
}

/** true when the account was a patient and is now staff */
export async function promotePatient(db: Db, userId: number): Promise<boolean> {
  const res = await db.updateTable('users').set({ role: 'staff' }).where('id', '=', userId).where('role', '=', 'patient').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
