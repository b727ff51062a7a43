// The home collection's address in parts (house or flat, street, locality, city, PIN code). As soon as
// six digits are typed the PIN is checked: a served one names its locality; one the lab does not reach
// yet says so, with the choice of visiting the centre instead.
import type { HomeAddress } from '@lab/contract';
import { useId } from 'react';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { useServedPin } from '../api/get-served-pin.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { FieldError } from '../../../shared/ui/form-errors.tsx';

export type HomeAddressValue = HomeAddress;

export const emptyHomeAddress: HomeAddressValue = { house: '', street: '', locality: '', city: '', pin: '' };

export interface HomeAddressFieldsProps {
  value: HomeAddressValue;
  onChange(patch: Partial<HomeAddressValue>): void;
  /** turns home collection off: the centre is always there */
  onVisitCentre(): void;
  /** the server's refusal of the address (a part missing, a PIN code not served), shown under it */
  error?: string | undefined;
}

const FIELDS: Array<{ key: Exclude<keyof HomeAddressValue, 'pin'>; label: MessageId; autoComplete: string; required: boolean; max: number }> = [
  { key: 'house', label: 'booking.address.house', autoComplete: 'address-line1', required: true, max: 120 },
  { key: 'street', label: 'booking.address.street', autoComplete: 'address-line2', required: false, max: 200 },
  { key: 'locality', label: 'booking.address.locality', autoComplete: 'address-level3', required: true, max: 120 },
  { key: 'city', label: 'booking.address.city', autoComplete: 'address-level2', required: true, max: 80 },
];

export function HomeAddressFields({ value, onChange, onVisitCentre, error }: HomeAddressFieldsProps) {
  const id = useId();
  const t = useT();
  const served = useServedPin(value.pin);
  const unserved = served.data === null;
  return (
    <fieldset id={id} className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('booking.address.legend')}</legend>
      {FIELDS.map((f) => (
        <div key={f.key}>
          <label htmlFor={`${id}-${f.key}`} className={labelClass}>
            {t(f.label)}
          </label>
          <input
            id={`${id}-${f.key}`}
            type="text"
            required={f.required}
            autoComplete={f.autoComplete}
            maxLength={f.max}
            value={value[f.key]}
            onChange={(e) => onChange({ [f.key]: e.target.value })}
            className={inputClass}
            // with the server's refusal, the required parts still empty are marked
            aria-invalid={error && f.required && value[f.key].trim() === '' ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
      ))}
      <div>
        <label htmlFor={`${id}-pin`} className={labelClass}>
          {t('booking.address.pin')}
        </label>
        <input
          id={`${id}-pin`}
          type="text"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[1-9][0-9]{5}"
          maxLength={6}
          value={value.pin}
          onChange={(e) => onChange({ pin: e.target.value.replace(/\D/g, '') })}
          aria-invalid={unserved || (error && value.pin.length !== 6) ? true : undefined}
          aria-describedby={error ? `${id}-pin-note ${id}-error` : `${id}-pin-note`}
          className={inputClass}
        />
      </div>
      <div id={`${id}-pin-note`} aria-live="polite" className="self-end text-sm sm:col-span-2">
        {served.data ? <p className="text-green-800">{t('booking.address.served', { locality: served.data.locality })}</p> : null}
        {unserved ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium text-red-700">{t('booking.address.notServed')}</p>
            <button type="button" onClick={onVisitCentre} className="rounded-md border border-brand-700 px-3 py-1 font-medium text-brand-800 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
              {t('booking.address.visitCentre')}
            </button>
          </div>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </fieldset>
  );
}
