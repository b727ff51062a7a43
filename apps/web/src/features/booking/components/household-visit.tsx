// More people of the signed-in holder's household drawn at the same home visit (docs/families-and-doctors.md):
// the holder (when the booking is for a member) and their other family members, each ticked in and given their
// own tests. Each person gets their own booking, bill and report; the visit takes one home-collection seat.
// Shown only for a home collection, to a holder with family members who can be booked for.
import { HOUSEHOLD_MAX, type LabTest, type Member, type PatientSex } from '@lab/contract';
import { useId, useState } from 'react';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { FieldError } from '../../../shared/ui/form-errors.tsx';
import { bookingTotal, payablePrice } from '../lib/pricing.ts';

/** one more person at the visit: the holder (memberId null) or a member, with the tests chosen for them */
export interface HouseholdEntry {
  memberId: number | null;
  name: string;
  tests: LabTest[];
  /** the holder's age and sex when their profile lacks them ('' : not given) */
  ageYears: string;
  sex: '' | PatientSex;
}

/** the entry as the API takes it */
export const householdBody = (e: HouseholdEntry) => ({
  member_id: e.memberId,
  tests: e.tests.map((x) => x.id),
  ...(e.ageYears !== '' ? { patient_age_years: Number(e.ageYears) } : {}),
  ...(e.sex ? { patient_sex: e.sex } : {}),
});

export interface HouseholdVisitProps {
  members: readonly Member[];
  /** who the booking itself is for: never offered again */
  leadMemberId: number | null;
  /** the holder's own name, offered when the booking is for a member */
  holderName: string;
  /** whether the holder's profile lacks their age or sex, which their report's reference intervals need */
  holderNeedsDetails: boolean;
  tests: readonly LabTest[];
  value: readonly HouseholdEntry[];
  onChange(next: HouseholdEntry[]): void;
  error?: string | undefined;
}

export function HouseholdVisit({ members, leadMemberId, holderName, holderNeedsDetails, tests, value, onChange, error }: HouseholdVisitProps) {
  const t = useT();
  const id = useId();
  const people = [
    ...(leadMemberId !== null ? [{ memberId: null, name: holderName || t('booking.member.me') }] : []),
    ...members.filter((m) => !m.archived && m.consent !== null && m.id !== leadMemberId).map((m) => ({ memberId: m.id as number | null, name: m.name })),
  ];
  if (people.length === 0) return null;
  const entryOf = (memberId: number | null) => value.find((e) => e.memberId === memberId);
  const toggle = (person: { memberId: number | null; name: string }, on: boolean) =>
    onChange(on ? [...value, { ...person, tests: [], ageYears: '', sex: '' }] : value.filter((e) => e.memberId !== person.memberId));
  const change = (memberId: number | null, patch: Partial<HouseholdEntry>) => onChange(value.map((e) => (e.memberId === memberId ? { ...e, ...patch } : e)));
  const full = value.length >= HOUSEHOLD_MAX - 1;
  return (
    <fieldset className="mt-4 rounded-md border border-slate-200 p-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('booking.household.legend')}</legend>
      <p className="text-xs text-slate-600">{t('booking.household.hint')}</p>
      <ul className="mt-2 space-y-3">
        {people.map((person) => {
          const entry = entryOf(person.memberId);
          return (
            <li key={person.memberId ?? 'me'}>
              <label className="flex items-center gap-2 text-sm text-slate-900">
                <input type="checkbox" checked={entry !== undefined} disabled={entry === undefined && full} onChange={(e) => toggle(person, e.target.checked)} />
                {t('booking.household.add', { name: person.name })}
              </label>
              {entry && entry.memberId === null && holderNeedsDetails ? <HolderDetails entry={entry} onChange={(patch) => change(null, patch)} /> : null}
              {entry ? <PersonTests name={person.name} tests={tests} chosen={entry.tests} onChange={(next) => change(person.memberId, { tests: next })} /> : null}
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** the holder's age and sex, asked only when their profile lacks them */
function HolderDetails({ entry, onChange }: { entry: HouseholdEntry; onChange(patch: Partial<HouseholdEntry>): void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="mt-2 ml-6 grid grid-cols-2 gap-2">
      <div>
        <label htmlFor={`${id}-age`} className={labelClass}>
          {t('booking.household.age', { name: entry.name })}
        </label>
        <input id={`${id}-age`} type="number" inputMode="numeric" min={0} max={130} value={entry.ageYears} onChange={(e) => onChange({ ageYears: e.target.value })} className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${id}-sex`} className={labelClass}>
          {t('booking.household.sex', { name: entry.name })}
        </label>
        <select id={`${id}-sex`} value={entry.sex} onChange={(e) => onChange({ sex: e.target.value as HouseholdEntry['sex'] })} className={inputClass}>
          <option value="">{t('booking.household.choose')}</option>
          <option value="female">{t('patient.fields.female')}</option>
          <option value="male">{t('patient.fields.male')}</option>
          <option value="other">{t('patient.fields.other')}</option>
        </select>
      </div>
    </div>
  );
}

/** one person's tests: picked from the catalogue one at a time, each removable, with their total */
function PersonTests({ name, tests, chosen, onChange }: { name: string; tests: readonly LabTest[]; chosen: readonly LabTest[]; onChange(next: LabTest[]): void }) {
  const t = useT();
  const id = useId();
  const [pick, setPick] = useState('');
  const add = () => {
    const test = tests.find((x) => String(x.id) === pick);
    if (test) onChange([...chosen, test]);
    setPick('');
  };
  return (
    <div className="mt-2 ml-6">
      <label htmlFor={`${id}-pick`} className={labelClass}>
        {t('booking.household.tests', { name })}
      </label>
      <div className="flex gap-2">
        <select id={`${id}-pick`} value={pick} onChange={(e) => setPick(e.target.value)} className={inputClass}>
          <option value="">{t('booking.household.choose')}</option>
          {tests.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name} ({formatRupees(payablePrice(x))})
            </option>
          ))}
        </select>
        <button type="button" onClick={add} disabled={pick === ''} className="rounded-md border border-brand-700 px-3 text-sm font-medium text-brand-800 disabled:opacity-50">
          {t('booking.household.addTest')}
        </button>
      </div>
      {chosen.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label={t('booking.household.tests', { name })}>
          {chosen.map((x, i) => (
            <li key={`${x.id}-${i}`} className="flex items-center justify-between gap-2">
              <span>{x.name}</span>
              <button type="button" onClick={() => onChange(chosen.filter((_, k) => k !== i))} aria-label={t('booking.selected.deleteTest', { name: x.name })} className="text-xs font-medium text-red-700 underline">
                {t('booking.selected.delete')}
              </button>
            </li>
          ))}
          <li className="font-medium">{t('booking.household.total', { amount: formatRupees(bookingTotal(chosen)) })}</li>
        </ul>
      ) : null}
    </div>
  );
}
