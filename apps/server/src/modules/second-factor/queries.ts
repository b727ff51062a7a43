// SQL of the staff second factor: the TOTP secret (sealed: secret-box.ts) and last step of an account, its recovery codes,
// and clearing them all when another staff member resets the factor.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function factorOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'token_version', 'totp_secret', 'totp_enabled_at', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** a new secret waiting for its first code; refused (false) once a factor is in force */
export async function setPendingSecret(db: Db, userId: number, secret: string): Promise<boolean> {
  const r = await db.updateTable('users').set({ totp_secret: secret, totp_last_step: null }).where('id', '=', userId).where('totp_enabled_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** puts the pending secret in force; false when another request did meanwhile */
export async function enable(db: Db, userId: number, secret: string, step: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ totp_enabled_at: at, totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', '=', secret)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** records the time step of an accepted code, only if no later or equal one was used meanwhile */
export async function useStep(db: Db, userId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** spends a recovery code; false when it is unknown or spent */
export async function useRecoveryCode(db: Db, userId: number, hash: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function clearFactor(db: Db, userId: number, at: string): Promise<void> {
  await db.updateTable('users').set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where('id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.updateTable('refresh_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** every stored secret (staff accounts only: a few rows), for sealing at start */
export function storedSecrets(db: Db) {
  return db.selectFrom('users').select(['id', 'totp_secret']).where('totp_secret', 'is not', null).$narrowType<{ totp_secret: string }>().execute();
}

/** replaces a stored secret by its new sealing, only if it is still the value read */
export async function replaceSecret(db: Db, userId: number, previous: string, next: string): Promise<boolean> {
  const r = await db.updateTable('users').set({ totp_secret: next }).where('id', '=', userId).where('totp_secret', '=', previous).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
