// One labelled field of this feature's forms, with its error read out with it (aria-describedby); the
// first refused field of a form takes focus.
import { useRef } from 'react';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { useFocusWhenFirstInvalid } from '../../../shared/ui/form-errors.tsx';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
}

export function TextField({ id, label, value, onChange, error, hint, multiline, type = 'text', autoComplete, required, maxLength }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useFocusWhenFirstInvalid(ref, error);
  const common = { id, ref, value, required, maxLength, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: inputClass };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
