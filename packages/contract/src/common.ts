// Shapes shared by every endpoint.
import { z } from 'zod';
import { locales } from './locale.ts';

/** 400: field-keyed lists of messages, e.g. {"username": ["A user with that username already exists."]} */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** any other refusal: 401, 403, 404, 429 … */
export const errorSchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;

/** money in the API: rupees with at most two decimals */
export const rupees = z.number().nonnegative();

/** YYYY-MM-DD */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Enter a valid date.');

/** HH:MM (seconds accepted and dropped) */
export const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Enter a time as HH:MM.')
  .transform((v) => v.slice(0, 5));

/** the largest id a row can have: PostgreSQL's integer column (a larger one is an SQL error, not "not found") */
export const ID_MAX = 2_147_483_647;

const idRange = (label: string) => `Enter a valid ${label} (a whole number from 1 to ${ID_MAX}).`;

/**
 * The one id schema: a row id as it arrives in a body, 1 … 2^31−1. A number past that range is
 * refused here, so no handler ever sends one to the database.
 */
export const id = (label = 'id', message = idRange(label)) =>
  z.number({ error: message }).int(message).min(1, message).max(ID_MAX, message);

/** the same id as it arrives in a path or a query string: digits only, then the same range */
export const idText = (label = 'id', message = idRange(label)) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(id(label, message));

/** a positive integer id from a path parameter */
export const idParam = z.object({ id: idText() });

/**
 * C0 control characters (NUL, escape, …): PostgreSQL refuses NUL in text outright, and none of them
 * belongs in anything a person typed. Tab is allowed anywhere; newline (and CR, as in CRLF) only in
 * multi-line fields.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_CONTROLS = /[\u0000-\u0008\u000A-\u001F]/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
export const CONTROL_CHARACTERS = 'Remove the control characters (such as NUL) from this field.';
export const LINE_BREAKS = 'This field must be on one line.';

/** what `text` may hold beyond its length */
export interface TextOptions {
  label?: string;
  /** newlines allowed (addresses, messages, descriptions, blog bodies) */
  multiline?: boolean;
  /** the message when it is longer than `max` */
  tooLong?: string;
}

/**
 * The one text schema: a string field, trimmed and bounded, refusing control characters. Every text
 * a person or a client sends goes through it (bodies, paths, query strings).
 */
export const text = (max: number, options: TextOptions | string = {}) => {
  const { label = 'This field', multiline = false, tooLong = `Ensure this field has no more than ${max} characters.` } = typeof options === 'string' ? { label: options } : options;
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${label} is required.` : 'Enter text.') })
    .trim()
    .refine((v) => !(multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(v), {
      error: (iss) => (!multiline && /[\n\r]/.test(String(iss.input)) ? LINE_BREAKS : CONTROL_CHARACTERS),
      abort: true,
    })
    .max(max, tooLong);
};

export const requiredText = (max: number, options: TextOptions | string = {}) =>
  text(max, options).min(1, 'This field may not be blank.');

export const email = text(254).pipe(z.email('Enter a valid email address.'));

export const phone = text(20)
  .refine((v) => /^\+?[\d\s-]+$/.test(v), 'Enter a valid phone number.')
  .refine((v) => v.replace(/\D/g, '').length >= 10, 'Phone number must have at least 10 digits.');

/**
 * A person's name: one line of letters, combining marks (Indic scripts need them), spaces and . ' -
 * only. Names go onto bills and staff screens; no line breaks, links or digits can ride along.
 */
export const NAME_RULE = "Enter a name using letters, spaces and . ' - only.";
export const personName = (max: number, label = 'this field') =>
  text(max, { tooLong: `Ensure ${label} has no more than ${max} characters.` })
    .min(1, { error: 'This field may not be blank.', abort: true })
    .regex(/^\p{L}[\p{L}\p{M} .'\u2019-]*$/u, NAME_RULE);

/**
 * Usernames: letters, digits and . _ - (no @, so a username can never be mistaken for an e-mail
 * address at login; no +). Accounts made before this rule keep their names.
 */
export const USERNAME_RULE = 'Enter a valid username. This value may contain only letters, numbers, and ./-/_ characters.';
export const username = text(150)
  .min(1, { error: 'This field may not be blank.', abort: true })
  .regex(/^[\p{L}\p{M}\p{N}._-]+$/u, USERNAME_RULE);

/**
 * GET /api/health. `rate_limits` says where limits are counted: `redis` (shared by every process),
 * `memory` (this process; no REDIS_URL), `memory-fallback` (REDIS_URL is set but Redis is not
 * answering), `off` (RATE_LIMITS=off).
 */
/** rate_limits: where limits are counted (`cluster`: in the primary process of WORKERS > 1, for all its workers) */
export const healthSchema = z.object({ status: z.literal('ok'), rate_limits: z.enum(['off', 'memory', 'cluster', 'redis', 'memory-fallback']) });

const kinds: Record<string, string> = {
  string: 'Enter text.',
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  boolean: 'Enter true or false.',
  array: 'Enter a list.',
  object: 'Enter the fields as a JSON object.',
  date: 'Enter a date.',
};

/**
 * The words of every message zod would otherwise word itself ("Invalid input: expected string,
 * received number"): the server installs it (z.config), so every 400 speaks as the spec's messages
 * do. A schema's own message still wins over these.
 */
export const personMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return issue.path?.length ? 'This field is required.' : 'Send the fields as a JSON object.';
      if (issue.input === null) return 'This field may not be null.';
      return kinds[issue.expected] ?? 'Enter a valid value.';
    case 'too_small':
      if (issue.origin === 'string') return `Ensure this field has at least ${String(issue.minimum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Ensure this list has at least ${String(issue.minimum)} items.`;
      return `Ensure this value is at least ${String(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Ensure this field has no more than ${String(issue.maximum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Ensure this list has no more than ${String(issue.maximum)} items.`;
      return `Ensure this value is at most ${String(issue.maximum)}.`;
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Enter a valid email address.' : 'Enter a valid value.';
    case 'not_multiple_of':
      return `Enter a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Remove the unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    default:
      return 'Enter a valid value.';
  }
};

/** a language field (issue 18): the product's two languages, as `en` or `hi` */
export const localeSchema = z.enum(locales, { error: 'Choose one of: en, hi.' });

/** `?lang=hi` on public reads and documents (issue 18): the same shape, in Hindi where there is Hindi; left out, English (or a document's own language) */
export const languageQuerySchema = z.object({ lang: localeSchema.optional() });
