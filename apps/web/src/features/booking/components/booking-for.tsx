// Who the booking is for (docs/personal-data.md): the booker themselves or someone else; and, when the patient is
// under 18, the parent or guardian who books and consents for them (name and relation).
import { GUARDIAN_RELATIONS, type GuardianRelation } from '@lab/contract';
import { useId } from 'react';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { FieldError } from '../../../shared/ui/form-errors.tsx';

export type BookingFor = 'self' | 'other';

export interface GuardianValue {
  name: string;
  relation: '' | GuardianRelation;
}

export const emptyGuardian: GuardianValue = { name: '', relation: '' };

export function BookingForChoice({ value, onChange }: { value: BookingFor; onChange: (next: BookingFor) => void }) {
  const id = useId();
  const t = useT();
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-700">{t('booking.for.legend')}</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {(
          [
            ['self', t('booking.for.self')],
            ['other', t('booking.for.other')],
          ] as const
        ).map(([v, label]) => (
          <div key={v} className="flex items-center gap-2">
            <input id={`${id}-${v}`} type="radio" name={`${id}-for`} value={v} checked={value === v} onChange={() => onChange(v)} className="h-4 w-4 accent-brand-700" />
            <label htmlFor={`${id}-${v}`} className="text-sm text-slate-800">
              {label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

export function GuardianFields({ value, onChange, error }: { value: GuardianValue; onChange: (next: GuardianValue) => void; error?: string | undefined }) {
  const id = useId();
  const t = useT();
  return (
    <fieldset className="mt-4 grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('booking.guardian.legend')}</legend>
      <p className="text-sm text-slate-800 sm:col-span-2">{t('booking.guardian.intro')}</p>
      <div>
        <label htmlFor={`${id}-gname`} className={labelClass}>
          {t('booking.guardian.name')}
        </label>
        <input
          id={`${id}-gname`}
          type="text"
          required
          autoComplete="off"
          maxLength={100}
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-guardian-error` : undefined}
        />
        <FieldError id={`${id}-guardian-error`} message={error} />
      </div>
      <div>
        <label htmlFor={`${id}-grel`} className={labelClass}>
          {t('booking.guardian.relation')}
        </label>
        <select id={`${id}-grel`} required value={value.relation} onChange={(e) => onChange({ ...value, relation: e.target.value as GuardianValue['relation'] })} className={inputClass}>
          <option value="">{t('booking.guardian.choose')}</option>
          {GUARDIAN_RELATIONS.map((r) => (
            <option key={r} value={r}>
              {t(`booking.guardian.${r}`)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
