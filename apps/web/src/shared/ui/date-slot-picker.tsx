// The day and time of a visit, for the booking form and the dashboard's reschedule alike: a date field
// bounded by today in India, then the chosen day's slots (slot-picker.tsx). The booking form's look also
// writes the chosen day out under the field, a note on the date when given (the booking page's first
// free day, decision 078) and the field's error; the reschedule's is compact.
import { formatDayDate } from '@lab/contract';
import { formatDate } from '../lib/format-date.ts';
import { useLanguage } from '../i18n/i18n.tsx';
import { inputClass, labelClass } from './button-styles.ts';
import { FieldError } from './form-errors.tsx';
import { SlotPicker } from './slot-picker.tsx';

export interface DateSlotPickerProps {
  /** a prefix for the date field's ids, unique on the page (useId) */
  id: string;
  look: 'form' | 'compact';
  dateLabel: string;
  /** the slots' group name; the slot picker's own ("Time") when not given */
  timeLegend?: string;
  date: string;
  onDate(date: string): void;
  time: string;
  onTime(time: string): void;
  /** the earliest date: today in India */
  minDate: string;
  homeSample: boolean;
  /** the selected tests' latest sensible time, or null */
  latestTime: string | null;
  dateError?: string | undefined;
  /** a word on the date under the field (the first free day, or none found), read out when it changes; null: none now */
  dateNote?: string | null | undefined;
  timeError: string | null;
  /** the class of a box around the slots (a grid cell); none: the slots stand in the parent as they are */
  slotsClassName?: string;
}

export function DateSlotPicker({ id, look, dateLabel, timeLegend, date, onDate, time, onTime, minDate, homeSample, latestTime, dateError, dateNote, timeError, slotsClassName }: DateSlotPickerProps) {
  const { locale } = useLanguage();
  const form = look === 'form';
  const sayDay = form && date !== '';
  const describedBy = [sayDay ? `${id}-date-said` : undefined, dateNote ? `${id}-date-note` : undefined, dateError ? `${id}-date-error` : undefined].filter(Boolean).join(' ');
  const slots = <SlotPicker legend={timeLegend} date={date} homeSample={homeSample} value={time} onChange={onTime} error={timeError} latestTime={latestTime} />;
  return (
    <>
      <div>
        <label htmlFor={`${id}-date`} className={form ? labelClass : 'mb-1 block text-xs font-medium text-slate-700'}>
          {dateLabel}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          required
          min={minDate}
          value={date}
          onChange={(e) => onDate(e.target.value)}
          className={form ? inputClass : `${inputClass} sm:max-w-xs`}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {/* the chosen day as India writes it, whatever order the phone's date field shows */}
        {sayDay ? (
          <p id={`${id}-date-said`} className="mt-1 text-sm text-slate-700">
            {locale === 'en' ? formatDayDate(date) : formatDate(date, locale)}
          </p>
        ) : null}
        {/* always there when the form may have one, so a screen reader hears it arrive */}
        {dateNote !== undefined ? (
          <p id={`${id}-date-note`} aria-live="polite" className="mt-1 text-sm text-slate-700 empty:hidden">
            {dateNote}
          </p>
        ) : null}
        <FieldError id={`${id}-date-error`} message={dateError} />
      </div>
      {slotsClassName === undefined ? slots : <div className={slotsClassName}>{slots}</div>}
    </>
  );
}
