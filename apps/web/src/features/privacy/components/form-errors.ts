// The API's 400 answers as the forms of this feature show them: the first message of each field, and
// a message for the form as a whole (an `error` answer, or a failure to reach the server).
import { ApiError } from '../../../shared/api/client.ts';

export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, form: null };

export function formErrorsOf(error: unknown, fallback: string): FormErrors {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as Record<string, unknown>;
    if (typeof body.error === 'string') return { fields: {}, form: body.error };
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') fields[key] = first;
    }
    if (Object.keys(fields).length) return { fields, form: fields.non_field_errors ?? null };
  }
  return { fields: {}, form: fallback };
}
