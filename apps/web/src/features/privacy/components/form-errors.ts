// The API's 400 answers as the forms of this feature show them, through the one shared reading
// (shared/lib/form-errors.ts): every field's messages under that field (this feature's fields carry the
// API's own names), and a message for the form as a whole (an `error` answer, or no answer at all).
import { type FormErrors, formErrorsOf as sharedFormErrorsOf, NO_ERRORS } from '../../../shared/lib/form-errors.ts';

export { type FormErrors, NO_ERRORS };

export function formErrorsOf(error: unknown, fallback: string): FormErrors {
  const body = typeof error === 'object' && error !== null && 'body' in error ? (error as { body: unknown }).body : null;
  const names = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).filter((k) => k !== 'non_field_errors' && k !== 'error') : [];
  return sharedFormErrorsOf(error, { fallback, fields: Object.fromEntries(names.map((k) => [k, { name: k, label: k }])) });
}
