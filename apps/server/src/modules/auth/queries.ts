// SQL of accounts and refresh tokens.
import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmailKey(db: Db, emailKey: string) {
  return db.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
}

/** the account whose username or e-mail is `key` (lower-cased); a username match wins */
export async function findUserByLogin(db: Db, key: string) {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)]))
    .limit(2)
    .execute();
  return rows.find((r) => r.username_key === key) ?? rows[0];
}

/** which of the two unique keys are already taken */
export async function takenKeys(db: Db, usernameKey: string, emailKey: string) {
  const rows = await db
    .selectFrom('users')
    .select(['username_key', 'email_key'])
    .where((eb) => eb.or([eb('username_key', '=', usernameKey), eb('email_key', '=', emailKey)]))
    .execute();
  return {
    username: rows.some((r) => r.username_key === usernameKey),
    email: rows.some((r) => r.email_key === emailKey),
  };
}

export function insertUser(db: Db, row: Insertable<UsersTable>) {
  return db
    .insertInto('users')
    .values(row)
    .returning(['id', 'username', 'email', 'first_name', 'last_name'])
    .executeTakeFirstOrThrow();
}

export function setLastLogin(db: Db, id: number, at: string) {
  return db.updateTable('users').set({ last_login: at }).where('id', '=', id).execute();
}

/** replaces the hash only if it is still `previous`: two uses of one reset link cannot both succeed */
export async function replacePasswordHash(db: Db, id: number, previous: string, next: string): Promise<boolean> {
  const r = await db.updateTable('users').set({ password_hash: next }).where('id', '=', id).where('password_hash', '=', previous).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function insertRefreshToken(db: Db, row: { id: string; user_id: number; family_id: string; expires_at: string; created_at: string }) {
  return db.insertInto('refresh_tokens').values(row).execute();
}

export function findRefreshToken(db: Db, id: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** retires a live token; false when it was already retired or revoked (a concurrent or repeated use) */
export async function retireRefreshToken(db: Db, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('refresh_tokens')
    .set({ retired_at: at })
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function revokeFamily(db: Db, familyId: string, at: string) {
  return db.updateTable('refresh_tokens').set({ revoked_at: at }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

export function revokeAllForUser(db: Db, userId: number, at: string) {
  return db.updateTable('refresh_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** the account's current role, or undefined when the account is gone */
export async function findRole(db: Db, id: number) {
  const row = await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
  return row?.role;
}
