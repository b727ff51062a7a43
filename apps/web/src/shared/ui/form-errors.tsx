// The pieces every patient form shows its errors with (shared/lib/form-errors.ts reads them from the
// API): a field's message under it, the form's message above it, and focus moved to the first one once
// they are on screen, so a phone user sees (and a screen reader hears) where to look.
import { type RefObject, useEffect, useRef } from 'react';
import { type FormErrors, focusFirstError, hasErrors } from '../lib/form-errors.ts';

/** a field's message, the input's description (aria-describedby={id}) */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** the message for the form as a whole, announced at once (an alert added with its message) */
export function FormErrorBox({ message, className = '' }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className={className}>
      <p data-form-error="" tabIndex={-1} className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
        {message}
      </p>
    </div>
  );
}

/** whether `next` says something `before` did not (a message cleared as its field is changed is not) */
const saysMore = (before: FormErrors, next: FormErrors) =>
  (next.form !== null && next.form !== before.form) || Object.entries(next.fields).some(([k, v]) => before.fields[k] !== v);

/**
 * Focus to the first field in error (else the form's message) each time new errors are shown; not when
 * a message goes because its field is being changed (the person is typing there).
 */
export function useFocusFirstError(form: RefObject<HTMLElement | null>, errors: FormErrors): void {
  const shown = useRef<FormErrors>(errors);
  useEffect(() => {
    const before = shown.current;
    shown.current = errors;
    if (hasErrors(errors) && saysMore(before, errors)) focusFirstError(form.current);
  }, [form, errors]);
}

/**
 * For a field component of its own: when `error` appears and this field is the first one marked invalid
 * in its form, it takes focus (so a form of such fields needs no code of its own for it).
 */
export function useFocusWhenFirstInvalid(field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, error: string | null | undefined): void {
  useEffect(() => {
    const el = field.current;
    if (!error || !el?.form) return;
    if (el.form.querySelector('[aria-invalid="true"]') === el) el.focus();
  }, [field, error]);
}
