// Consent under the DPDP Act (docs/personal-data.md): what registration and booking send, the dashboard's list of
// consents, giving and withdrawing one. The notice's version and the purposes: privacy-notice.ts.
import { z } from 'zod';
import { personName } from './common.ts';
import { ADULT_AGE, CONSENT_PURPOSES, CONSENT_SOURCES, GUARDIAN_RELATIONS, privacyNotice } from './privacy-notice.ts';
import { messagesEn } from './i18n/en.ts';
import { inEnglish, m, say } from './i18n/message.ts';

const noticeVersionStale = m('consent.notice_outdated', { version: privacyNotice.version });
const purposeUnknown = m('consent.choose_purpose', { purposes: CONSENT_PURPOSES.join(', ') });
/** a guardian's name and relation missing for a patient under 18 */
export const guardianRequired = m('consent.guardian_needed', { age: ADULT_AGE });
export const NOTICE_VERSION_STALE = inEnglish(noticeVersionStale);
export const PURPOSE_UNKNOWN = inEnglish(purposeUnknown);
export const SERVICE_CONSENT_REQUIRED = messagesEn['consent.tick_to_agree'];
export const GUARDIAN_REQUIRED = inEnglish(guardianRequired);
export const NO_CONSENT_IN_FORCE = messagesEn['consent.none_in_force'];

export const consentPurposeSchema = z.enum(CONSENT_PURPOSES, say(purposeUnknown.code, purposeUnknown.values));

const purposes = z
  .array(consentPurposeSchema, say('consent.purposes_list'))
  .max(CONSENT_PURPOSES.length, say('consent.purpose_once'))
  .refine((p) => new Set(p).size === p.length, say('consent.purpose_once'));

const noticeVersion = z.string(say('consent.version_required')).refine((v) => v === privacyNotice.version, say(noticeVersionStale.code, noticeVersionStale.values));

/**
 * `consent` of registration and booking: the notice version read and the purposes ticked; `service` is
 * required, `marketing` optional. Optional as a whole, so older API clients (docs/product.md#api-contract) keep working (their
 * record says consent was not captured, and the web app asks at the next login or booking).
 */
export const consentGrantSchema = z.object({
  notice_version: noticeVersion,
  purposes: purposes.refine((p) => p.includes('service'), say('consent.tick_to_agree')),
});
export type ConsentGrant = z.infer<typeof consentGrantSchema>;

/** POST /api/users/me/consents/: give consents from the dashboard or the prompt after a login */
export const giveConsentRequestSchema = z.object({
  notice_version: noticeVersion,
  purposes: purposes.min(1, say('consent.at_least_one')),
  source: z.enum(['dashboard', 'login_prompt'], say('consent.choose_source')).optional().default('dashboard'),
});
export type GiveConsentRequest = z.input<typeof giveConsentRequestSchema>;

export const consentPurposeParams = z.object({ purpose: z.string().max(40).pipe(consentPurposeSchema) });

/** a parent or guardian booking for a patient under 18 */
export const guardianSchema = z.object({
  name: personName(100, "the parent's or guardian's name"),
  relation: z.enum(GUARDIAN_RELATIONS, say('consent.choose_relation', { relations: GUARDIAN_RELATIONS.join(', ') })),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** the booking's extra fields (added to the appointment request in booking.ts) */
export const bookingConsentFields = {
  consent: consentGrantSchema.optional(),
  /** whether the booker is the patient; `other`: for someone else (a child, a parent) */
  booking_for: z.enum(['self', 'other'], say('consent.choose_for')).optional(),
  /** required when the patient is under 18 */
  guardian: guardianSchema.nullable().optional(),
};

export const consentRecordSchema = z.object({
  purpose: consentPurposeSchema,
  notice_version: z.string(),
  /** false: a client of the original API registered or booked without asking (never a consent) */
  captured: z.boolean(),
  source: z.enum(CONSENT_SOURCES),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
  /** the booking it was given with, for a guest's or a booking's consent */
  appointment_id: z.string().nullable(),
  guardian: z.object({ name: z.string(), relation: z.enum(GUARDIAN_RELATIONS) }).nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** GET /api/users/me/consents/ */
export const consentsResponseSchema = z.object({
  notice: z.object({ version: z.string(), date: z.string() }),
  /** each purpose: in force now or not */
  in_force: z.object({ service: z.boolean(), marketing: z.boolean(), whatsapp: z.boolean().optional() }),
  /** true: no captured service consent to the current notice is in force; the web app asks for it */
  needs_consent: z.boolean(),
  /** every record, newest first */
  records: z.array(consentRecordSchema),
});
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;

/** POST …/withdraw: what stopped and what the law still keeps */
export const withdrawConsentResponseSchema = consentsResponseSchema.extend({ message: z.string() });
export type WithdrawConsentResponse = z.infer<typeof withdrawConsentResponseSchema>;

export const MARKETING_WITHDRAWN = messagesEn['consent.marketing_withdrawn'];
export const SERVICE_WITHDRAWN = messagesEn['consent.withdrawn'];

/** GET /api/privacy/notice/: the notice's version and the retention periods it states, from configuration */
export const privacyNoticeFactsSchema = z.object({
  version: z.string(),
  date: z.string(),
  retention: z.array(z.object({ item: z.string(), period: z.string() })),
});
export type PrivacyNoticeFacts = z.infer<typeof privacyNoticeFactsSchema>;
