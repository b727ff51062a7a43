// SQL of the patient's profile: the age and sex kept on the account.
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

export type ProfileColumns = Pick<UsersTable, 'date_of_birth' | 'age_years' | 'age_recorded_on' | 'sex'>;

export function profileOf(db: Db, userId: number): Promise<ProfileColumns | undefined> {
  return db.selectFrom('users').select(['date_of_birth', 'age_years', 'age_recorded_on', 'sex']).where('id', '=', userId).executeTakeFirst();
}

export async function setProfile(db: Db, userId: number, patch: Partial<ProfileColumns>): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('users').set(patch).where('id', '=', userId).execute();
}
