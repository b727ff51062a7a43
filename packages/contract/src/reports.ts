// Test results and verified reports: test parameters and reference intervals, staff roles and
// accounts, result entry, release and amendment (staff), and the patient's report and its public
// verification. Also the one rule that flags a result against an interval, used by the server when a
// result is saved and by the staff screen as a value is typed.
import { z } from 'zod';
import { id, isoDate, requiredText, text } from './common.ts';
import { messagesEn } from './i18n/en.ts';
import { say } from './i18n/message.ts';
import { loincCodeField, snomedCodeField } from './health-codes.ts';

// ---------------------------------------------------------------------------------------------------
// Building blocks

/** a limit or value: finite, and small enough for every database column and every printout */
const limit = z
  .number({ error: 'Enter a number.' })
  .finite('Enter a number.')
  .min(-1_000_000_000, 'Ensure this value is at least -1000000000.')
  .max(1_000_000_000, 'Ensure this value is at most 1000000000.')
  .nullable();

const smallInt = (min: number, max: number) =>
  z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(min, `Ensure this value is at least ${min}.`).max(max, `Ensure this value is at most ${max}.`);

/** the 403 of a staff route the caller's role may not use (the console tells it from a lost account) */
export const STAFF_ROLE_REFUSAL = 'Your staff role does not allow this.';

export const staffRoleSchema = z.enum(['reception', 'phlebotomist', 'technician', 'pathologist', 'admin'], { error: 'Choose one of: reception, phlebotomist, technician, pathologist, admin.' });
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const patientSexSchema = z.enum(['male', 'female', 'other'], say('validation.choose_one', { choices: 'male, female, other' }));
export type PatientSex = z.infer<typeof patientSexSchema>;

export const resultTypeSchema = z.enum(['number', 'choice', 'text'], { error: 'Choose one of: number, choice, text.' });
export type ResultType = z.infer<typeof resultTypeSchema>;

/** L low, H high, LL critically low, HH critically high, A abnormal choice */
export const resultFlagSchema = z.enum(['L', 'H', 'LL', 'HH', 'A']);
export type ResultFlag = z.infer<typeof resultFlagSchema>;

// ---------------------------------------------------------------------------------------------------
// Parameters and reference intervals

export const intervalSchema = z.object({
  sex: z.enum(['any', 'male', 'female'], { error: 'Choose one of: any, male, female.' }),
  age_unit: z.enum(['years', 'days'], { error: 'Choose years or days.' }),
  age_from: smallInt(0, 50_000),
  /** exclusive; null: no upper age */
  age_to: smallInt(1, 50_000).nullable(),
  /** null: no lower limit (a one-sided "< 200") */
  lower: limit,
  upper: limit,
  critical_low: limit,
  critical_high: limit,
});
export type ReferenceInterval = z.infer<typeof intervalSchema>;

const intervalInput = intervalSchema
  .refine((i) => i.lower !== null || i.upper !== null, { message: 'Give a lower limit, an upper limit or both.', path: ['upper'] })
  .refine((i) => i.lower === null || i.upper === null || i.lower <= i.upper, { message: 'The lower limit must not be above the upper limit.', path: ['lower'] })
  .refine((i) => i.age_to === null || i.age_to > i.age_from, { message: 'The age band must end after it starts.', path: ['age_to'] })
  .refine((i) => i.critical_low === null || i.lower === null || i.critical_low <= i.lower, { message: 'The critical low limit must not be above the lower limit.', path: ['critical_low'] })
  .refine((i) => i.critical_high === null || i.upper === null || i.critical_high >= i.upper, { message: 'The critical high limit must not be below the upper limit.', path: ['critical_high'] });

/** what a parameter is, as the catalogue and the worksheet both show it */
const parameterFields = {
  test_id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  result_type: resultTypeSchema,
  decimals: z.number().int(),
  choices: z.array(z.string()).nullable(),
  normal_choice: z.string().nullable(),
  method: z.string(),
  sample_type: z.string(),
};

export const parameterSchema = z.object({
  id: z.number().int(),
  ...parameterFields,
  sort_order: z.number().int(),
  active: z.boolean(),
  intervals: z.array(intervalSchema),
  /** LOINC code and display (docs/abdm.md); null: the parameter reports by its name */
  loinc_code: z.string().nullable(),
  loinc_display: z.string().nullable(),
  /** the SNOMED CT code of its sample type (docs/abdm.md); null: coded from the sample type's words where listed */
  specimen_code: z.string().nullable(),
});
export type TestParameter = z.infer<typeof parameterSchema>;
export const parameterListSchema = z.array(parameterSchema);

export const parameterInputSchema = z
  .object({
    name: requiredText(100),
    unit: text(30).optional().default(''),
    result_type: resultTypeSchema,
    decimals: smallInt(0, 4).optional().default(0),
    choices: z.array(requiredText(50), { error: 'Give the choices as a list.' }).min(2, 'Give at least two choices.').max(20, 'Ensure this list has no more than 20 choices.').nullable().optional().default(null),
    normal_choice: text(50).nullable().optional().default(null),
    method: text(100).optional().default(''),
    sample_type: text(100).optional().default(''),
    sort_order: smallInt(0, 1000).optional().default(0),
    active: z.boolean({ error: 'Enter true or false.' }).optional().default(true),
    intervals: z.array(intervalInput, { error: 'Give the intervals as a list.' }).max(30, 'Ensure this list has no more than 30 intervals.').optional().default([]),
    loinc_code: loincCodeField,
    loinc_display: text(255).nullable().optional().transform((v) => v || null),
    specimen_code: snomedCodeField,
  })
  .refine((p) => p.result_type !== 'choice' || (p.choices?.length ?? 0) >= 2, { message: 'A choice result needs at least two choices.', path: ['choices'] })
  .refine((p) => p.normal_choice === null || (p.choices ?? []).includes(p.normal_choice), { message: 'The normal choice must be one of the choices.', path: ['normal_choice'] })
  .refine((p) => p.result_type === 'number' || p.intervals.length === 0, { message: 'Only a number result has reference intervals.', path: ['intervals'] });
export type ParameterInput = z.input<typeof parameterInputSchema>;

// ---------------------------------------------------------------------------------------------------
// The flag rule

export interface FlagInterval {
  lower: number | null;
  upper: number | null;
  critical_low: number | null;
  critical_high: number | null;
}

/** a number against the patient's interval: critical limits first, then the normal ones */
export function flagNumber(value: number, i: FlagInterval | null): ResultFlag | null {
  if (!i) return null;
  if (i.critical_low !== null && value < i.critical_low) return 'LL';
  if (i.critical_high !== null && value > i.critical_high) return 'HH';
  if (i.lower !== null && value < i.lower) return 'L';
  if (i.upper !== null && value > i.upper) return 'H';
  return null;
}

export const FLAG_LABELS: Record<ResultFlag, string> = { L: messagesEn['reports.flag.L'], H: messagesEn['reports.flag.H'], LL: messagesEn['reports.flag.LL'], HH: messagesEn['reports.flag.HH'], A: messagesEn['reports.flag.A'] };

export const isCritical = (flag: ResultFlag | null) => flag === 'LL' || flag === 'HH';

/** an interval as a report prints it: "13.0 - 17.0", "< 200", "> 40" (the one way; see uniformInterval) */
export function intervalText(i: Pick<FlagInterval, 'lower' | 'upper'> | null, decimals: number): string {
  if (!i) return '';
  const f = (v: number) => v.toFixed(decimals);
  if (i.lower !== null && i.upper !== null) return `${f(i.lower)} - ${f(i.upper)}`;
  if (i.upper !== null) return `< ${f(i.upper)}`;
  if (i.lower !== null) return `> ${f(i.lower)}`;
  return '';
}

const LIMIT = String.raw`-?\d+(?:\.\d+)?`;
const RANGE = new RegExp(String.raw`^(${LIMIT})\s*(?:-|\u2013|\u2014|to)\s*(${LIMIT})$`, 'i');
const BOUND = new RegExp(String.raw`^([<>]=?|\u2264|\u2265)\s*(${LIMIT})$`);

/**
 * An interval's text written the one way intervalText writes it, whoever wrote it (a staff member's
 * normal text, a report released before): "1-6", "1–6" and "1 to 6" become "1 - 6", "<200" becomes
 * "< 200"; any other text is kept as it is.
 */
export function uniformInterval(text: string): string {
  const t = text.trim();
  return t.replace(RANGE, '$1 - $2').replace(BOUND, '$1 $2');
}

/** a typed number value: digits with an optional point and minus sign, nothing else */
export const NUMBER_VALUE = /^-?\d+(\.\d+)?$/;

// ---------------------------------------------------------------------------------------------------
// Who the sample belongs to

export const patientDetailsSchema = z
  .object({
    date_of_birth: isoDate.nullable().optional().default(null),
    age_years: smallInt(0, 130).nullable().optional().default(null),
    sex: patientSexSchema,
  })
  .refine((p) => p.date_of_birth !== null || p.age_years !== null, { message: 'Give the date of birth or the age in years.', path: ['date_of_birth'] });
export type PatientDetails = z.input<typeof patientDetailsSchema>;

/** a date and time on a clock in India, as a datetime-local field gives it */
const indiaDateTime = z
  .string({ error: 'This field is required.' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Enter a date and time as YYYY-MM-DDTHH:MM (India time).')
  .refine((v) => isoDate.safeParse(v.slice(0, 10)).success && Number(v.slice(11, 13)) < 24 && Number(v.slice(14, 16)) < 60, 'Enter a valid date and time.');

export const SAMPLE_RECEIVED_BEFORE_COLLECTED = 'The sample cannot reach the lab before it was collected.';
export const SAMPLE_TIME_IN_FUTURE = 'This time is still to come.';

/** PUT /api/staff/results/{id}/sample: when the sample was collected and when the lab received it (India time) */
export const sampleTimesSchema = z
  .object({ collected_at: indiaDateTime, received_at: indiaDateTime })
  .refine((t) => t.received_at >= t.collected_at, { message: SAMPLE_RECEIVED_BEFORE_COLLECTED, path: ['received_at'] });
export type SampleTimes = z.infer<typeof sampleTimesSchema>;

// ---------------------------------------------------------------------------------------------------
// Result entry, release, amendment (staff)

const resultValue = z.object({
  parameter_id: id('parameter'),
  value: text(200),
});

export const resultEntrySchema = z.object({
  results: z.array(resultValue, { error: 'Give the results as a list.' }).min(1, 'Enter at least one result.').max(200, 'Ensure this list has no more than 200 results.'),
  /** false: a draft, finished later; true: ready for a pathologist to review and release */
  final: z.boolean({ error: 'Enter true or false.' }),
});
export type ResultEntry = z.infer<typeof resultEntrySchema>;

export const amendmentSchema = z.object({
  reason: requiredText(500, { multiline: true }),
  results: resultEntrySchema.shape.results,
});
export type Amendment = z.infer<typeof amendmentSchema>;

export const criticalCallSchema = z.object({ note: requiredText(500, { multiline: true }) });
export type CriticalCall = z.infer<typeof criticalCallSchema>;

export const worksheetRowSchema = z.object({
  parameter_id: z.number().int(),
  test_name: z.string(),
  ...parameterFields,
  /** the interval that applies to this patient (age and sex), or null */
  interval: intervalSchema.omit({ sex: true, age_unit: true, age_from: true, age_to: true }).nullable(),
  interval_text: z.string(),
  value: z.string().nullable(),
  flag: resultFlagSchema.nullable(),
  status: z.enum(['draft', 'final']).nullable(),
  entered_by: z.number().int().nullable(),
  entered_at: z.string().nullable(),
  /** the analyser the value came from (docs/analysers.md), when it measured and its own flags (OBX-8); absent or null: typed by a person */
  source: z.object({ analyser: z.string(), measured_at: z.string().nullable(), instrument_flags: z.string().nullable() }).nullable().optional(),
});
export type WorksheetRow = z.infer<typeof worksheetRowSchema>;

export const reportVersionSchema = z.object({
  version: z.number().int(),
  status: z.enum(['released', 'superseded']),
  verification_code: z.string(),
  released_at: z.string(),
  released_by: z.string(),
  amendment_reason: z.string().nullable(),
});
export type ReportVersion = z.infer<typeof reportVersionSchema>;

/**
 * An amendment entered by one pathologist and waiting for a different one to release it (or for
 * anyone to discard it); until then the released version stays the current one (decision 046).
 */
export const pendingAmendmentSchema = z.object({
  /** the version it becomes when released */
  version: z.number().int(),
  reason: z.string(),
  entered_by: z.string(),
  entered_by_id: z.number().int().nullable(),
  /** the reader entered it, so may not release it */
  entered_by_you: z.boolean(),
  entered_at: z.string(),
  changes: z.array(
    z.object({
      parameter_id: z.number().int(),
      name: z.string(),
      test_name: z.string(),
      /** the released value, and the one the amendment gives */
      from: z.string().nullable(),
      to: z.string(),
      flag: resultFlagSchema.nullable(),
    }),
  ),
});
export type PendingAmendment = z.infer<typeof pendingAmendmentSchema>;

export const worksheetSchema = z.object({
  appointment_id: z.string(),
  patient_name: z.string(),
  date: isoDate,
  time: z.string(),
  status: z.string(),
  patient_date_of_birth: z.string().nullable(),
  patient_age_years: z.number().int().nullable(),
  patient_sex: patientSexSchema.nullable(),
  /** e.g. "34 years"; null until staff complete age and sex */
  patient_age: z.string().nullable(),
  rows: z.array(worksheetRowSchema),
  /** a critical value was entered and nobody has recorded the call yet */
  critical_pending: z.boolean(),
  critical_called_at: z.string().nullable(),
  critical_call_note: z.string().nullable(),
  /** ISO instants, set when the sample is marked collected; null before */
  sample_collected_at: z.string().nullable(),
  sample_received_at: z.string().nullable(),
  reports: z.array(reportVersionSchema),
  /** true only while a released version exists: the one way a visit with reportable tests is completed */
  report_released: z.boolean(),
  pending_amendment: pendingAmendmentSchema.nullable(),
});
export type Worksheet = z.infer<typeof worksheetSchema>;

export const resultsQueueItemSchema = z.object({
  appointment_id: z.string(),
  patient_name: z.string(),
  date: isoDate,
  time: z.string(),
  status: z.string(),
  tests: z.array(z.string()),
  /** none, draft (some entered), ready (all final, awaiting release), released (a released version exists), amendment (an amendment awaits release) */
  stage: z.enum(['none', 'draft', 'ready', 'released', 'amendment']),
  critical_pending: z.boolean(),
  needs_patient_details: z.boolean(),
});
export type ResultsQueueItem = z.infer<typeof resultsQueueItemSchema>;
export const resultsQueueSchema = z.array(resultsQueueItemSchema);

// ---------------------------------------------------------------------------------------------------
// Staff accounts (admin)

export const staffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** null: deactivated (the account is a patient account again) */
  staff_role: staffRoleSchema.nullable(),
  qualification: z.string(),
  registration_no: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountListSchema = z.array(staffAccountSchema);

/**
 * `GET /api/staff/me`: the caller's role and the staff routes it may call, as the server's one access
 * table lists them (`METHOD /api/staff/...` as registered, e.g. `POST /api/staff/results/:id/release`),
 * so the console hides what the role cannot do without a copy of the table (decision 052).
 */
export const staffMeSchema = z.object({ staff_role: staffRoleSchema, may: z.array(z.string()) });
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffAccountUpdateSchema = z
  .object({
    /** null deactivates the account */
    staff_role: staffRoleSchema.nullable().optional(),
    qualification: text(100).optional(),
    registration_no: text(50).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Change at least one field.', path: ['staff_role'] });
export type StaffAccountUpdate = z.infer<typeof staffAccountUpdateSchema>;

export const staffAccountCreateSchema = z.object({
  /** an existing account (registered like any patient) made staff */
  username: requiredText(150),
  staff_role: staffRoleSchema,
  qualification: text(100).optional().default(''),
  registration_no: text(50).optional().default(''),
});
export type StaffAccountCreate = z.input<typeof staffAccountCreateSchema>;

// ---------------------------------------------------------------------------------------------------
// The patient's reports and the public verification

export const myReportSchema = z.object({
  appointment_id: z.string(),
  version: z.number().int(),
  released_at: z.string(),
  verification_code: z.string(),
  /** the family member the report is of (people.ts); null: the account holder */
  member_id: z.number().int().nullable().optional(),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportListSchema = z.array(myReportSchema);

/** one measurement of a parameter on a released report, with the interval it was read against */
export const trendPointSchema = z.object({
  appointment_id: z.string(),
  /** when the sample was collected (ISO instant); the release time for reports older than that record */
  taken_at: z.string(),
  value: z.number(),
  flag: resultFlagSchema.nullable(),
  /** the interval as the report printed it, e.g. "4.0 - 5.6" or "< 200" */
  interval: z.string(),
  /** its limits, for shading a chart (null: open on that side, or not recorded) */
  lower: z.number().nullable(),
  upper: z.number().nullable(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** GET /api/reports/trends/: each parameter the signed-in patient has had measured more than once */
export const trendSchema = z.object({
  parameter: z.string(),
  unit: z.string(),
  /** oldest first */
  points: z.array(trendPointSchema),
});
export type Trend = z.infer<typeof trendSchema>;
export const trendListSchema = z.array(trendSchema);

/** the letters and digits of a report's verification code: none that reads like another (0/O, 1/I/L) */
export const VERIFICATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VERIFICATION_CODE_LENGTH = 8;
export const VERIFICATION_CODE_RULE = messagesEn['reports.verification_code_rule'];
/** a code as printed, in either case; anything else (a NUL byte, a stray letter) is refused before the database */
export const verificationCodeParams = z.object({
  code: z.string().regex(new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{${VERIFICATION_CODE_LENGTH}}$`, 'i'), say('reports.verification_code_rule')),
});

export const verificationSchema = z.object({
  genuine: z.literal(true),
  lab_name: z.string(),
  patient_initials: z.string(),
  tests: z.array(z.string()),
  released_at: z.string(),
  version: z.number().int(),
  superseded: z.boolean(),
  /** the code of the version that replaced this one, when superseded */
  superseded_by: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** a PDF's bytes (application/pdf); sent as they are, never serialised as JSON */
export const pdfBodySchema = z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array).describe('application/pdf');
