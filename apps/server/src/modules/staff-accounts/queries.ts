// SQL of staff accounts: looking up an account by its keys, inserting a staff account and promoting
// a patient (the command line), and the roles an admin gives and takes in the console.
import type { Insertable, Kysely } from 'kysely';
import type { Database, StaffRole, UsersTable } from '../../db/schema.ts';

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
export async function promotePatient(db: Db, userId: number, staffRole: StaffRole): Promise<boolean> {
  // The command line makes the first admin (or, with --role, any role); an admin gives the others theirs in the console.
  const res = await db.updateTable('users').set({ role: 'staff', staff_role: staffRole }).where('id', '=', userId).where('role', '=', 'patient').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

const accountColumns = ['id', 'username', 'email', 'first_name', 'last_name', 'staff_role', 'qualification', 'registration_no'] as const;

export function staffAccounts(db: Db) {
  return db.selectFrom('users').select(accountColumns).where('role', '=', 'staff').orderBy('username_key').execute();
}

export function accountById(db: Db, id: number) {
  return db.selectFrom('users').select([...accountColumns, 'role']).where('id', '=', id).executeTakeFirst();
}

export async function setStaff(db: Db, id: number, v: { staff_role: StaffRole | null; qualification: string; registration_no: string }): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: v.staff_role === null ? 'patient' : 'staff', staff_role: v.staff_role, qualification: v.qualification, registration_no: v.registration_no })
    .where('id', '=', id)
    .execute();
}
