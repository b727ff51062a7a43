// Sign-up and sign-in with a mobile number and a one-time code (decision 061, docs/api.md): the code goes
// by SMS or WhatsApp, is 6 digits, works for 5 minutes, once, and for at most 5 tries. The first call's
// answer is the same whether or not the number has an account; a new number becomes an account once its
// code is right (its name is asked then), and an account whose number was proven this way signs in.
// Username and password login is unchanged; staff never sign in by code.
import { z } from 'zod';
import { loginResponseSchema, PASSWORD_MAX } from './auth.ts';
import { personName, text } from './common.ts';
import { messagesEn } from './i18n/en.ts';
import { m, say, saysIssue } from './i18n/message.ts';
import { toIndianE164 } from './phone.ts';
import { consentGrantSchema } from './privacy-consent.ts';

export const SIGN_IN_CODE_DIGITS = 6;
export const SIGN_IN_CODE_TTL_SECONDS = 5 * 60;
export const SIGN_IN_CODE_MAX_TRIES = 5;

/** an Indian mobile as people type it, read as E.164 (`+919829012345`) */
export const indianMobileSchema = z
  .string(say('phone_sign_in.mobile_rule'))
  .max(32, say('phone_sign_in.mobile_rule'))
  .transform((v, ctx) => {
    const e164 = toIndianE164(v);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', ...saysIssue(m('phone_sign_in.mobile_rule')) });
      return z.NEVER;
    }
    return e164;
  });

const signInCode = z
  .string(say('phone_sign_in.code_rule'))
  .trim()
  .regex(/^\d{6}$/, say('phone_sign_in.code_rule'));

/** POST /api/users/phone/code/: a code to this number, by SMS (the default) or WhatsApp */
export const phoneCodeRequestSchema = z.object({
  phone: indianMobileSchema,
  channel: z.enum(['sms', 'whatsapp'], say('phone_sign_in.channel_rule')).optional(),
});
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

/** the answer, the same for every number */
export const phoneCodeResponseSchema = z.object({
  message: z.string(),
  /** how long the code works, in seconds */
  expires_in: z.number().int(),
});
export type PhoneCodeResponse = z.infer<typeof phoneCodeResponseSchema>;

/**
 * POST /api/users/phone/sign-in/: the number and its code. A number with no account needs a first name
 * (the answer says so at the field `first_name`, and the code stays good for the next try).
 */
export const phoneSignInRequestSchema = z.object({
  phone: indianMobileSchema,
  code: signInCode,
  first_name: personName(150, m('label.first_name')).optional(),
  last_name: z.union([z.literal(''), personName(150, m('label.last_name'))]).optional(),
  /** the privacy notice agreed to when the account is made (docs/personal-data.md) */
  consent: consentGrantSchema.optional(),
});
export type PhoneSignInRequest = z.input<typeof phoneSignInRequestSchema>;

/** the login's answer (the web client keeps it as `user`), and whether the account was made just now */
export const phoneSignInResponseSchema = loginResponseSchema.extend({ created: z.boolean() });
export type PhoneSignInResponse = z.infer<typeof phoneSignInResponseSchema>;

/**
 * POST /api/users/me/credentials/: a password, an e-mail or both added to the account later. Changing a
 * password the account already has needs the current one; an account made by code has none.
 */
export const credentialsUpdateSchema = z
  .object({
    email: text(254).min(1, say('validation.blank')).pipe(z.email(say('validation.email'))).optional(),
    password: z.string(say('validation.required')).min(1, say('validation.blank')).max(PASSWORD_MAX, say('validation.too_long', { max: PASSWORD_MAX })).optional(),
    current_password: z.string(say('validation.required')).max(PASSWORD_MAX * 4, say('validation.too_long', { max: PASSWORD_MAX * 4 })).optional(),
  })
  .refine((v) => v.email !== undefined || v.password !== undefined, { ...say('phone_sign_in.credentials_empty'), path: ['password'] });
export type CredentialsUpdate = z.input<typeof credentialsUpdateSchema>;

/**
 * POST /api/users/me/phone/: the signed-in account proves a mobile number with the code sent to it
 * (POST /api/users/phone/code/), and the number then signs this account in too. A number that already
 * signs in another account is refused; accounts are never merged by a number (decision 069).
 */
export const mobileProofRequestSchema = z.object({
  phone: indianMobileSchema,
  code: signInCode,
});
export type MobileProofRequest = z.input<typeof mobileProofRequestSchema>;

export const PHONE_CODE_SENT = messagesEn['phone_sign_in.code_sent'];
export const PHONE_CODE_WRONG = messagesEn['phone_sign_in.code_wrong'];
export const PHONE_CODE_DEAD = messagesEn['phone_sign_in.code_dead'];
export const PHONE_NAME_NEEDED = messagesEn['phone_sign_in.name_needed'];
