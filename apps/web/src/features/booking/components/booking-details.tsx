// The details half of the booking form (spec §2, §5): date, time (a slot of the day, shared/ui/slot-picker.tsx), name, e-mail,
// phone, the patient's date of birth or age and sex (optional; the lab needs them for the reference
// intervals), and the home-collection switch that reveals the address. Controlled by the page.
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { PatientFields, type PatientFieldsValue } from '../../../shared/ui/patient-fields.tsx';
import { useCallback, useId } from 'react';
import { HomeAddressFields, type HomeAddressValue } from './home-address.tsx';
import { SlotPicker } from '../../../shared/ui/slot-picker.tsx';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import { formatDayDate } from '@lab/contract';
import { FieldError } from '../../../shared/ui/form-errors.tsx';

export interface BookingDetailsValue {
  date: string;
  time: string;
  name: string;
  email: string;
  phone: string;
  homeSample: boolean;
  /** the home collection's address in parts (sent only with home collection) */
  homeAddress: HomeAddressValue;
  /** who the sample belongs to: the lab's reference intervals depend on age and sex (optional here) */
  dateOfBirth: string;
  ageYears: string;
  sex: PatientFieldsValue['sex'];
}

export interface BookingDetailsProps {
  value: BookingDetailsValue;
  onChange(patch: Partial<BookingDetailsValue>): void;
  /** the earliest date a booking may have: today in India */
  minDate: string;
  /** the refused fields' messages, by this form's field names (date, time, name, email, phone, dateOfBirth, ageYears, sex, homeAddress) */
  errors: Record<string, string>;
  /** the selected tests' latest sensible time, or null */
  latestTime: string | null;
}


export function BookingDetails({ value, onChange, minDate, errors, latestTime }: BookingDetailsProps) {
  const id = useId();
  const { t, locale } = useLanguage();
  /** the input's own props that tie it to its error */
  const invalid = (name: string, describedBy?: string) => {
    const ids = [describedBy, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[name] ? (true as const) : undefined, 'aria-describedby': ids || undefined };
  };
  const onTime = useCallback((time: string) => onChange({ time }), [onChange]);
  const onAddress = useCallback((patch: Partial<HomeAddressValue>) => onChange({ homeAddress: { ...value.homeAddress, ...patch } }), [onChange, value.homeAddress]);
  const visitCentre = useCallback(() => onChange({ homeSample: false }), [onChange]);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-date`} className={labelClass}>
          {t('booking.date')}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          required
          min={minDate}
          value={value.date}
          onChange={(e) => onChange({ date: e.target.value })}
          className={inputClass}
          {...invalid('date', value.date ? `${id}-date-said` : undefined)}
        />
        {/* the chosen day as India writes it, whatever order the phone's date field shows */}
        {value.date ? (
          <p id={`${id}-date-said`} className="mt-1 text-sm text-slate-700">
            {locale === 'en' ? formatDayDate(value.date) : formatDate(value.date, locale)}
          </p>
        ) : null}
        <FieldError id={`${id}-date-error`} message={errors.date} />
      </div>
      <div className="sm:col-span-2">
        <SlotPicker date={value.date} homeSample={value.homeSample} value={value.time} onChange={onTime} error={errors.time ?? null} latestTime={latestTime} />
      </div>
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          {t('booking.name')}
        </label>
        <input
          id={`${id}-name`}
          type="text"
          required
          autoComplete="name"
          maxLength={100}
          value={value.name}
          onChange={(e) => onChange({ name: e.target.value })}
          className={inputClass}
          {...invalid('name')}
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          {t('booking.email')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          maxLength={254}
          value={value.email}
          onChange={(e) => onChange({ email: e.target.value })}
          className={inputClass}
          {...invalid('email')}
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-phone`} className={labelClass}>
          {t('booking.phone')}
        </label>
        <input
          id={`${id}-phone`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          value={value.phone}
          onChange={(e) => onChange({ phone: e.target.value })}
          {...invalid('phone')}
          className={inputClass}
        />
        <FieldError id={`${id}-phone-error`} message={errors.phone} />
      </div>
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('booking.patient')}</legend>
        <PatientFields id={id} value={value} onChange={onChange} today={minDate} errors={errors} />
      </fieldset>
      <div className="flex items-center gap-3 sm:col-span-2">
        <button
          id={`${id}-home`}
          type="button"
          role="switch"
          aria-checked={value.homeSample}
          onClick={() => onChange({ homeSample: !value.homeSample })}
          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none aria-checked:bg-brand-600"
        >
          <span
            aria-hidden="true"
            className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${value.homeSample ? 'translate-x-5' : ''}`}
          />
        </button>
        <label htmlFor={`${id}-home`} className="cursor-pointer text-sm font-medium text-slate-800">
          {t('booking.home')}
        </label>
      </div>
      {value.homeSample ? <HomeAddressFields value={value.homeAddress} onChange={onAddress} onVisitCentre={visitCentre} error={errors.homeAddress} /> : null}
    </div>
  );
}
