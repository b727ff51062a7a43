// The patient's ABHA number and ABHA address (docs/abdm.md), two optional fields for the profile, a family
// member and a booking alike: printed on the report and carried in its FHIR document. Each is checked
// at the field as the person leaves it, by the contract's own rules (14 digits with a Verhoeff check
// digit; name@abdm), in the page's language; a number that checks out is shown as ABDM prints it
// (12-3456-7890-1234). The form runs the same check before sending (abhaErrors) and the server again.
import { ABHA_ADDRESS, abhaDigits, formatAbhaNumber, verhoeffValid } from '@lab/contract';
import { useState } from 'react';
import { useT } from '../i18n/i18n.tsx';
import type { MessageId } from '../i18n/message-id.ts';
import { inputClass, labelClass } from './button-styles.ts';
import { FieldError } from './form-errors.tsx';

export interface AbhaValue {
  abhaNumber: string;
  abhaAddress: string;
}

export const NO_ABHA: AbhaValue = { abhaNumber: '', abhaAddress: '' };

/** the fields as a form shows them, from what the API keeps (14 digits, the address) */
export const abhaDraft = (kept: { abha_number?: string | null; abha_address?: string | null }): AbhaValue => ({
  abhaNumber: kept.abha_number ? formatAbhaNumber(kept.abha_number) : '',
  abhaAddress: kept.abha_address ?? '',
});

/** the fields as the API takes them: empty is none */
export const abhaBody = (v: AbhaValue) => ({ abha_number: v.abhaNumber.trim() || null, abha_address: v.abhaAddress.trim() || null });

/** the message of an ABHA number that is not one; null when empty or valid */
function numberProblem(typed: string): MessageId | null {
  if (typed.trim() === '') return null;
  const digits = abhaDigits(typed.trim());
  if (digits === null) return 'patient.abha.numberLength';
  return verhoeffValid(digits) ? null : 'patient.abha.numberCheck';
}

/** the message of an ABHA address that is not one; null when empty or valid */
function addressProblem(typed: string): MessageId | null {
  const v = typed.trim().toLowerCase();
  return v === '' || ABHA_ADDRESS.test(v) ? null : 'patient.abha.addressRule';
}

/** what is wrong with the two fields, by field name (abhaNumber, abhaAddress), in the page's words */
export function abhaErrors(v: AbhaValue, t: (id: MessageId) => string): Record<string, string> {
  const found: Record<string, string> = {};
  const number = numberProblem(v.abhaNumber);
  const address = addressProblem(v.abhaAddress);
  if (number) found.abhaNumber = t(number);
  if (address) found.abhaAddress = t(address);
  return found;
}

/** the API's names of the two fields → the form's, with their labels (for formErrorsOf) */
export const abhaServerFields = (t: (id: MessageId) => string) => ({
  abha_number: { name: 'abhaNumber', label: t('patient.abha.number') },
  abha_address: { name: 'abhaAddress', label: t('patient.abha.address') },
});

export interface AbhaFieldsProps {
  /** a prefix for the inputs' ids, unique on the page (useId) */
  id: string;
  value: AbhaValue;
  onChange(patch: Partial<AbhaValue>): void;
  /** the form's messages by field (abhaNumber, abhaAddress): its own check before sending, or the server's */
  errors?: Partial<Record<string, string>>;
  /** the class of each field's box in the parent's grid */
  className?: string;
}

const NONE: Partial<Record<string, string>> = {};

export function AbhaFields({ id, value, onChange, errors = NONE, className }: AbhaFieldsProps) {
  const t = useT();
  /** the check made as the person left a field; gone as they change it */
  const [left, setLeft] = useState<Record<keyof AbhaValue, MessageId | null>>({ abhaNumber: null, abhaAddress: null });
  const change = (patch: Partial<AbhaValue>) => {
    setLeft((l) => ({ abhaNumber: 'abhaNumber' in patch ? null : l.abhaNumber, abhaAddress: 'abhaAddress' in patch ? null : l.abhaAddress }));
    onChange(patch);
  };
  const leaveNumber = () => {
    const problem = numberProblem(value.abhaNumber);
    setLeft((l) => ({ ...l, abhaNumber: problem }));
    const digits = abhaDigits(value.abhaNumber.trim());
    if (!problem && digits && formatAbhaNumber(digits) !== value.abhaNumber) onChange({ abhaNumber: formatAbhaNumber(digits) });
  };
  const leaveAddress = () => setLeft((l) => ({ ...l, abhaAddress: addressProblem(value.abhaAddress) }));
  const numberError = errors.abhaNumber ?? (left.abhaNumber ? t(left.abhaNumber) : undefined);
  const addressError = errors.abhaAddress ?? (left.abhaAddress ? t(left.abhaAddress) : undefined);
  return (
    <>
      <div className={className}>
        <label htmlFor={`${id}-abha-number`} className={labelClass}>
          {t('patient.abha.number')}
        </label>
        <input
          id={`${id}-abha-number`}
          name="abhaNumber"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={value.abhaNumber}
          onChange={(e) => change({ abhaNumber: e.target.value })}
          onBlur={leaveNumber}
          aria-invalid={numberError ? true : undefined}
          aria-describedby={`${id}-abha-number-hint${numberError ? ` ${id}-abha-number-error` : ''}`}
          className={inputClass}
        />
        <p id={`${id}-abha-number-hint`} className="mt-1 text-xs text-slate-600">
          {t('patient.abha.numberHint')}
        </p>
        <FieldError id={`${id}-abha-number-error`} message={numberError} />
      </div>
      <div className={className}>
        <label htmlFor={`${id}-abha-address`} className={labelClass}>
          {t('patient.abha.address')}
        </label>
        <input
          id={`${id}-abha-address`}
          name="abhaAddress"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          value={value.abhaAddress}
          onChange={(e) => change({ abhaAddress: e.target.value })}
          onBlur={leaveAddress}
          aria-invalid={addressError ? true : undefined}
          aria-describedby={addressError ? `${id}-abha-address-error` : undefined}
          className={inputClass}
        />
        <FieldError id={`${id}-abha-address-error`} message={addressError} />
      </div>
    </>
  );
}
