// Search and filter controls of the dashboard's appointment list (docs/product.md#validation): free text over date,
// time and test names; status all / upcoming / cancelled; an exact date; a time prefix.
import { useId } from 'react';
import { useT } from '../../../shared/i18n/i18n.tsx';
import type { AppointmentFilter, StatusFilter } from '../lib/appointments.ts';

export interface AppointmentFiltersProps {
  value: AppointmentFilter;
  onChange(patch: Partial<AppointmentFilter>): void;
  onReset(): void;
}

const inputClass =
  'w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none';
const labelClass = 'mb-1 block text-xs font-medium text-slate-700';

export function AppointmentFilters({ value, onChange, onReset }: AppointmentFiltersProps) {
  const id = useId();
  const t = useT();
  const active = value.search !== '' || value.status !== 'all' || value.date !== '' || value.time !== '';
  return (
    <div role="search" aria-label={t('dashboard.filter.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
      <div>
        <label htmlFor={`${id}-search`} className={labelClass}>
          {t('dashboard.filter.search')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder={t('dashboard.filter.searchHint')}
          value={value.search}
          onChange={(e) => onChange({ search: e.target.value })}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          {t('dashboard.filter.status')}
        </label>
        <select
          id={`${id}-status`}
          value={value.status}
          onChange={(e) => onChange({ status: e.target.value as StatusFilter })}
          className={inputClass}
        >
          <option value="all">{t('dashboard.filter.all')}</option>
          <option value="upcoming">{t('dashboard.filter.upcoming')}</option>
          <option value="cancelled">{t('dashboard.appt.status.cancelled')}</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-date`} className={labelClass}>
          {t('dashboard.filter.date')}
        </label>
        <input id={`${id}-date`} type="date" value={value.date} onChange={(e) => onChange({ date: e.target.value })} className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${id}-time`} className={labelClass}>
          {t('dashboard.filter.time')}
        </label>
        <input
          id={`${id}-time`}
          type="text"
          inputMode="numeric"
          placeholder={t('dashboard.filter.timeHint')}
          maxLength={5}
          value={value.time}
          onChange={(e) => onChange({ time: e.target.value })}
          className={inputClass}
        />
      </div>
      <button
        type="button"
        onClick={onReset}
        disabled={!active}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
      >
        {t('dashboard.filter.clear')}
      </button>
    </div>
  );
}
