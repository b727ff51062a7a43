// Labelled form controls of the console. A field's messages from a refused save show under it, tied
// to it with aria-describedby and aria-invalid, so a screen reader reads them with the field.
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';

interface Common {
  label: string;
  errors?: string[] | undefined;
  hint?: string;
  className?: string;
}

function Messages({ id, errors, hint }: { id: string; errors?: string[] | undefined; hint?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {errors.join(' ')}
        </p>
      ) : null}
    </>
  );
}

function describedBy(id: string, errors?: string[], hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function TextInput({ label, errors, hint, className = '', ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy(id, errors, hint)} {...rest} />
      <Messages id={id} errors={errors} hint={hint} />
    </div>
  );
}

export function TextArea({ label, errors, hint, className = '', ...rest }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea id={id} className={inputClass} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy(id, errors, hint)} {...rest} />
      <Messages id={id} errors={errors} hint={hint} />
    </div>
  );
}

export function SelectInput({ label, errors, hint, className = '', children, ...rest }: Common & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={inputClass} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy(id, errors, hint)} {...rest}>
        {children}
      </select>
      <Messages id={id} errors={errors} hint={hint} />
    </div>
  );
}

export function CheckboxInput({ label, errors, className = '', ...rest }: Omit<Common, 'hint'> & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" className="h-5 w-5 accent-brand-700" aria-describedby={errors?.length ? `${id}-error` : undefined} {...rest} />
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
      </div>
      <Messages id={id} errors={errors} />
    </div>
  );
}
