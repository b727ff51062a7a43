// Shapes shared by every endpoint.
import { z } from 'zod';

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

/** a positive integer id from a path parameter */
export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** a string field that is trimmed and bounded */
export const text = (max: number, label = 'This field') =>
  z.string({ error: `${label} is required.` }).trim().max(max, `Ensure this field has no more than ${max} characters.`);

export const requiredText = (max: number, label = 'This field') =>
  text(max, label).min(1, 'This field may not be blank.');

export const email = z.string({ error: 'This field is required.' }).trim().max(254, 'Ensure this field has no more than 254 characters.').pipe(z.email('Enter a valid email address.'));

/**
 * A person's name: one line of letters, combining marks (Indic scripts need them), spaces and . ' -
 * only. Names go into e-mails and onto bills; no line breaks, links or digits can ride along.
 */
export const NAME_RULE = "Enter a name using letters, spaces and . ' - only.";
export const personName = (max: number, label = 'this field') =>
  z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, { error: 'This field may not be blank.', abort: true })
    .max(max, { error: `Ensure ${label} has no more than ${max} characters.`, abort: true })
    .regex(/^\p{L}[\p{L}\p{M} .'\u2019-]*$/u, NAME_RULE);

/**
 * Usernames: letters, digits and . _ - (no @, so a username can never be mistaken for an e-mail
 * address at login; no +). Accounts made before this rule keep their names.
 */
export const USERNAME_RULE = 'Enter a valid username. This value may contain only letters, numbers, and ./-/_ characters.';
export const username = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, { error: 'This field may not be blank.', abort: true })
  .max(150, 'Ensure this field has no more than 150 characters.')
  .regex(/^[\p{L}\p{M}\p{N}._-]+$/u, USERNAME_RULE);

export const phone = z
  .string({ error: 'This field is required.' })
  .trim()
  .max(20, 'Ensure this field has no more than 20 characters.')
  .refine((v) => /^\+?[\d\s-]+$/.test(v), 'Enter a valid phone number.')
  .refine((v) => v.replace(/\D/g, '').length >= 10, 'Phone number must have at least 10 digits.');

/**
 * GET /api/health. `rate_limits` says where limits are counted: `redis` (shared by every process),
 * `memory` (this process; no REDIS_URL), `memory-fallback` (REDIS_URL is set but Redis is not
 * answering), `off` (RATE_LIMITS=off).
 */
export const healthSchema = z.object({ status: z.literal('ok'), rate_limits: z.enum(['off', 'memory', 'redis', 'memory-fallback']) });
