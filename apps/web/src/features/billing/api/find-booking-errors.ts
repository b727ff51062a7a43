// "Find my booking" refused, as the page shows it, with or without JavaScript: the server's words for the
// reference and the contact under those fields, its other words above the form (never a field's raw
// name), and `failed` when it said nothing a person can use (the page then says its own words).
import { formErrorsOf } from '../../../shared/lib/form-errors.ts';

export type FindErrors = Partial<Record<'reference' | 'contact' | 'form', string>> & { failed?: true };

/** `refusal`: the API's answer ({status, body}, as an ApiError or the action's call carries it) */
export function findErrorsOf(refusal: unknown): FindErrors {
  const { fields, form } = formErrorsOf(refusal, { fallback: '', fields: { reference: 'reference', contact: 'contact' } });
  const named = { ...(fields.reference ? { reference: fields.reference } : {}), ...(fields.contact ? { contact: fields.contact } : {}) };
  if (form) return { ...named, form };
  return Object.keys(named).length > 0 ? named : { failed: true };
}
