// The DPDP Act's security safeguards (docs/personal-data.md): the staff read log (admins page through it), the patient's "Who
// looked" (role and time, never a name) and the breach register (admins only). Decision 033.
import { z } from 'zod';
import { email, id, idText, isoDate, requiredText } from './common.ts';
import { staffRoleSchema } from './reports.ts';

/** what a staff request showed of a patient */
export const READ_KINDS = ['appointment', 'results', 'report', 'mail_log', 'contact_message', 'bill', 'correction', 'grievance'] as const;
export const readKindSchema = z.enum(READ_KINDS);
export type ReadKind = z.infer<typeof readKindSchema>;

/** how each kind reads in a sentence ("… opened your appointment details") */
export const READ_KIND_LABELS: Record<ReadKind, string> = {
  appointment: 'appointment details',
  results: 'test results',
  report: 'report',
  mail_log: 'e-mails sent to you',
  contact_message: 'message to the lab',
  bill: 'bill and payments',
  correction: 'correction request',
  grievance: 'grievance',
};

/** what of a person a breach's accounts touched: what they read, or 'changed' for a change in the audit trail */
export const AFFECTED_KIND_LABELS: Record<ReadKind | 'changed', string> = {
  ...READ_KIND_LABELS,
  changed: 'changes to your appointment or bill',
};

/** the minimum the Rules ask: a read log is kept for at least a year */
export const READ_LOG_MIN_RETENTION_DAYS = 365;

const emptyIsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** an opaque position in a list ordered newest first; the answer's next_cursor */
const CURSOR_RULE = 'Enter the next_cursor of the previous page.';
export const cursorSchema = z
  .string({ error: CURSOR_RULE })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z~\d{1,10}$/, CURSOR_RULE)
  .refine((v) => Number(v.split('~')[1]) <= 2_147_483_647, CURSOR_RULE);

const limit = emptyIsUnset(
  z.coerce
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(1, 'Ensure this value is at least 1.')
    .max(100, 'Ensure this value is at most 100.'),
);

export const ACCESS_LOG_PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------------
// GET /api/users/me/access-log/: who looked at my data

export const accessLogQuerySchema = z.object({
  cursor: emptyIsUnset(cursorSchema),
  limit,
});
export type AccessLogQuery = z.input<typeof accessLogQuerySchema>;

export const accessLogEntrySchema = z.object({
  at: z.string(),
  /** the staff member's role; never their name */
  role: staffRoleSchema,
  kind: readKindSchema,
  /** the booking reference of the appointment concerned */
  appointment_reference: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogPageSchema = z.object({
  items: z.array(accessLogEntrySchema),
  next_cursor: z.string().nullable(),
});
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /api/staff/access-log: the read log, for admins

/** a day of the read log's filter: the log began long after 2000, and a day past 9999 has no next day to end on */
export const READ_LOG_DAY_RULE = 'Enter a date between 2000-01-01 and 2999-12-31.';
const readLogDay = isoDate.refine((v) => v >= '2000-01-01' && v <= '2999-12-31', READ_LOG_DAY_RULE);

export const staffReadLogQuerySchema = z
  .object({
    staff_user_id: emptyIsUnset(idText('staff member')),
    patient_email: emptyIsUnset(email),
    from: emptyIsUnset(readLogDay),
    to: emptyIsUnset(readLogDay),
    cursor: emptyIsUnset(cursorSchema),
    limit,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: 'Enter a date on or after the start date.',
  });
export type StaffReadLogQuery = z.input<typeof staffReadLogQuerySchema>;

export const staffReadEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_user_id: z.number().int(),
  staff_name: z.string().nullable(),
  staff_role: staffRoleSchema,
  patient_user_id: z.number().int().nullable(),
  /** the patient as the appointment (or message) names them */
  patient_name: z.string().nullable(),
  patient_email: z.string().nullable(),
  appointment_id: z.string().nullable(),
  appointment_reference: z.string().nullable(),
  kind: readKindSchema,
  subject_id: z.string(),
});
export type StaffReadEntry = z.infer<typeof staffReadEntrySchema>;

export const staffReadPageSchema = z.object({
  items: z.array(staffReadEntrySchema),
  next_cursor: z.string().nullable(),
});
export type StaffReadPage = z.infer<typeof staffReadPageSchema>;

// ---------------------------------------------------------------------------------------------------
// The breach register: /api/staff/breaches, for admins

/** hours the Rules give for the detailed report to the Data Protection Board, from when the breach was found */
export const BOARD_REPORT_HOURS = 72;

/** a moment in India time as a date-time field gives it: YYYY-MM-DDTHH:MM */
export const indiaDateTime = z
  .string({ error: 'Enter a date and time as YYYY-MM-DDTHH:MM.' })
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'Enter a date and time as YYYY-MM-DDTHH:MM.')
  .refine((v) => isoDate.safeParse(v.slice(0, 10)).success, 'Enter a valid date.');

export const breachInputSchema = z
  .object({
    summary: requiredText(2000, { multiline: true }),
    data_concerned: requiredText(1000, { multiline: true }),
    measures_taken: requiredText(2000, { multiline: true }),
    /** India time */
    occurred_at: indiaDateTime,
    /** India time; the Board's 72 hours run from here */
    found_at: indiaDateTime,
    /** the staff accounts whose reads and changes are looked at */
    account_ids: z
      .array(id('staff account'), {
        error: 'Choose at least one staff account.',
      })
      .min(1, 'Choose at least one staff account.')
      .max(20, 'Choose at most 20 staff accounts.'),
    /** the time range looked at, India time */
    range_from: indiaDateTime,
    range_to: indiaDateTime,
  })
  .refine((b) => b.range_from <= b.range_to, {
    path: ['range_to'],
    message: 'Enter a time on or after the start of the range.',
  })
  .refine((b) => b.occurred_at <= b.found_at, {
    path: ['found_at'],
    message: 'A breach is found after it occurs: enter a time on or after when it occurred.',
  });
export type BreachInput = z.input<typeof breachInputSchema>;

export const breachAffectedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** a registered patient's account, null for a guest booking or a contact message */
  user_id: z.number().int().nullable(),
  kinds: z.array(z.string()),
  notice_queued_at: z.string().nullable(),
  /** the notice e-mail's delivery: null before it is queued */
  notice_state: z.enum(['queued', 'sending', 'retrying', 'sent', 'failed']).nullable(),
  notice_sent_at: z.string().nullable(),
  /** the person has no e-mail address any more (a closed account, an erased booking): staff notify them by other means, and the notice stays open */
  no_address: z.boolean(),
});
export type BreachAffected = z.infer<typeof breachAffectedSchema>;

export const breachSummarySchema = z.object({
  id: z.number().int(),
  summary: z.string(),
  found_at: z.string(),
  /** found_at + 72 hours */
  board_report_due_at: z.string(),
  board_report_sent_at: z.string().nullable(),
  /** the deadline has passed and the report is not marked sent */
  overdue: z.boolean(),
  affected_count: z.number().int(),
  notices_queued: z.number().int(),
  created_at: z.string(),
});
export type BreachSummary = z.infer<typeof breachSummarySchema>;

export const breachSchema = breachSummarySchema.extend({
  data_concerned: z.string(),
  measures_taken: z.string(),
  occurred_at: z.string(),
  range_from: z.string(),
  range_to: z.string(),
  accounts: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      role: staffRoleSchema.nullable(),
    }),
  ),
  affected: z.array(breachAffectedSchema),
  /** the notice each affected person is sent ({name} is replaced by theirs) */
  notice_draft: z.object({ subject: z.string(), text: z.string() }),
  /** the report to the Data Protection Board, to send through its portal */
  board_report_draft: z.string(),
});
export type Breach = z.infer<typeof breachSchema>;

export const breachListSchema = z.array(breachSummarySchema);
export type BreachList = z.infer<typeof breachListSchema>;
