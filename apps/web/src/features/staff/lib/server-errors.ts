// Turns a refused save into messages: a 400's field lists go next to the fields the form shows,
// everything else (a field the form does not show, a 404, a network failure) becomes the form's own
// message. The browser checks the contract's schema first, so these are the server's own refusals
// (a name already taken, a category deleted meanwhile).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../shared/api/client.ts';

export interface ServerErrors {
  fields: Record<string, string>;
  form: string | null;
}

export function serverErrors(e: unknown, shownFields: readonly string[]): ServerErrors {
  if (!(e instanceof ApiError)) return { fields: {}, form: 'Could not reach the server. Please try again.' };
  const body = e.body;
  if (e.status !== 400 || typeof body !== 'object' || body === null || 'error' in body) return { fields: {}, form: e.message };
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const message = (Array.isArray(value) ? value : [value]).map(String).join(' ');
    if (shownFields.includes(key)) fields[key] = message;
    else others.push(`${key}: ${message}`);
  }
  return { fields, form: others.length ? others.join(' ') : 'Please correct the fields marked below.' };
}

/** a refused save's messages set on a react-hook-form form: each at its field, the rest as the form's own */
export function applyServerErrors<V extends FieldValues>(setError: UseFormSetError<V>, e: unknown, shownFields: readonly string[]): void {
  const refused = serverErrors(e, shownFields);
  for (const [name, message] of Object.entries(refused.fields)) setError(name as Path<V>, { type: 'server', message });
  if (refused.form) setError('root.server', { type: 'server', message: refused.form });
}
