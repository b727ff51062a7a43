// Labelled form controls of the console, for the editors (react-hook-form registers them through
// their ref) and the list filters alike. A field's message shows under it, tied to it with
// aria-describedby and aria-invalid, so a screen reader reads it with the field.
import { type ComponentProps, type ReactElement, type ReactNode, useId } from 'react';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';

interface Common {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
}

/** the label, the control made by `control` with its accessibility attributes, and the hint and message under it */
function Labelled({ label, error, hint, className, control }: Common & { control(a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }): ReactElement }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {control({ id, ...(error ? { 'aria-invalid': true } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextInput({ label, error, hint, className, ...rest }: Common & ComponentProps<'input'>) {
  return <Labelled label={label} error={error} hint={hint} className={className} control={(a11y) => <input className={inputClass} {...a11y} {...rest} />} />;
}

export function TextArea({ label, error, hint, className, ...rest }: Common & ComponentProps<'textarea'>) {
  return <Labelled label={label} error={error} hint={hint} className={className} control={(a11y) => <textarea className={inputClass} {...a11y} {...rest} />} />;
}

export function SelectInput({ label, error, hint, className, children, ...rest }: Common & ComponentProps<'select'> & { children: ReactNode }) {
  return (
    <Labelled
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(a11y) => (
        <select className={inputClass} {...a11y} {...rest}>
          {children}
        </select>
      )}
    />
  );
}

export function CheckboxInput({ label, error, className, ...rest }: Omit<Common, 'hint'> & ComponentProps<'input'>) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" className="h-5 w-5 accent-brand-700" aria-describedby={error ? `${id}-error` : undefined} {...rest} />
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
