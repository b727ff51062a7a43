// The details half of the booking form (docs/product.md#public-pages, #validation): date, time (a slot of the day, shared/ui/date-slot-picker.tsx), name, e-mail,
// phone, the patient's date of birth or age and sex (optional; the lab needs them for the reference
// intervals), and the home-collection switch that reveals the address. Controlled by the page.
import { formatIndianMobile, toIndianE164 } from '@lab/contract';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { PatientFields, type PatientFieldsValue, PhoneField } from '../../../shared/ui/patient-fields.tsx';
import { useCallback, useId } from 'react';
import { HomeAddressFields, type HomeAddressValue } from './home-address.tsx';
import { DateSlotPicker } from '../../../shared/ui/date-slot-picker.tsx';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
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
  /** a word under the date (the phone's first free day, decision 078); none: the form has no such word */
  dateNote?: string | null;
  /** a class for each group of fields (the phone's steps show one group at a time, decision 075); none: all shown */
  groupClass?: Partial<Record<'when' | 'who' | 'where', string>>;
}

export function BookingDetails({ value, onChange, minDate, errors, latestTime, dateNote, groupClass = {} }: BookingDetailsProps) {
  const id = useId();
  const { t } = useLanguage();
  /** the input's own props that tie it to its error */
  const invalid = (name: string) => ({ 'aria-invalid': errors[name] ? (true as const) : undefined, 'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined });
  const onDate = useCallback((date: string) => onChange({ date }), [onChange]);
  const onTime = useCallback((time: string) => onChange({ time }), [onChange]);
  const onPhone = useCallback((phone: string) => onChange({ phone }), [onChange]);
  const onAddress = useCallback((patch: Partial<HomeAddressValue>) => onChange({ homeAddress: { ...value.homeAddress, ...patch } }), [onChange, value.homeAddress]);
  const visitCentre = useCallback(() => onChange({ homeSample: false }), [onChange]);
  // ten digits typed (or with 0, 91, +91) are read as the Indian mobile they are, shown as kept: +91 98290 12345
  const mobile = toIndianE164(value.phone);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {/* display: contents, so the groups leave the grid as it is */}
      <div className={`contents ${groupClass.when ?? ''}`}>
        <DateSlotPicker
          id={id}
          look="form"
          dateLabel={t('booking.date')}
          date={value.date}
          onDate={onDate}
          time={value.time}
          onTime={onTime}
          minDate={minDate}
          homeSample={value.homeSample}
          latestTime={latestTime}
          dateError={errors.date}
          dateNote={dateNote}
          timeError={errors.time ?? null}
          slotsClassName="sm:col-span-2"
        />
      </div>
      <div className={`contents ${groupClass.who ?? ''}`}>
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            {t('booking.name')}
          </label>
          <input id={`${id}-name`} type="text" required autoComplete="name" maxLength={100} value={value.name} onChange={(e) => onChange({ name: e.target.value })} className={inputClass} {...invalid('name')} />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            {t('booking.email')}
          </label>
          <input id={`${id}-email`} type="email" required autoComplete="email" maxLength={254} value={value.email} onChange={(e) => onChange({ email: e.target.value })} className={inputClass} {...invalid('email')} />
          <FieldError id={`${id}-email-error`} message={errors.email} />
        </div>
        <PhoneField
          id={id}
          label={t('booking.phone')}
          value={value.phone}
          onChange={onPhone}
          error={errors.phone}
          hint={mobile ? t('booking.phone.e164', { phone: formatIndianMobile(mobile) }) : t('booking.phone.hint')}
          className="sm:col-span-2"
        />
        <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('booking.patient')}</legend>
          <PatientFields id={id} value={value} onChange={onChange} today={minDate} errors={errors} />
        </fieldset>
      </div>
      <div className={`contents ${groupClass.where ?? ''}`}>
        <div className="flex items-center gap-3 sm:col-span-2">
          <button
            id={`${id}-home`}
            type="button"
            role="switch"
            aria-checked={value.homeSample}
            onClick={() => onChange({ homeSample: !value.homeSample })}
            className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none aria-checked:bg-brand-600"
          >
            <span aria-hidden="true" className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${value.homeSample ? 'translate-x-5' : ''}`} />
          </button>
          <label htmlFor={`${id}-home`} className="cursor-pointer text-sm font-medium text-slate-800">
            {t('booking.home')}
          </label>
        </div>
        {value.homeSample ? <HomeAddressFields value={value.homeAddress} onChange={onAddress} onVisitCentre={visitCentre} error={errors.homeAddress} /> : null}
      </div>
    </div>
  );
}
