// Rules of results as pure functions: the patient's age on the collection date, the reference
// interval that applies to an age and sex, and the check of a typed value against its parameter's
// result type (with its flag). The clock never enters: the date is a parameter.
import { flagNumber, NUMBER_VALUE, type ResultFlag } from '@lab/contract';
import type { PatientSex, ReferenceIntervalsTable, TestParametersTable } from '../../db/schema.ts';

type Interval = Omit<ReferenceIntervalsTable, 'id' | 'parameter_id'>;
type Parameter = Pick<TestParametersTable, 'name' | 'result_type' | 'decimals' | 'choices_json' | 'normal_choice'>;

const DAY_MS = 86_400_000;
const DAYS_A_YEAR = 365.25;

export interface Patient {
  date_of_birth: string | null;
  age_years: number | null;
  sex: PatientSex | null;
}

/** age in days on `onDate` (YYYY-MM-DD); null when neither a date of birth nor an age is known */
export function ageInDays(p: Patient, onDate: string): number | null {
  if (p.date_of_birth) return Math.max(0, Math.floor((Date.parse(`${onDate}T00:00:00Z`) - Date.parse(`${p.date_of_birth}T00:00:00Z`)) / DAY_MS));
  if (p.age_years !== null) return Math.floor(p.age_years * DAYS_A_YEAR);
  return null;
}

/** the age as a report prints it: "34 years", or "20 days" for a newborn */
export function ageText(p: Patient, onDate: string): string | null {
  const days = ageInDays(p, onDate);
  if (days === null) return null;
  if (p.date_of_birth === null) return `${p.age_years} years`;
  const years = wholeYears(p.date_of_birth, onDate);
  return years >= 1 ? `${years} years` : `${days} days`;
}

/** whole calendar years from one date to another (YYYY-MM-DD), so an age turns on the birthday itself (days / 365.25 would lag a day or two) */
export function wholeYears(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  return Math.max(0, y - fy - (m < fm || (m === fm && d < fd) ? 1 : 0));
}

const toDays = (age: number, unit: Interval['age_unit']) => (unit === 'years' ? age * DAYS_A_YEAR : age);

/** the interval for this age and sex: one for the patient's sex wins over one for anyone */
export function pickInterval<T extends Interval>(intervals: readonly T[], days: number | null, sex: PatientSex | null): T | null {
  if (days === null) return null;
  const fits = intervals.filter((i) => days >= toDays(i.age_from, i.age_unit) && (i.age_to === null || days < toDays(i.age_to, i.age_unit)));
  return fits.find((i) => i.sex === sex) ?? fits.find((i) => i.sex === 'any') ?? null;
}

export type Checked = { ok: true; value: string; numeric: number | null; flag: ResultFlag | null } | { ok: false; message: string };

/** a typed value against its parameter: the stored text, its number, its flag, or a message for a person */
export function checkValue(p: Parameter, raw: string, interval: Interval | null): Checked {
  const value = raw.trim();
  if (p.result_type === 'number') {
    if (!NUMBER_VALUE.test(value)) return { ok: false, message: `${p.name}: enter a number, e.g. ${(12.5).toFixed(p.decimals)}.` };
    const decimals = value.split('.')[1]?.length ?? 0;
    if (decimals > p.decimals) {
      return { ok: false, message: p.decimals === 0 ? `${p.name}: enter a whole number.` : `${p.name}: enter at most ${p.decimals} decimal${p.decimals === 1 ? '' : 's'}.` };
    }
    const numeric = Number(value);
    if (Math.abs(numeric) > 1_000_000_000) return { ok: false, message: `${p.name}: the number is too large.` };
    return { ok: true, value: numeric.toFixed(p.decimals), numeric, flag: flagNumber(numeric, interval) };
  }
  if (p.result_type === 'choice') {
    const choices: string[] = JSON.parse(p.choices_json ?? '[]');
    const match = choices.find((c) => c.toLowerCase() === value.toLowerCase());
    if (!match) return { ok: false, message: `${p.name}: choose one of ${choices.join(', ')}.` };
    return { ok: true, value: match, numeric: null, flag: p.normal_choice !== null && match !== p.normal_choice ? 'A' : null };
  }
  if (value === '') return { ok: false, message: `${p.name}: enter a result.` };
  return { ok: true, value, numeric: null, flag: null };
}

/** a parameter row as the API shows it: the choices as a list */
export function parameterFields(p: Pick<TestParametersTable, 'test_id' | 'name' | 'unit' | 'result_type' | 'decimals' | 'choices_json' | 'normal_choice' | 'method' | 'sample_type'>) {
  const { test_id, name, unit, result_type, decimals, normal_choice, method, sample_type } = p;
  return { test_id, name, unit, result_type, decimals, choices: p.choices_json ? (JSON.parse(p.choices_json) as string[]) : null, normal_choice, method, sample_type };
}
