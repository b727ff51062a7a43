// Errors a handler throws for a client's mistake. The central error handler turns them into JSON:
// field errors as {"field": ["message", …]} (the shape the web client shows as "field: message"),
// anything else as {"error": "message"}.

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return this.fields ?? { error: this.message };
  }
}

export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, { [field]: [message] });

export const fieldErrors = (fields: FieldErrors) =>
  new HttpError(400, Object.values(fields)[0]?.[0] ?? 'Invalid request', fields);

/** a schema's refusals as field errors: each message under the path of the value it refuses */
export function fieldsOfValidation(validation: ReadonlyArray<{ instancePath: string; message?: string }>, context: string | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const v of validation) {
    const key = v.instancePath.split('/').filter(Boolean).join('.') || (context === 'body' ? 'non_field_errors' : (context ?? 'request'));
    (fields[key] ??= []).push(v.message ?? 'Invalid value.');
  }
  return fields;
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication credentials were not provided or are invalid.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** the one row a lookup by id found, or the 404 with `message` */
export async function oneOrNotFound<T>(rows: Promise<readonly T[]>, message: string): Promise<T> {
  const [found] = await rows;
  if (found === undefined) throw notFound(message);
  return found;
}
