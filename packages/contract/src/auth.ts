// Accounts: registration, login, tokens, password reset.
import { z } from 'zod';
import { isoDate, localeSchema, personName, phone, requiredText, username } from './common.ts';
import { abhaPatchFields } from './health-codes.ts';
import { patientSexSchema } from './reports.ts';
import { consentGrantSchema, type ConsentGrant } from './privacy-consent.ts';
import { messagesEn } from './i18n/en.ts';
import { m, say } from './i18n/message.ts';

export const PASSWORD_MAX = 128;

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
    username,
    password: z.string(say('validation.required')).min(1, say('validation.blank')).max(PASSWORD_MAX, say('validation.too_long', { max: PASSWORD_MAX })),
    email: requiredText(254).pipe(z.email(say('validation.email'))),
    first_name: personName(150, m('label.first_name')),
    last_name: personName(150, m('label.last_name')),
    /** the privacy notice agreed to (docs/personal-data.md); absent from older API clients (docs/product.md#api-contract): recorded as not captured */
    consent: consentGrantSchema.optional(),
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
  consent?: ConsentGrant;
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
  password: z.string(say('validation.required')).min(1, say('validation.blank')).max(PASSWORD_MAX * 4, say('validation.too_long', { max: PASSWORD_MAX * 4 })),
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

export const refreshRequestSchema = z.object({ refresh: z.string(say('validation.required')).min(1, say('validation.blank')).max(4096) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const sendResetEmailRequestSchema = z.object({
  email: requiredText(254).pipe(z.email(say('validation.email'))),
});

export const resetPasswordParamsSchema = z.object({ uidb64: z.string().max(64), token: z.string().max(128) });
export const resetPasswordRequestSchema = z.object({
  password: z.string(say('validation.required')).min(1, say('validation.blank')).max(PASSWORD_MAX, say('validation.too_long', { max: PASSWORD_MAX })),
});

/** the same words whatever the address: nobody learns from it whether an account exists */
export const RESET_EMAIL_SENT = messagesEn['auth.reset_email_sent'];
export const RESET_LINK_INVALID = messagesEn['auth.reset_link_invalid'];
export const LOGIN_FAILED = messagesEn['auth.login_failed'];

/**
 * GET /api/users/me/: the caller's account, with the patient's own age and sex (null until given), which
 * the booking form prefills: the lab's reference intervals depend on them.
 */
export const meResponseSchema = publicUserSchema.extend({
  is_staff: z.boolean(),
  date_of_birth: z.string().nullable().optional(),
  /** the age today in whole years: from the date of birth, or the age once given, aged since */
  age_years: z.number().int().nullable().optional(),
  sex: patientSexSchema.nullable().optional(),
  /** the phone the patient last gave at a booking or here; null until given */
  phone: z.string().nullable().optional(),
  /** the language of the person's e-mails and documents (docs/i18n.md); null until chosen (English) */
  language: localeSchema.nullable().optional(),
  /** the ABHA number (14 digits) and ABHA address (docs/abdm.md); null until given */
  abha_number: z.string().nullable().optional(),
  abha_address: z.string().nullable().optional(),
  /** whether the account has a password (one made by a mobile code has none until one is added) */
  has_password: z.boolean().optional(),
  /** the mobile number proven by a code (E.164), which signs the account in by code; null until proven */
  proven_mobile: z.string().nullable().optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

const ageYears = z.number(say('profile.age_whole_years')).int(say('profile.age_whole_years')).min(0, say('validation.at_least', { min: 0 })).max(130, say('validation.at_most', { max: 130 }));
export const PROFILE_AGE_OR_BIRTH = messagesEn['profile.birth_or_age'];

/**
 * PATCH /api/users/me/: every field optional; a field left out stays as it is, null clears it. A date
 * of birth replaces an age given before and the other way round: the profile keeps one of them.
 */
export const profileUpdateSchema = z
  .object({
    date_of_birth: isoDate.nullable().optional(),
    age_years: ageYears.nullable().optional(),
    sex: patientSexSchema.nullable().optional(),
    /** the phone prefilled into bookings (the booking's rule: at least 10 digits); null clears it */
    phone: phone.nullable().optional(),
    /** the language of e-mails and documents; null forgets the choice */
    language: localeSchema.nullable().optional(),
    /** the ABHA number and address printed on reports and carried in their FHIR bundles (docs/abdm.md); null clears */
    ...abhaPatchFields,
  })
  .refine((p) => !(p.date_of_birth && p.age_years != null), { ...say('profile.birth_or_age'), path: ['age_years'] });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const RESET_PASSWORD_DONE = messagesEn['auth.reset_done'];

/** POST /api/users/verify-email/: the two parts of the proof link an account's address was sent (decision 049) */
export const emailProofRequestSchema = z.object({
  uidb64: requiredText(64),
  token: requiredText(128),
});
export type EmailProofRequest = z.infer<typeof emailProofRequestSchema>;
export const EMAIL_PROVEN = messagesEn['auth.email_proven'];
export const EMAIL_PROOF_INVALID = messagesEn['auth.email_proof_invalid'];
export const EMAIL_PROVEN_ELSEWHERE = messagesEn['auth.email_proven_elsewhere'];
export const LOGGED_OUT = messagesEn['auth.logged_out'];
/** 401 of POST /api/users/token/refresh/ for an expired, forged, retired or revoked refresh token */
export const REFRESH_INVALID = messagesEn['auth.refresh_invalid'];

// Second factor (TOTP) for staff: enrolment at first sign-in, then a code at every sign-in. Until the
// second step is passed, a staff member's tokens open no /api/staff call.

/** GET /api/users/second-factor/ */
export const secondFactorStatusSchema = z.object({
  /** an authenticator app is set up for the account */
  enrolled: z.boolean(),
  /** the account must pass the second step (staff) */
  required: z.boolean(),
  /** the token of this request has passed it */
  passed: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /api/users/second-factor/enrol/: a new secret to add to an authenticator app */
export const secondFactorEnrolmentSchema = z.object({
  /** base32, for typing into the app by hand */
  secret: z.string(),
  otpauth_url: z.string(),
  /** the otpauth URL as a QR code, a data: URL of an SVG image */
  qr_code: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

const otpCode = z
  .string(say('validation.required'))
  .trim()
  .regex(/^\d{6}$/, say('second_factor.code_rule'));

/** POST /api/users/second-factor/confirm/ */
export const secondFactorConfirmRequestSchema = z.object({ code: otpCode });

/** POST /api/users/second-factor/verify/: a code from the app, or one of the recovery codes */
export const secondFactorVerifyRequestSchema = z
  .object({
    code: otpCode.optional(),
    recovery_code: z.string().trim().min(1, say('validation.blank')).max(64, say('validation.too_long', { max: 64 })).optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), { ...say('second_factor.code_or_recovery'), path: ['code'] });
export type SecondFactorVerifyRequest = z.input<typeof secondFactorVerifyRequestSchema>;

export const RECOVERY_CODE_COUNT = 10;
export const secondFactorConfirmedSchema = z.object({
  /** shown once: each signs in once when the app is lost */
  recovery_codes: z.array(z.string()),
  tokens: tokenPairSchema,
});
export const secondFactorPassedSchema = z.object({ tokens: tokenPairSchema });

export const SECOND_FACTOR_REQUIRED = messagesEn['second_factor.required'];
export const SECOND_FACTOR_WRONG = messagesEn['second_factor.wrong'];
export const SECOND_FACTOR_RESET = messagesEn['second_factor.reset'];
