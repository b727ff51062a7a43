// The patient's date of birth (or age in years) and sex as three form fields, and the phone field, for
// the booking form and the dashboard's profile alike. The parent lays them out (they render side by side
// in its grid).
import type { PatientSex } from '@lab/contract';
import { useT } from '../i18n/i18n.tsx';
import { inputClass, labelClass } from './button-styles.ts';
import { FieldError } from './form-errors.tsx';

export interface PatientFieldsValue {
  dateOfBirth: string;
  ageYears: string;
  sex: '' | PatientSex;
}

export interface PatientFieldsProps {
  /** a prefix for the inputs' ids, unique on the page (useId) */
  id: string;
  value: PatientFieldsValue;
  onChange(patch: Partial<PatientFieldsValue>): void;
  /** the latest date of birth: today in India */
  today: string;
  /** the age field is off while a date of birth is given (the profile keeps one of them) */
  ageOffWithBirthDate?: boolean;
  /** refused fields' messages by field (dateOfBirth, ageYears, sex), each shown under its field */
  errors?: Partial<Record<string, string>>;
}

const NONE: Partial<Record<string, string>> = {};

export function PatientFields({ id, value, onChange, today, ageOffWithBirthDate = false, errors = NONE }: PatientFieldsProps) {
  const t = useT();
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {});
  return (
    <>
      <div>
        {/* not "Date of birth": a booking's own "Date" field must stay the only one named Date */}
        <label htmlFor={`${id}-dob`} className={labelClass}>
          {t('patient.fields.born')}
        </label>
        <input id={`${id}-dob`} type="date" max={today} value={value.dateOfBirth} onChange={(e) => onChange({ dateOfBirth: e.target.value })} className={inputClass} {...invalid('dateOfBirth')} />
        <FieldError id={`${id}-dateOfBirth-error`} message={errors.dateOfBirth} />
      </div>
      <div>
        <label htmlFor={`${id}-age`} className={labelClass}>
          {t('patient.fields.age')}
        </label>
        <input
          id={`${id}-age`}
          type="number"
          min={0}
          max={130}
          inputMode="numeric"
          value={value.ageYears}
          disabled={ageOffWithBirthDate && value.dateOfBirth !== ''}
          onChange={(e) => onChange({ ageYears: e.target.value })}
          className={inputClass}
          {...invalid('ageYears')}
        />
        <FieldError id={`${id}-ageYears-error`} message={errors.ageYears} />
      </div>
      <div>
        <label htmlFor={`${id}-sex`} className={labelClass}>
          {t('patient.fields.sex')}
        </label>
        <select id={`${id}-sex`} value={value.sex} onChange={(e) => onChange({ sex: e.target.value as PatientFieldsValue['sex'] })} className={inputClass} {...invalid('sex')}>
          <option value="">{t('patient.fields.notGiven')}</option>
          <option value="female">{t('patient.fields.female')}</option>
          <option value="male">{t('patient.fields.male')}</option>
          <option value="other">{t('patient.fields.other')}</option>
        </select>
        <FieldError id={`${id}-sex-error`} message={errors.sex} />
      </div>
    </>
  );
}

export interface PhoneFieldProps {
  /** a prefix for the input's ids, unique on the page (useId) */
  id: string;
  label: string;
  value: string;
  onChange(phone: string): void;
  error?: string | undefined;
  /** the class of the field's box in the parent's grid */
  className?: string;
  /** a line under the field (the booking form: the number in E.164 as messages will use it); the field's
   * description stays its error alone, so a screen reader hears the refusal first */
  hint?: string;
}

export function PhoneField({ id, label, value, onChange, error, className, hint }: PhoneFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={`${id}-phone`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-phone`}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={20}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-phone-error` : undefined}
        className={inputClass}
      />
      {hint ? (
        <p className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-phone-error`} message={error} />
    </div>
  );
}
