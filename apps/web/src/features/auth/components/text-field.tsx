// A labelled input of the account forms.
import { type InputHTMLAttributes, useId } from 'react';
import { inputClass, labelClass } from './form-styles.ts';

type Props = { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

export function TextField({ label, ...input }: Props) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} {...input} />
    </div>
  );
}
