// The doctor who asked for the tests (docs/families-and-doctors.md): picked from the lab's directory by
// typing a few letters, or typed in full (staff match it later); and the patient's tick that the doctor
// is sent the report when it is released.
import type { DoctorPick } from '@lab/contract';
import { useId } from 'react';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { FieldError } from '../../../shared/ui/form-errors.tsx';
import { useDoctorSearch } from '../api/search-doctors.ts';

export interface ReferringDoctorValue {
  /** what is typed in the field */
  text: string;
  /** the directory's doctor picked, if one was */
  picked: DoctorPick | null;
  consent: boolean;
}
export const noDoctor: ReferringDoctorValue = { text: '', picked: null, consent: false };

/** the booking's fields: the directory's id, or the name as typed */
export function doctorFields(v: ReferringDoctorValue) {
  if (v.picked) return { doctor_id: v.picked.id, doctor_consent: v.consent };
  const name = v.text.trim();
  return name ? { doctor_name: name, doctor_consent: v.consent } : {};
}

export function ReferringDoctor({ value, onChange, error }: { value: ReferringDoctorValue; onChange: (next: ReferringDoctorValue) => void; error?: string | undefined }) {
  const id = useId();
  const t = useT();
  const search = useDoctorSearch(value.picked ? '' : value.text);
  const suggestions = value.picked ? [] : (search.data ?? []);
  return (
    <div className="mt-4">
      <label htmlFor={`${id}-doctor`} className={labelClass}>
        {t('booking.doctor.label')}
      </label>
      {value.picked ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
          <span>{t('booking.doctor.picked', { name: value.picked.name, clinic: value.picked.clinic || value.picked.qualification })}</span>
          <button type="button" className="font-medium text-brand-700 underline" onClick={() => onChange({ ...value, picked: null })}>
            {t('booking.doctor.change')}
          </button>
        </p>
      ) : (
        <>
          <input
            id={`${id}-doctor`}
            type="text"
            autoComplete="off"
            maxLength={100}
            value={value.text}
            onChange={(e) => onChange({ ...value, text: e.target.value })}
            aria-describedby={`${id}-doctor-hint${error ? ` ${id}-doctor-error` : ''}`}
            aria-invalid={error ? true : undefined}
            className={inputClass}
          />
          <p id={`${id}-doctor-hint`} className="mt-1 text-xs text-slate-600">
            {t('booking.doctor.hint')}
          </p>
          {suggestions.length > 0 ? (
            <ul aria-label={t('booking.doctor.suggestions')} className="mt-1 divide-y divide-slate-200 rounded-md border border-slate-200">
              {suggestions.map((d) => (
                <li key={d.id}>
                  <button type="button" className="w-full px-3 py-2 text-left text-sm hover:bg-brand-50" onClick={() => onChange({ ...value, picked: d, text: d.name })}>
                    Dr {d.name} · {d.qualification}
                    {d.clinic ? ` · ${d.clinic}` : ''}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      <FieldError id={`${id}-doctor-error`} message={error} />
      {value.picked || value.text.trim() ? (
        <label className="mt-2 flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={value.consent} onChange={(e) => onChange({ ...value, consent: e.target.checked })} className="mt-1 h-4 w-4 accent-brand-700" />
          <span>{t('booking.doctor.consent')}</span>
        </label>
      ) : null}
    </div>
  );
}
