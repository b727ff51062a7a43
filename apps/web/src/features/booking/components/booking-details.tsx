// The details half of the booking form (spec §2, §5): date, time (a slot of the day, shared/ui/slot-picker.tsx), name, e-mail,
// phone, the patient's date of birth or age and sex (optional; the lab needs them for the reference
// intervals), and the home-collection switch that reveals the address. Controlled by the page.
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { PatientFields, type PatientFieldsValue } from '../../../shared/ui/patient-fields.tsx';
import { useCallback, useId } from 'react';
import { HomeAddressFields, type HomeAddressValue } from './home-address.tsx';
import { SlotPicker } from '../../../shared/ui/slot-picker.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';

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
  phoneError: string | null;
  timeError: string | null;
  /** the selected tests' latest sensible time, or null */
  latestTime: string | null;
}


export function BookingDetails({ value, onChange, minDate, phoneError, timeError, latestTime }: BookingDetailsProps) {
  const id = useId();
  const t = useT();
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
        />
      </div>
      <div className="sm:col-span-2">
        <SlotPicker date={value.date} homeSample={value.homeSample} value={value.time} onChange={onTime} error={timeError} latestTime={latestTime} />
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
        />
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
        />
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
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? `${id}-phone-error` : undefined}
          className={inputClass}
        />
        {phoneError ? (
          <p id={`${id}-phone-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {phoneError}
          </p>
        ) : null}
      </div>
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('booking.patient')}</legend>
        <PatientFields id={id} value={value} onChange={onChange} today={minDate} />
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
      {value.homeSample ? <HomeAddressFields value={value.homeAddress} onChange={onAddress} onVisitCentre={visitCentre} /> : null}
    </div>
  );
}
