// SQL of the patient's profile: the age, sex, phone and ABHA kept on the account.
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

export type ProfileColumns = Pick<UsersTable, 'date_of_birth' | 'age_years' | 'age_recorded_on' | 'sex'> & { phone: string | null; abha_number: string | null; abha_address: string | null };

/** the language the person chose for e-mails and documents; null until chosen */
export async function languageOf(db: Db, userId: number): Promise<UsersTable['language']> {
  return (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language ?? null;
}

export async function setLanguage(db: Db, userId: number, language: UsersTable['language']): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

export function profileOf(db: Db, userId: number): Promise<ProfileColumns | undefined> {
  return db.selectFrom('users').select(['date_of_birth', 'age_years', 'age_recorded_on', 'sex', 'phone', 'abha_number', 'abha_address']).where('id', '=', userId).executeTakeFirst();
}

export async function setProfile(db: Db, userId: number, patch: Partial<ProfileColumns>): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('users').set(patch).where('id', '=', userId).execute();
}
