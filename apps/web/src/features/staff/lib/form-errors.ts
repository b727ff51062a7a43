// Turns a refused save into messages: a 400's field lists go next to their fields, everything else
// (a field the form does not show, a 404, a network failure) becomes the form's own message.
import { useCallback, useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';

export type FieldMessages = Record<string, string[]>;

export interface FormErrors {
  fields: FieldMessages;
  form: string | null;
}

const NONE: FormErrors = { fields: {}, form: null };

export function errorsFrom(e: unknown, shownFields: readonly string[]): FormErrors {
  if (e instanceof ApiError) {
    const body = e.body;
    if (e.status === 400 && typeof body === 'object' && body !== null && !('error' in body)) {
      const fields: FieldMessages = {};
      const others: string[] = [];
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        const messages = (Array.isArray(value) ? value : [value]).map(String);
        if (shownFields.includes(key)) fields[key] = messages;
        else others.push(`${key}: ${messages.join(' ')}`);
      }
      return { fields, form: others.length ? others.join(' ') : 'Please correct the fields marked below.' };
    }
    return { fields: {}, form: e.message };
  }
  return { fields: {}, form: 'Could not reach the server. Please try again.' };
}

/** the messages of the last refused save; cleared field by field as the person edits */
export function useFormErrors(shownFields: readonly string[]) {
  const [errors, setErrors] = useState<FormErrors>(NONE);
  const fail = useCallback((e: unknown) => setErrors(errorsFrom(e, shownFields)), [shownFields]);
  const reset = useCallback(() => setErrors(NONE), []);
  const clearField = useCallback(
    (name: string) =>
      setErrors((current) => {
        if (!current.fields[name]) return current;
        const { [name]: _dropped, ...rest } = current.fields;
        return { ...current, fields: rest };
      }),
    [],
  );
  return { errors, fail, reset, clearField };
}

/** a price or number input's text as the API wants it: a number, or null when left empty */
export function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
