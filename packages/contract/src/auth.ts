// Accounts: registration, login, tokens, password reset.
import { z } from 'zod';
import { requiredText, text } from './common.ts';

export const PASSWORD_MAX = 128;

const name = (label: string) => requiredText(150, { tooLong: `Ensure ${label} has no more than 150 characters.` });

/**
 * first_name/last_name, or firstName/lastName: both spellings exist in the product. The camelCase names
 * are folded into the snake_case ones before validation, so one answer names every bad field at once.
 */
export const registerRequestSchema = z.preprocess(
  (raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const { firstName, lastName, ...rest } = raw as Record<string, unknown>;
    return { ...rest, first_name: rest.first_name ?? firstName, last_name: rest.last_name ?? lastName };
  },
  z.object({
    username: text(150)
      .min(1, { error: 'This field may not be blank.', abort: true })
      .regex(/^[\w.@+-]+$/, 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'),
    password: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(PASSWORD_MAX, `Ensure this field has no more than ${PASSWORD_MAX} characters.`),
    email: requiredText(254).pipe(z.email('Enter a valid email address.')),
    first_name: name('first name'),
    last_name: name('last name'),
  }),
);
export interface RegisterRequest {
  username: string;
  password: string;
  email: string;
  first_name?: string;
  last_name?: string;
  firstName?: string;
  lastName?: string;
}

export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginRequestSchema = z.object({
  /** the username, or the account's e-mail */
  username: requiredText(254),
  password: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(PASSWORD_MAX * 4, 'Ensure this field has no more than 512 characters.'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** the whole answer is kept by the web client as `user` */
export const loginResponseSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  tokens: tokenPairSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refresh: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(4096) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const sendResetEmailRequestSchema = z.object({
  email: requiredText(254).pipe(z.email('Enter a valid email address.')),
});

export const resetPasswordParamsSchema = z.object({ uidb64: z.string().max(64), token: z.string().max(128) });
export const resetPasswordRequestSchema = z.object({
  password: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(PASSWORD_MAX, `Ensure this field has no more than ${PASSWORD_MAX} characters.`),
});

/** the same words whatever the address: nobody learns from it whether an account exists */
export const RESET_EMAIL_SENT = 'If an account with that e-mail exists, we have sent a link to reset its password.';
export const RESET_LINK_INVALID = 'The password reset link has expired or is invalid.';
export const LOGIN_FAILED = 'Invalid username or password.';

/** GET /api/users/me/: the caller's account */
export const meResponseSchema = publicUserSchema.extend({ is_staff: z.boolean() });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const RESET_PASSWORD_DONE = 'Password reset successful.';
export const LOGGED_OUT = 'Logged out.';
/** 401 of POST /api/users/token/refresh/ for an expired, forged, retired or revoked refresh token */
export const REFRESH_INVALID = 'Token is invalid or expired.';
