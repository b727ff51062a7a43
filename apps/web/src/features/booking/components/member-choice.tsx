// Who of the signed-in holder's household the booking is for (docs/families-and-doctors.md): the holder, or
// one of their family members (kept on the dashboard with their consent). Shown only when the holder
// has members; archived members and those without a consent in force are not offered.
import type { Member } from '@lab/contract';
import { useId } from 'react';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { FieldError } from '../../../shared/ui/form-errors.tsx';

export function MemberChoice({ members, value, onChange, error }: { members: readonly Member[]; value: number | null; onChange: (member: Member | null) => void; error?: string | undefined }) {
  const id = useId();
  const t = useT();
  const bookable = members.filter((m) => !m.archived && m.consent !== null);
  if (bookable.length === 0) return null;
  return (
    <div className="mt-4">
      <label htmlFor={`${id}-member`} className={labelClass}>
        {t('booking.member.label')}
      </label>
      <select
        id={`${id}-member`}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(bookable.find((m) => String(m.id) === e.target.value) ?? null)}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-member-error` : undefined}
      >
        <option value="">{t('booking.member.me')}</option>
        {bookable.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      {value !== null ? <p className="mt-1 text-xs text-slate-600">{t('booking.member.note')}</p> : null}
      <FieldError id={`${id}-member-error`} message={error} />
    </div>
  );
}
