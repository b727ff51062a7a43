// Errors a handler throws for a client's mistake. The central error handler turns them into JSON in the
// request's language: field errors as {"field": ["message", …]} (the key is the API's field name, for
// clients to place the message; the patient screens show it at that field, never the key itself:
// decision 053), anything else as {"error": "message"}. A message is a code of the contract's
// catalogues (`m('booking.date_in_past')`), said by code (decision record 055); a plain string is
// said as it is in every language (staff-only words, whose console is English).
import { inEnglish, type Locale, m, type Message, type Said, sayIn } from '@lab/contract';

export type FieldErrors = Record<string, Said[]>;

export class HttpError extends Error {
  readonly said: Said;

  constructor(
    readonly statusCode: number,
    said: Said,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(inEnglish(said));
    this.said = said;
  }

  /** the answer's body in `language` */
  body(language: Locale): Record<string, unknown> {
    return this.fields ? sayFields(language, this.fields) : { error: sayIn(language, this.said) };
  }
}

/** field errors said in `language` */
export const sayFields = (language: Locale, fields: FieldErrors): Record<string, string[]> =>
  Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.map((said) => sayIn(language, said))]));

export const fieldError = (field: string, said: Said) => new HttpError(400, said, { [field]: [said] });

export const fieldErrors = (fields: FieldErrors) => new HttpError(400, Object.values(fields)[0]?.[0] ?? 'Invalid request', fields);

/** a schema's refusal as the validation error carries it: the zod issue's fields under `params` (fastify-type-provider-zod) */
interface Refusal {
  instancePath: string;
  message?: string;
  params?: { says?: Message };
}

/**
 * A schema's refusals as field errors: each message under the path of the value it refuses; by code
 * when the contract's schema said it with one (`say`, `personMessages`), else its text as it is.
 */
export function fieldsOfValidation(validation: ReadonlyArray<Refusal>, context: string | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const v of validation) {
    const key = v.instancePath.split('/').filter(Boolean).join('.') || (context === 'body' ? 'non_field_errors' : (context ?? 'request'));
    (fields[key] ??= []).push(v.params?.says ?? v.message ?? m('validation.invalid_value'));
  }
  return fields;
}

export const badRequest = (said: Said) => new HttpError(400, said);
export const unauthorized = (said: Said = m('auth.credentials_invalid')) => new HttpError(401, said);
export const forbidden = (said: Said = m('auth.no_permission')) => new HttpError(403, said);
export const notFound = (said: Said = m('request.not_found')) => new HttpError(404, said);
export const conflict = (said: Said) => new HttpError(409, said);

/** the one row a lookup by id found, or the 404 with `said` */
export async function oneOrNotFound<T>(rows: Promise<readonly T[]>, said: Said): Promise<T> {
  const [found] = await rows;
  if (found === undefined) throw notFound(said);
  return found;
}
