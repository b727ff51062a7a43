// Shapes shared by every endpoint.
import { z } from 'zod';
import { type MessageCode, messagesEn } from './i18n/en.ts';
import { m, type Message, type Said, say, sayingError, stamp } from './i18n/message.ts';
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
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, say('validation.date_format')).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), say('validation.date_invalid'));

/** HH:MM (seconds accepted and dropped) */
export const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, say('validation.time_format'))
  .transform((v) => v.slice(0, 5));

/** the largest id a row can have: PostgreSQL's integer column (a larger one is an SQL error, not "not found") */
export const ID_MAX = 2_147_483_647;

const idRange = (label: Said) => m('validation.id_range', { label, max: ID_MAX });

/**
 * The one id schema: a row id as it arrives in a body, 1 … 2^31−1. A number past that range is
 * refused here, so no handler ever sends one to the database.
 */
export const id = (label: Said = m('label.id'), message: Said = idRange(label)) => {
  const error = sayingError(message);
  return z.number({ error }).int({ error }).min(1, { error }).max(ID_MAX, { error });
};

/** the same id as it arrives in a path or a query string: digits only, then the same range */
export const idText = (label: Said = m('label.id'), message: Said = idRange(label)) =>
  z
    .string({ error: sayingError(message) })
    .regex(/^\d{1,10}$/, { error: sayingError(message) })
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
export const CONTROL_CHARACTERS = messagesEn['validation.control_characters'];
export const LINE_BREAKS = messagesEn['validation.line_breaks'];

/** what `text` may hold beyond its length */
export interface TextOptions {
  label?: Said;
  /** newlines allowed (addresses, messages, descriptions, blog bodies) */
  multiline?: boolean;
  /** the message when it is longer than `max` */
  tooLong?: Said;
}

/**
 * The one text schema: a string field, trimmed and bounded, refusing control characters. Every text
 * a person or a client sends goes through it (bodies, paths, query strings).
 */
export const text = (max: number, options: TextOptions | Said = {}) => {
  const { label = m('label.this_field'), multiline = false, tooLong = m('validation.too_long', { max }) } = typeof options === 'string' || 'code' in options ? { label: options } : options;
  return z
    .string({ error: (iss) => stamp(iss, iss.input === undefined ? m('validation.label_required', { label }) : m('validation.enter_text')) })
    .trim()
    .refine((v) => !(multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(v), {
      error: (iss) => stamp(iss, m(!multiline && /[\n\r]/.test(String(iss.input)) ? 'validation.line_breaks' : 'validation.control_characters')),
      abort: true,
    })
    .max(max, { error: sayingError(tooLong) });
};

export const requiredText = (max: number, options: TextOptions | Said = {}) =>
  text(max, options).min(1, say('validation.blank'));

export const email = text(254).pipe(z.email(say('validation.email')));

export const phone = text(20)
  .refine((v) => /^\+?[\d\s-]+$/.test(v), say('validation.phone'))
  .refine((v) => v.replace(/\D/g, '').length >= 10, say('validation.phone_digits'));

/**
 * A person's name: one line of letters, combining marks (Indic scripts need them), spaces and . ' -
 * only. Names go onto bills and staff screens; no line breaks, links or digits can ride along.
 */
export const NAME_RULE = messagesEn['validation.name_rule'];
export const personName = (max: number, label: Said = m('label.this_field_lower')) =>
  text(max, { tooLong: m('validation.label_too_long', { label, max }) })
    .min(1, { ...say('validation.blank'), abort: true })
    .regex(/^\p{L}[\p{L}\p{M} .'\u2019-]*$/u, say('validation.name_rule'));

/**
 * Usernames: letters, digits and . _ - (no @, so a username can never be mistaken for an e-mail
 * address at login; no +). Accounts made before this rule keep their names.
 */
export const USERNAME_RULE = messagesEn['validation.username'];
export const username = text(150)
  .min(1, { ...say('validation.blank'), abort: true })
  .regex(/^[\p{L}\p{M}\p{N}._-]+$/u, say('validation.username'));

/**
 * GET /api/health. `rate_limits` says where limits are counted: `redis` (shared by every process),
 * `memory` (this process; no REDIS_URL), `memory-fallback` (REDIS_URL is set but Redis is not
 * answering), `off` (RATE_LIMITS=off).
 */
/** rate_limits: where limits are counted (`cluster`: in the primary process of WORKERS > 1, for all its workers) */
export const healthSchema = z.object({ status: z.literal('ok'), rate_limits: z.enum(['off', 'memory', 'cluster', 'redis', 'memory-fallback']) });

const kinds: Record<string, MessageCode> = {
  string: 'validation.enter_text',
  number: 'validation.enter_number',
  int: 'validation.enter_whole_number',
  boolean: 'validation.enter_boolean',
  array: 'validation.enter_list',
  object: 'validation.enter_object',
  date: 'validation.enter_date',
};

/** the message of an issue no schema words itself */
function personMessage(issue: z.core.$ZodRawIssue<z.core.$ZodIssue>): Message {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return m(issue.path?.length ? 'validation.required' : 'validation.send_object');
      if (issue.input === null) return m('validation.not_null');
      return m(kinds[issue.expected] ?? 'validation.enter_valid_value');
    case 'too_small':
      if (issue.origin === 'string') return m('validation.too_short', { min: String(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set') return m('validation.list_too_short', { min: String(issue.minimum) });
      return m('validation.at_least', { min: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return m('validation.too_long', { max: String(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return m('validation.list_too_long', { max: String(issue.maximum) });
      return m('validation.at_most', { max: String(issue.maximum) });
    case 'invalid_value':
      return m('validation.choose_one', { choices: issue.values.map(String).join(', ') });
    case 'invalid_format':
      return m(issue.format === 'email' ? 'validation.email' : 'validation.enter_valid_value');
    case 'not_multiple_of':
      return m('validation.multiple_of', { divisor: String(issue.divisor) });
    case 'unrecognized_keys':
      return m(issue.keys.length === 1 ? 'validation.unknown_field' : 'validation.unknown_fields', { keys: issue.keys.join(', ') });
    default:
      return m('validation.enter_valid_value');
  }
}

/**
 * The words of every message zod would otherwise word itself ("Invalid input: expected string,
 * received number"): the server installs it (z.config), so every 400 speaks as the spec's messages
 * do, by code (decision record 055). A schema's own message still wins over these.
 */
export const personMessages: z.core.$ZodErrorMap = (issue) => stamp(issue, personMessage(issue));

/** a language field (docs/i18n.md): the product's two languages, as `en` or `hi` */
export const localeSchema = z.enum(locales, say('validation.choose_one', { choices: 'en, hi' }));

/** `?lang=hi` on public reads and documents (docs/i18n.md): the same shape, in Hindi where there is Hindi; left out, English (or a document's own language) */
export const languageQuerySchema = z.object({ lang: localeSchema.optional() });

/**
 * Hindi text beside the English (docs/i18n.md, decision 038), with the English field's length and checks:
 * blank or null means none (the English stands in); left out of an update, the Hindi stays as it is.
 */
export const hindiText = (max: number, multiline = false) =>
  text(max, { multiline })
    .transform((v) => v || null)
    .nullable()
    .optional();
/** the Hindi as staff reads it: null where none is written */
export const hindiOut = z.string().nullable();
