// The patient's rights under India's DPDP Act (issue 17): what the lab holds and why, the download of
// it all, correction requests, the nominee, grievances, and closing the account (erasure). Staff see
// and answer correction requests and grievances; an admin reads what is kept by law after a closure.
import { z } from 'zod';
import { email, idText, phone, personName, requiredText, text } from './common.ts';
import { pageOf, pageQuery } from './staff.ts';

/** the Rules' longest time to answer a grievance; GRIEVANCE_DUE_DAYS may be shorter, never longer */
export const GRIEVANCE_MAX_DAYS = 90;

/** what each kind of record is used for, as the dashboard says it (one voice with the README) */
export const DATA_PURPOSES = {
  profile: 'Your name, username and e-mail identify you when you sign in and are printed on your bills and reports; your age and sex choose the reference ranges your results are read against.',
  appointments: 'Your bookings: the date, time, tests and contact details we need to take your sample (at home, the address) and to send you the confirmation and reminder.',
  bills: 'Your bills and payments: kept because tax law requires the lab to keep its accounts.',
  reports: 'Your released reports: your results, kept as medical records so you and your doctor can read them later.',
  membership: 'Your membership: the plan, its dates and its bill, for the discount on your bookings.',
  requests: 'Your correction requests and grievances, with our answers: so we can act on them and show you where they stand.',
  nominee: 'The person you named to use these rights for you if you die or cannot act: their name, relation and contact.',
} as const;
export type DataKind = keyof typeof DATA_PURPOSES;

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
 * parts of issue 17 once wired in.
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
  consents: z.array(z.unknown()).optional(),
  access_log: z.array(z.unknown()).optional(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

// ---- correction requests ----

export const CORRECTION_TOPICS = ['appointment', 'bill', 'report', 'other'] as const;
export const correctionTopicSchema = z.enum(CORRECTION_TOPICS, { error: `Choose one of: ${CORRECTION_TOPICS.join(', ')}.` });

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
  outcome: z.enum(['corrected', 'declined'], { error: 'Choose one of: corrected, declined.' }),
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
  status: z.preprocess(emptyIsNone, z.enum(['open', 'corrected', 'declined'], { error: 'Choose one of: open, corrected, declined.' }).optional()),
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
  status: z.preprocess(emptyIsNone, z.enum(['open', 'answered'], { error: 'Choose one of: open, answered.' }).optional()),
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

export const NOMINEE_CONTACT_NEEDED = 'Give the nominee’s phone number or e-mail address (or both).';

export const nomineeInputSchema = z
  .strictObject({
    name: personName(120, 'the name'),
    relation: requiredText(60),
    phone: phone.optional(),
    email: email.optional(),
  })
  .refine((n) => n.phone !== undefined || n.email !== undefined, { path: ['phone'], message: NOMINEE_CONTACT_NEEDED });
export type NomineeInput = z.input<typeof nomineeInputSchema>;

export const nomineeSchema = z.object({ name: z.string(), relation: z.string(), phone: z.string(), email: z.string(), updated_at: z.string() });
export type Nominee = z.infer<typeof nomineeSchema>;
export const nomineeAnswerSchema = z.object({ nominee: nomineeSchema.nullable() });

// ---- closing the account ----

export const closeAccountSchema = z.strictObject({
  password: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(512, 'Ensure this field has no more than 512 characters.'),
});
export const CLOSE_PASSWORD_WRONG = 'The password is not right.';

/** one kind of record kept by law after a closure, and until when (YYYY-MM-DD) */
export const keptRecordSummarySchema = z.object({ kind: z.enum(['bill', 'report']), count: z.number().int(), kept_until: z.string() });
export const accountClosedSchema = z.object({
  message: z.string(),
  closed_at: z.string(),
  kept: z.array(keptRecordSummarySchema),
});
export type AccountClosed = z.infer<typeof accountClosedSchema>;
export const ACCOUNT_CLOSED = 'Your account is closed and your personal data erased.';

/** admin: what is kept of a closed account (GET /api/staff/privacy/kept-records?account=ID) */
export const keptRecordsQuerySchema = z.object({ account: idText('account') });
export const keptRecordSchema = z.object({ id: z.number().int(), kind: z.enum(['bill', 'report']), reference: z.string(), data: z.unknown(), kept_until: z.string(), kept_since: z.string() });
export const keptRecordsSchema = z.object({ items: z.array(keptRecordSchema) });
export type KeptRecord = z.infer<typeof keptRecordSchema>;
