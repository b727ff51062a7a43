// The patient's own age, sex, phone and ABHA (docs/abdm.md): kept on the account so every booking can be prefilled with them
// (the lab's reference intervals depend on age and sex). One of date of birth or age is kept; an age
// given in years is aged from the day it was given, so "34" said last year reads 35 after the birthday
// passes. A signed-in patient's booking for themselves saves what it was given here (decision 053).
// Every change is audited in the transaction that makes it.
import { type Locale, m, type ProfileUpdate } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { diff, recordAudit } from '../audit/record.ts';
import { fieldError } from '../../lib/errors.ts';
import { todayIst } from '../../lib/time.ts';
import { wholeYears } from '../reports/rules.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export interface Profile {
  date_of_birth: string | null;
  age_years: number | null;
  sex: q.ProfileColumns['sex'];
  phone: string | null;
  abha_number: string | null;
  abha_address: string | null;
}

/**
 * A person's age in whole years on `today` (India date), however it was given: from the date of birth, or
 * the age said on `age_recorded_on` aged since; null when neither is kept. Family members follow it too.
 */
export function ageOn(row: BirthOrAge, today: string): number | null {
  if (row.date_of_birth) return wholeYears(row.date_of_birth, today);
  if (row.age_years === null) return null;
  return row.age_years + (row.age_recorded_on ? wholeYears(row.age_recorded_on, today) : 0);
}

type BirthOrAge = Pick<q.ProfileColumns, 'date_of_birth' | 'age_years' | 'age_recorded_on'>;

/**
 * The change a date of birth or an age makes (fields left out stay): a date of birth replaces an age, an age
 * replaces a date of birth and is kept with the day it was said. A birth after `today` is refused.
 */
export function birthOrAgePatch(input: { date_of_birth?: string | null | undefined; age_years?: number | null | undefined }, today: string): Partial<BirthOrAge> {
  if (input.date_of_birth && input.date_of_birth > today) throw fieldError('date_of_birth', m('profile.birth_in_future'));
  const patch: Partial<BirthOrAge> = {};
  if (input.date_of_birth !== undefined) {
    patch.date_of_birth = input.date_of_birth;
    if (input.date_of_birth !== null) Object.assign(patch, { age_years: null, age_recorded_on: null });
  }
  if (input.age_years !== undefined) {
    Object.assign(patch, { age_years: input.age_years, age_recorded_on: input.age_years === null ? null : today });
    if (input.age_years !== null) patch.date_of_birth = null;
  }
  return patch;
}

/** the profile as of `today` (India date): the age in whole years, however it was given */
export function profileOn(row: q.ProfileColumns, today: string): Profile {
  const age = ageOn(row, today);
  return { date_of_birth: row.date_of_birth, age_years: age, sex: row.sex, phone: row.phone, abha_number: row.abha_number, abha_address: row.abha_address };
}

export async function readProfile(db: Db, userId: number, now: Date): Promise<Profile> {
  const row = await q.profileOf(db, userId);
  return row ? profileOn(row, todayIst(0, now)) : { date_of_birth: null, age_years: null, sex: null, phone: null, abha_number: null, abha_address: null };
}

/** fields left out stay; a date of birth replaces an age and an age replaces a date of birth */
export async function updateProfile(db: Db, userId: number, input: ProfileUpdate, now: Date): Promise<Profile> {
  const patch: Partial<q.ProfileColumns> = birthOrAgePatch(input, todayIst(0, now));
  if (input.sex !== undefined) patch.sex = input.sex;
  if (input.phone !== undefined) patch.phone = input.phone === null ? null : input.phone.trim();
  if (input.abha_number !== undefined) patch.abha_number = input.abha_number;
  if (input.abha_address !== undefined) patch.abha_address = input.abha_address;
  await saveProfile(db, userId, patch, 'profile');
  if (input.language !== undefined) await q.setLanguage(db, userId, input.language);
  return readProfile(db, userId, now);
}

/** the patient's details as a booking for themselves gave them: only what was given replaces what is kept */
export interface BookedDetails {
  patient_date_of_birth?: string | null | undefined;
  patient_age_years?: number | null | undefined;
  patient_sex?: q.ProfileColumns['sex'] | undefined;
  user_phone: string;
}

/** keeps a signed-in patient's booking details on their account, so the next booking is prefilled */
export async function rememberBookedDetails(db: Db, userId: number, input: BookedDetails, now: Date): Promise<void> {
  const patch: Partial<q.ProfileColumns> = { phone: input.user_phone.trim() };
  if (input.patient_date_of_birth) Object.assign(patch, { date_of_birth: input.patient_date_of_birth, age_years: null, age_recorded_on: null });
  else if (input.patient_age_years != null) Object.assign(patch, { date_of_birth: null, age_years: input.patient_age_years, age_recorded_on: todayIst(0, now) });
  if (input.patient_sex) patch.sex = input.patient_sex;
  await saveProfile(db, userId, patch, 'profile-from-booking');
}

/** the change and its audit entry in one transaction; an unchanged profile writes nothing */
async function saveProfile(db: Db, userId: number, patch: Partial<q.ProfileColumns>, action: string): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.transaction().execute(async (trx) => {
    const before = await q.profileOf(trx, userId);
    if (!before) return;
    const keys = Object.keys(patch) as Array<keyof q.ProfileColumns>;
    const change = diff(Object.fromEntries(keys.map((k) => [k, before[k]])), Object.fromEntries(keys.map((k) => [k, patch[k]])));
    if (!change) return;
    await q.setProfile(trx, userId, patch);
    // The names of the fields changed, not their values: the audit log outlives the account's erasure
    // and must not keep a closed account's phone or date of birth.
    await recordAudit(trx, { actorUserId: userId, entity: 'user', entityId: userId, action, before: null, after: { changed: Object.keys(change.after) } });
  });
}

/** the language a person chose for their e-mails and documents (docs/i18n.md); null until they choose */
export function profileLanguage(db: Db, userId: number): Promise<Locale | null> {
  return q.languageOf(db, userId);
}
