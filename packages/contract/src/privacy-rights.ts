// The patient's rights under India's DPDP Act (docs/personal-data.md): what the lab holds and why, the download of
// it all, correction requests, the nominee, grievances, and closing the account (erasure). Staff see
// and answer correction requests and grievances; an admin reads what is kept by law after a closure.
import { z } from 'zod';
import { email, idText, phone, personName, requiredText, text } from './common.ts';
import { pageOf, pageQuery } from './staff.ts';
import { type MessageCode, messagesEn } from './i18n/en.ts';
import { m, say } from './i18n/message.ts';

/** the Rules' longest time to answer a grievance; GRIEVANCE_DUE_DAYS may be shorter, never longer */
export const GRIEVANCE_MAX_DAYS = 90;

/** what each kind of record is used for, as the dashboard says it (one voice with docs/personal-data.md) */
export const DATA_PURPOSE_CODES = {
  profile: 'privacy.purpose.account',
  appointments: 'privacy.purpose.bookings',
  bills: 'privacy.purpose.bills',
  reports: 'privacy.purpose.reports',
  membership: 'privacy.purpose.membership',
  requests: 'privacy.purpose.requests',
  nominee: 'privacy.purpose.nominee',
} as const satisfies Record<string, MessageCode>;
export type DataKind = keyof typeof DATA_PURPOSE_CODES;
/** the same purposes in English */
export const DATA_PURPOSES = Object.fromEntries(Object.entries(DATA_PURPOSE_CODES).map(([kind, code]) => [kind, messagesEn[code]])) as Readonly<Record<DataKind, string>>;

export const dataSummarySchema = z.object({
  items: z.array(z.object({ kind: z.enum(Object.keys(DATA_PURPOSES) as [DataKind, ...DataKind[]]), count: z.number().int(), purpose: z.string() })),
  /** how long the lab keeps what the law requires after an account is closed */
  retention: z.object({ bills_years: z.number().int(), reports_years: z.number().int(), guest_contact_days: z.number().int() }),
  /** the lab's grievance officer (from the lab's details) */
  grievance_contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  grievance_due_days: z.number().int(),
});
export type DataSummary = z.infer<typeof dataSummarySchema>;

const looseRecord = z.record(z.string(), z.unknown());

/**
 * GET /api/users/me/export/: everything about the caller, as one JSON file. A list of sections on the
 * server (modules/privacy/export.ts); `consents` and `access_log` come from the consent and security
 * parts of the privacy module.
 */
export const dataExportSchema = z.object({
  exported_at: z.string(),
  format: z.literal('lab-centre-data-export/1'),
  profile: looseRecord,
  appointments: z.array(looseRecord),
  bills: z.array(looseRecord),
  reports: z.array(looseRecord),
  membership: z.array(looseRecord),
  correction_requests: z.array(looseRecord),
  grievances: z.array(looseRecord),
  nominee: looseRecord.nullable(),
  /** the family members kept under the account, with the consents given for them (absent from older servers) */
  family_members: z.array(looseRecord).optional(),
  consents: z.array(z.unknown()).optional(),
  access_log: z.array(z.unknown()).optional(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

// ---- correction requests ----

export const CORRECTION_TOPICS = ['appointment', 'bill', 'report', 'other'] as const;
export const correctionTopicSchema = z.enum(CORRECTION_TOPICS, say('validation.choose_one', { choices: CORRECTION_TOPICS.join(', ') }));

export const correctionRequestInputSchema = z.strictObject({
  concerns: correctionTopicSchema,
  /** the booking reference, invoice number … it is about; optional */
  reference: text(40).optional(),
  details: requiredText(2000, { multiline: true }),
});
export type CorrectionRequestInput = z.input<typeof correctionRequestInputSchema>;

export const correctionRequestSchema = z.object({
  id: z.number().int(),
  concerns: correctionTopicSchema,
  reference: z.string(),
  details: z.string(),
  status: z.enum(['open', 'corrected', 'declined']),
  resolution: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type CorrectionRequest = z.infer<typeof correctionRequestSchema>;

export const correctionResolutionSchema = z.strictObject({
  outcome: z.enum(['corrected', 'declined'], say('validation.choose_one', { choices: 'corrected, declined' })),
  resolution: requiredText(2000, { multiline: true }),
});

// ---- grievances ----

export const grievanceInputSchema = z.strictObject({
  subject: requiredText(200),
  details: requiredText(4000, { multiline: true }),
});
export type GrievanceInput = z.input<typeof grievanceInputSchema>;

export const grievanceSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  details: z.string(),
  status: z.enum(['open', 'answered']),
  answer: z.string().nullable(),
  received_at: z.string(),
  /** YYYY-MM-DD (India): received + GRIEVANCE_DUE_DAYS */
  due_date: z.string(),
  answered_at: z.string().nullable(),
});
export type Grievance = z.infer<typeof grievanceSchema>;

export const grievanceAnswerSchema = z.strictObject({ answer: requiredText(4000, { multiline: true }) });

// ---- staff lists ----

const emptyIsNone = (v: unknown) => (v === '' ? undefined : v);

export const staffCorrectionQuerySchema = z.object({
  ...pageQuery,
  status: z.preprocess(emptyIsNone, z.enum(['open', 'corrected', 'declined'], say('validation.choose_one', { choices: 'open, corrected, declined' })).optional()),
});
export const staffCorrectionSchema = correctionRequestSchema.extend({
  patient: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  resolved_by: z.string().nullable(),
});
export type StaffCorrection = z.infer<typeof staffCorrectionSchema>;
export const staffCorrectionPageSchema = pageOf(staffCorrectionSchema);
export type StaffCorrectionPage = z.infer<typeof staffCorrectionPageSchema>;

export const staffGrievanceQuerySchema = z.object({
  ...pageQuery,
  status: z.preprocess(emptyIsNone, z.enum(['open', 'answered'], say('validation.choose_one', { choices: 'open, answered' })).optional()),
});
export const staffGrievanceSchema = grievanceSchema.extend({
  patient: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  answered_by: z.string().nullable(),
  /** open past its due date (India's today) */
  overdue: z.boolean(),
});
export type StaffGrievance = z.infer<typeof staffGrievanceSchema>;
export const staffGrievancePageSchema = pageOf(staffGrievanceSchema);
export type StaffGrievancePage = z.infer<typeof staffGrievancePageSchema>;

// ---- nominee ----

export const NOMINEE_CONTACT_NEEDED = messagesEn['privacy.nominee_contact'];

export const nomineeInputSchema = z
  .strictObject({
    name: personName(120, m('label.the_name')),
    relation: requiredText(60),
    phone: phone.optional(),
    email: email.optional(),
  })
  .refine((n) => n.phone !== undefined || n.email !== undefined, { path: ['phone'], ...say('privacy.nominee_contact') });
export type NomineeInput = z.input<typeof nomineeInputSchema>;

export const nomineeSchema = z.object({ name: z.string(), relation: z.string(), phone: z.string(), email: z.string(), updated_at: z.string() });
export type Nominee = z.infer<typeof nomineeSchema>;
export const nomineeAnswerSchema = z.object({ nominee: nomineeSchema.nullable() });

// ---- closing the account ----

export const closeAccountSchema = z.strictObject({
  password: z.string(say('validation.required')).min(1, say('validation.blank')).max(512, say('validation.too_long', { max: 512 })),
});
export const CLOSE_PASSWORD_WRONG = messagesEn['privacy.password_wrong'];

/** one kind of record kept by law after a closure, and until when (YYYY-MM-DD) */
export const keptRecordSummarySchema = z.object({ kind: z.enum(['bill', 'report']), count: z.number().int(), kept_until: z.string() });
export const accountClosedSchema = z.object({
  message: z.string(),
  closed_at: z.string(),
  kept: z.array(keptRecordSummarySchema),
});
export type AccountClosed = z.infer<typeof accountClosedSchema>;
export const ACCOUNT_CLOSED = messagesEn['privacy.account_closed'];

/** admin: what is kept of a closed account (GET /api/staff/privacy/kept-records?account=ID) */
export const keptRecordsQuerySchema = z.object({ account: idText(m('label.account')) });
export const keptRecordSchema = z.object({ id: z.number().int(), kind: z.enum(['bill', 'report']), reference: z.string(), data: z.unknown(), kept_until: z.string(), kept_since: z.string() });
export const keptRecordsSchema = z.object({ items: z.array(keptRecordSchema) });
export type KeptRecord = z.infer<typeof keptRecordSchema>;
