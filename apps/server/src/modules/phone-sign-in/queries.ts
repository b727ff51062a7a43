// SQL of the mobile sign-in: the one code row of a number, its tries and its use, and accounts by their
// proven mobile (users.phone_key, unique).
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** codes expired before `now`, of every number, by their indexed expiry: the table holds live codes only */
export async function deleteExpired(db: Db, now: string): Promise<void> {
  await db.deleteFrom('phone_codes').where('expires_at', '<', now).execute();
}

/** the number's new code replaces any it had: an upsert, so two requests at once for one number both succeed, the later code winning */
export async function replaceCode(db: Db, row: { phone: string; code_hash: string; created_at: string; expires_at: string }): Promise<void> {
  await db
    .insertInto('phone_codes')
    .values(row)
    .onConflict((oc) => oc.column('phone').doUpdateSet({ code_hash: row.code_hash, created_at: row.created_at, expires_at: row.expires_at, tries: 0, used_at: null }))
    .execute();
}

export function findCode(db: Db, phone: string) {
  return db.selectFrom('phone_codes').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** counts a try before the code is compared, only while the code is alive and has tries left; false otherwise */
export async function takeTry(db: Db, id: number, now: string, maxTries: number): Promise<boolean> {
  const r = await db
    .updateTable('phone_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('tries', '<', maxTries)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** a right code whose account still needs a name: the try is not counted */
export async function giveTryBack(db: Db, id: number): Promise<void> {
  await db.updateTable('phone_codes').set((eb) => ({ tries: eb('tries', '-', 1) })).where('id', '=', id).where('tries', '>', 0).execute();
}

/** uses the code once: false when it was used meanwhile (two sign-ins with one code) */
export async function useCode(db: Db, id: number, now: string): Promise<boolean> {
  const r = await db.updateTable('phone_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findUserByPhoneKey(db: Db, phone: string) {
  return db.selectFrom('users').selectAll().where('phone_key', '=', phone).executeTakeFirst();
}

export async function usernameTaken(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)])).executeTakeFirst();
  return row !== undefined;
}

export function insertUser(db: Db, row: Insertable<UsersTable>) {
  return db.insertInto('users').values(row).returning(['id']).executeTakeFirstOrThrow();
}

/** the account's proven mobile (the unique index refuses one another account holds); the booking phone too when it had none */
export function proveMobile(db: Db, userId: number, phone: string, at: string, alsoBookingPhone: boolean) {
  return db
    .updateTable('users')
    .set({ phone_key: phone, phone_verified_at: at, ...(alsoBookingPhone ? { phone } : {}) })
    .where('id', '=', userId)
    .execute();
}

export function forgetPhone(db: Db, userId: number) {
  return db.updateTable('users').set({ phone_key: null, phone_verified_at: null }).where('id', '=', userId).execute();
}

export function setLastLogin(db: Db, id: number, at: string) {
  return db.updateTable('users').set({ last_login: at }).where('id', '=', id).execute();
}
