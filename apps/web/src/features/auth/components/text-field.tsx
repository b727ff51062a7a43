// A labelled input of the account forms, with its error under it, read out with it (aria-describedby).
import { type InputHTMLAttributes, useId } from 'react';
import { FieldError } from '../../../shared/ui/form-errors.tsx';
import { inputClass, labelClass } from './form-styles.ts';

type Props = { label: string; error?: string | undefined } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

export function TextField({ label, error, ...input }: Props) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
