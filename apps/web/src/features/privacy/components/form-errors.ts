// The API's 400 answers as the forms of this feature show them, through the one shared reading
// (shared/lib/form-errors.ts): every field's messages under that field (this feature's fields carry the
// API's own names), and above the form a message for the form as a whole (an `error` answer, no answer
// at all, or a field the form does not show), its message alone: the API's field name is never shown.
import { type FormErrors, formErrorsOf as sharedFormErrorsOf, NO_ERRORS } from '../../../shared/lib/form-errors.ts';

export { type FormErrors, NO_ERRORS };

/** `shown`: the fields the form shows a message under, by the API's name (which is the form's too) */
export function formErrorsOf(error: unknown, fallback: string, shown: readonly string[]): FormErrors {
  return sharedFormErrorsOf(error, { fallback, fields: Object.fromEntries(shown.map((name) => [name, { name }])) });
}
