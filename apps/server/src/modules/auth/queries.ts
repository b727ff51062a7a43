// SQL of accounts and refresh tokens.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, RefreshTokensTable, UsersTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmailKey(db: Db, emailKey: string) {
  return db.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
}

export function findUserByUsernameKey(db: Db, usernameKey: string) {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey).executeTakeFirst();
}

/**
 * Whether the username and the e-mail are free. Each is compared with both columns: a username may
 * not equal anyone's e-mail, nor an e-mail anyone's username (older usernames may contain @).
 */
export async function takenKeys(db: Db, usernameKey: string, emailKey: string) {
  const keys = [usernameKey, emailKey];
  const rows = await db
    .selectFrom('users')
    .select(['username_key', 'email_key'])
    .where((eb) => eb.or([eb('username_key', 'in', keys), eb('email_key', 'in', keys)]))
    .execute();
  const used = new Set(rows.flatMap((r) => [r.username_key, r.email_key]));
  return { username: used.has(usernameKey), email: used.has(emailKey) };
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

export function insertRefreshToken(db: Db, row: Insertable<RefreshTokensTable>) {
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

/** null when there is no such user */
export async function tokenVersion(db: Db, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('token_version').where('id', '=', userId).executeTakeFirst();
  return row ? row.token_version : null;
}

export async function bumpTokenVersion(db: Db, userId: number): Promise<number | null> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirst();
  return row ? row.token_version : null;
}

/** the account's current role, or undefined when the account is gone */
export async function findRole(db: Db, id: number) {
  const row = await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
  return row?.role;
}

/**
 * The address proven (decision 049): the account takes the key of the address it names (it may have
 * held it already), only if nothing changed since the link was checked; false otherwise.
 */
export async function proveAddress(db: Db, id: number, heldKey: string, key: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ email_key: key, email_verified_at: at })
    .where('id', '=', id)
    .where('email_key', '=', heldKey)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** an unproven account gives up the address it holds to the account that proved it; false when it was proven meanwhile */
export async function releaseAddress(db: Db, id: number, key: string, releasedKey: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ email: '', email_key: releasedKey })
    .where('id', '=', id)
    .where('email_key', '=', key)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
