// The patient's own age and sex: kept on the account so every booking can be prefilled with them (the
// lab's reference intervals depend on both). One of date of birth or age is kept; an age given in
// years is aged from the day it was given, so "34" said last year reads 35 after the birthday passes.
import type { Locale, ProfileUpdate } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';
import { todayIst } from '../../lib/time.ts';
import { wholeYears } from '../reports/rules.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export interface Profile {
  date_of_birth: string | null;
  age_years: number | null;
  sex: q.ProfileColumns['sex'];
}

/** the profile as of `today` (India date): the age in whole years, however it was given */
export function profileOn(row: q.ProfileColumns, today: string): Profile {
  const age = row.date_of_birth
    ? wholeYears(row.date_of_birth, today)
    : row.age_years === null
      ? null
      : row.age_years + (row.age_recorded_on ? wholeYears(row.age_recorded_on, today) : 0);
  return { date_of_birth: row.date_of_birth, age_years: age, sex: row.sex };
}

export async function readProfile(db: Db, userId: number, now: Date): Promise<Profile> {
  const row = await q.profileOf(db, userId);
  return row ? profileOn(row, todayIst(0, now)) : { date_of_birth: null, age_years: null, sex: null };
}

/** fields left out stay; a date of birth replaces an age and an age replaces a date of birth */
export async function updateProfile(db: Db, userId: number, input: ProfileUpdate, now: Date): Promise<Profile> {
  const today = todayIst(0, now);
  if (input.date_of_birth && input.date_of_birth > today) throw fieldError('date_of_birth', 'The date of birth cannot be in the future.');
  const patch: Partial<q.ProfileColumns> = {};
  if (input.date_of_birth !== undefined) {
    patch.date_of_birth = input.date_of_birth;
    if (input.date_of_birth !== null) Object.assign(patch, { age_years: null, age_recorded_on: null });
  }
  if (input.age_years !== undefined) {
    Object.assign(patch, { age_years: input.age_years, age_recorded_on: input.age_years === null ? null : today });
    if (input.age_years !== null) patch.date_of_birth = null;
  }
  if (input.sex !== undefined) patch.sex = input.sex;
  await q.setProfile(db, userId, patch);
  if (input.language !== undefined) await q.setLanguage(db, userId, input.language);
  return readProfile(db, userId, now);
}

/** the language a person chose for their e-mails and documents (issue 18); null until they choose */
export function profileLanguage(db: Db, userId: number): Promise<Locale | null> {
  return q.languageOf(db, userId);
}
