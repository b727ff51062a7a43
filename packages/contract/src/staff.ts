// The staff API (/api/staff/…): the appointment queue, the catalogue, content, the contact inbox and
// the audit trail. Every call needs a staff account's bearer token (401 without one, 403 for a patient).
// Prices are rupees here, as everywhere in the API; the server keeps paise.
import { z } from 'zod';
import { appointmentStatusSchema, BOOKING_CLOSES, BOOKING_OPENS } from './booking.ts';
import { categorySchema, packageTestSchema } from './catalog.ts';
import { clockTime, hindiOut, hindiText, id, idText, isoDate, requiredText, rupees, text } from './common.ts';
import { blogSchema, careerSchema, contactResponseSchema } from './content.ts';
import { loincCodePatchField } from './health-codes.ts';
import { planSchema } from './membership.ts';
import { preparationSchema } from './preparation.ts';
import { billPaymentStatusSchema, queuePaymentFilterSchema } from './payments.ts';

// ---------------------------------------------------------------------------------------------------
// Building blocks

/** an empty query parameter (`?date=`) means "no filter", not "a bad value" */
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const queryBool = z.enum(['true', 'false', '1', '0'], { error: 'Enter true or false.' }).transform((v) => v === 'true' || v === '1');

export const pageQuery = {
  limit: optionalQuery(z.coerce.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(1, 'Ensure this value is at least 1.').max(100, 'Ensure this value is at most 100.')),
  offset: optionalQuery(z.coerce.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(0, 'Ensure this value is at least 0.').max(1_000_000, 'Ensure this value is at most 1000000.')),
};

export const DEFAULT_PAGE_SIZE = 25;

/** one page of a list, with the number of rows matching the filters */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int(), items: z.array(item) });

/** free text of a list's search box */
const searchQuery = optionalQuery(text(100));

const statusChoice = z.enum(appointmentStatusSchema.options, { error: `Choose one of: ${appointmentStatusSchema.options.join(', ')}.` });

const flag = z.boolean({ error: 'Enter true or false.' });


/** rupees with at most two decimals, above zero */
export const priceInput = z
  .number({ error: 'Enter a price in rupees.' })
  // Above 0 after rounding to paise: 1e-9 is above 0 but would charge nothing at all.
  .refine((v) => Math.round(v * 100) >= 1, { error: 'Enter a price above 0.', abort: true })
  .max(10_000_000, 'Ensure the price is at most 10000000.')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Enter a price with at most 2 decimals.');

const percent = (min: number, max: number) =>
  z
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(min, `Ensure this value is at least ${min}.`)
    .max(max, `Ensure this value is at most ${max}.`);


/** an https:// address or a mailto: address; what the careers page opens with "Apply Now" */
export const applicationLink = requiredText(500).refine((v) => {
    try {
      // decodeURIComponent throws on a malformed escape (mailto:%E0%A4%A): that is a bad link, not a crash.
      if (/^mailto:/i.test(v)) return z.email().safeParse(decodeURIComponent(v.slice(7).split('?')[0] ?? '')).success;
      const u = new URL(v);
      return u.protocol === 'https:' && u.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Enter an https:// link or a mailto: address.');

// ---------------------------------------------------------------------------------------------------
// Appointment queue

export const staffAppointmentQuerySchema = z.object({
  date: optionalQuery(isoDate),
  status: optionalQuery(statusChoice),
  /** text over name, phone, e-mail, the appointment id, the booking reference and test names */
  q: searchQuery,
  /** unpaid (money due, no UTR waiting), awaiting_confirmation (a UTR waits), paid, refund_owed */
  payment: optionalQuery(queuePaymentFilterSchema),
  ...pageQuery,
});
export type StaffAppointmentQuery = z.input<typeof staffAppointmentQuerySchema>;

export const staffAppointmentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  user_email: z.string(),
  user_phone: z.string(),
  date: z.string(),
  time: z.string(),
  home_sample: z.boolean(),
  address: z.string(),
  status: appointmentStatusSchema,
  package_id: z.number().int().nullable(),
  tests: z.array(z.object({ id: z.number().int(), name: z.string(), price: rupees })),
  /** the bill's total: what the patient pays (a package booking's price already replaces the sum) */
  amount_due: rupees,
  is_paid: z.boolean(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** the bill's payments (modules/payments); null only for an appointment without a bill */
  bill_id: z.number().int().nullable(),
  invoice_no: z.string().nullable(),
  payment_status: billPaymentStatusSchema.nullable(),
  amount_paid: rupees,
  refund_owed: rupees,
  /** what the bill's payments through the online gateway can still give back (confirmed, less refunds made or pending): the cancel step offers it */
  refundable_online: rupees,
  /** the patient's UTR waiting for staff to confirm or reject it */
  pending_payment: z.object({ id: z.number().int(), utr: z.string(), amount: rupees }).nullable(),
  /**
   * Its tests have parameters to report: it is completed only by the release of its report, never by a
   * status change (decision 046). false: tests without parameters (imaging, cultures), completed by staff.
   */
  needs_report: z.boolean(),
});
export type StaffAppointment = z.infer<typeof staffAppointmentSchema>;
/**
 * The queue's page. `total` is exact unless `count_capped`: then more than `total` appointments
 * match, for a broad search (a common first name in years of bookings, or no filter) is not counted
 * to the end; `total` is then at least 500, or as many as the pages asked for so far. The items are
 * the latest first either way.
 */
export const staffAppointmentPageSchema = pageOf(staffAppointmentSchema).extend({ count_capped: z.boolean() });
export type StaffAppointmentPage = z.infer<typeof staffAppointmentPageSchema>;

/**
 * The lifecycle moves one step at a time (booked → approved → sample_collected → completed), so the
 * audit trail holds every step; cancelled is reachable from any state before completed.
 */
export const APPOINTMENT_FLOW = ['booked', 'approved', 'sample_collected', 'completed'] as const;

export const statusLabels: Record<z.infer<typeof appointmentStatusSchema>, string> = {
  booked: 'Booked',
  approved: 'Approved',
  sample_collected: 'Sample collected',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const statusChangeSchema = z.object({ status: statusChoice });
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const paymentChangeSchema = z.object({ is_paid: flag });
export type PaymentChange = z.infer<typeof paymentChangeSchema>;

export { appointmentIdParams as appointmentRefParams } from './booking.ts';

// ---------------------------------------------------------------------------------------------------
// Catalogue

export const staffCategorySchema = categorySchema.extend({ test_count: z.number().int(), name_hi: hindiOut });
export type StaffCategory = z.infer<typeof staffCategorySchema>;
export const staffCategoryListSchema = z.array(staffCategorySchema);

/** q: any part of the name, in any script and case */
export const staffCategoryQuerySchema = z.object({ q: searchQuery });
export type StaffCategoryQuery = z.input<typeof staffCategoryQuerySchema>;

export const categoryInputSchema = z.object({
  name: requiredText(100),
  name_hi: hindiText(100),
  /** derived from the name when left out */
  slug: z
    .string()
    .trim()
    .max(100, 'Ensure this field has no more than 100 characters.')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$|^$/, 'Use lower-case letters, digits and hyphens.')
    .optional(),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export const categoryUpdateSchema = categoryInputSchema.partial();
export type CategoryUpdate = z.input<typeof categoryUpdateSchema>;

export const staffTestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_hi: hindiOut,
  category_id: z.number().int(),
  category: z.string(),
  price: rupees,
  active: z.boolean(),
  created_at: z.string(),
  /** always present for staff: fasting_hours and latest_time null, instructions "" when none;
   * instructions_hi: the instructions in Hindi, null where none is written (Hindi readers get the English) */
  preparation: preparationSchema.extend({ instructions_hi: hindiOut }),
  /** the test's LOINC panel code (a CBC's 57021-8), the FHIR DiagnosticReport's code (docs/abdm.md); null where LOINC has none */
  loinc_code: z.string().nullable(),
});
export type StaffTest = z.infer<typeof staffTestSchema>;
export const staffTestPageSchema = pageOf(staffTestSchema);
export type StaffTestPage = z.infer<typeof staffTestPageSchema>;

export const staffTestQuerySchema = z.object({
  q: searchQuery,
  category_id: optionalQuery(idText('category')),
  active: optionalQuery(queryBool),
  ...pageQuery,
});
export type StaffTestQuery = z.input<typeof staffTestQuerySchema>;

export const FASTING_HOURS_RULE = 'Enter the fasting hours as a whole number from 1 to 24, or leave it empty.';
export const LATEST_TIME_RULE = `Enter a time after ${BOOKING_OPENS} and no later than ${BOOKING_CLOSES}, or leave it empty.`;

/** a test's preparation as the test editor sends it (preparation.ts); null (or "") clears a part, a part left out stays */
const preparationInput = {
  fasting_hours: z.number({ error: FASTING_HOURS_RULE }).int(FASTING_HOURS_RULE).min(1, FASTING_HOURS_RULE).max(24, FASTING_HOURS_RULE).nullable().optional(),
  instructions: text(300).optional(),
  /** the instructions in Hindi for Hindi readers (booking page, e-mails); blank or null removes them, left out they stay */
  instructions_hi: hindiText(300),
  latest_time: clockTime
    .refine((v) => v > BOOKING_OPENS && v <= BOOKING_CLOSES, LATEST_TIME_RULE)
    .nullable()
    .optional(),
};

export const testInputSchema = z.object({
  name: requiredText(200),
  name_hi: hindiText(200),
  category_id: id('category'),
  price: priceInput,
  active: flag.optional(),
  ...preparationInput,
  /** the LOINC panel code; left out stays (none on a new test), null or "" clears */
  loinc_code: loincCodePatchField,
});
export type TestInput = z.input<typeof testInputSchema>;
export const testUpdateSchema = testInputSchema.partial();
export type TestUpdate = z.input<typeof testUpdateSchema>;

export const staffPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  name_hi: hindiOut,
  description_hi: hindiOut,
  price: rupees,
  /** the sum of its tests' list prices */
  original_price: rupees,
  active: z.boolean(),
  tests: z.array(packageTestSchema.extend({ active: z.boolean() })),
});
export type StaffPackage = z.infer<typeof staffPackageSchema>;
export const staffPackageListSchema = z.array(staffPackageSchema);

const testIds = z
  .array(id('test id'), { error: 'Choose at least one test.' })
  .min(1, 'Choose at least one test.')
  .max(50, 'Ensure this list has no more than 50 tests.');

export const packageInputSchema = z.object({
  name: requiredText(200),
  description: text(2000, { multiline: true }),
  name_hi: hindiText(200),
  description_hi: hindiText(2000, true),
  price: priceInput,
  active: flag.optional(),
  test_ids: testIds,
});
export type PackageInput = z.input<typeof packageInputSchema>;
export const packageUpdateSchema = packageInputSchema.partial();
export type PackageUpdate = z.input<typeof packageUpdateSchema>;

export const staffOfferSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  description_hi: hindiOut,
  discount_percentage: z.number().int(),
  /** null: every category */
  category_id: z.number().int().nullable(),
  category: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  /** the switch staff set */
  active: z.boolean(),
  /** switched on and today lies within its dates */
  running: z.boolean(),
  /** the tests it names (it then applies to these only, whatever its category); empty: its category */
  tests: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
});
export type StaffOffer = z.infer<typeof staffOfferSchema>;
export const staffOfferListSchema = z.array(staffOfferSchema);

export const offerInputSchema = z.object({
  description: requiredText(500),
  description_hi: hindiText(500),
  discount_percentage: percent(1, 90),
  category_id: id('category').nullable(),
  start_date: isoDate,
  end_date: isoDate,
  active: flag.optional(),
  /** the tests it applies to; none (or left out): its category, or every test */
  test_ids: z.array(id('test id')).max(50, 'Ensure this list has no more than 50 tests.').optional(),
});
export type OfferInput = z.input<typeof offerInputSchema>;
export const offerUpdateSchema = offerInputSchema.partial();
export type OfferUpdate = z.input<typeof offerUpdateSchema>;
export const OFFER_DATES_MESSAGE = 'The end date must be on or after the start date.';

export const staffPlanSchema = planSchema.extend({ discount_percentage: z.number().int(), active: z.boolean(), name_hi: hindiOut });
export type StaffPlan = z.infer<typeof staffPlanSchema>;
export const staffPlanListSchema = z.array(staffPlanSchema);

export const planInputSchema = z.object({
  name: requiredText(100),
  /** the name Hindi readers see (the membership screens); blank or null removes it, left out it stays */
  name_hi: hindiText(100),
  price: priceInput,
  discount_percentage: percent(1, 90),
  duration_days: percent(1, 3650),
  active: flag.optional(),
  /** what unsubscribing gives back: none (the default) or the unused days */
  refund_rule: z.enum(['none', 'unused_days'], { error: 'Choose none or unused_days.' }).optional(),
});
export type PlanInput = z.input<typeof planInputSchema>;
export const planUpdateSchema = planInputSchema.partial();
export type PlanUpdate = z.input<typeof planUpdateSchema>;

// ---------------------------------------------------------------------------------------------------
// Content

export const staffBlogSchema = blogSchema.extend({ published: z.boolean(), updated_at: z.string(), title_hi: hindiOut, content_hi: hindiOut, author_hi: hindiOut });
export type StaffBlog = z.infer<typeof staffBlogSchema>;
export const staffBlogListSchema = z.array(staffBlogSchema);

export const blogInputSchema = z.object({
  title: requiredText(200),
  author: requiredText(100),
  content: requiredText(50_000, { multiline: true }),
  title_hi: hindiText(200),
  content_hi: hindiText(50_000, true),
  /** the author line in Hindi: the name in Devanagari ("डॉ. अंजलि मेहता") */
  author_hi: hindiText(100),
  /** new posts are drafts unless published at once */
  published: flag.optional(),
  /** an uploaded image (POST /api/staff/images) as the cover; null: none */
  cover_image_id: id('image id').nullable().optional(),
});
export type BlogInput = z.input<typeof blogInputSchema>;
export const blogUpdateSchema = blogInputSchema.partial();
export type BlogUpdate = z.input<typeof blogUpdateSchema>;

/** the public shape, its posted_on shown as stored rather than checked as a date */
export const staffCareerSchema = careerSchema.extend({ posted_on: z.string(), job_title_hi: hindiOut, description_hi: hindiOut });
export type StaffCareer = z.infer<typeof staffCareerSchema>;
export const staffCareerListSchema = z.array(staffCareerSchema);

export const careerInputSchema = z.object({
  job_title: requiredText(200),
  description: requiredText(5000, { multiline: true }),
  job_title_hi: hindiText(200),
  description_hi: hindiText(5000, true),
  /** today (India) when left out */
  posted_on: isoDate.optional(),
  is_open: flag.optional(),
  application_link: applicationLink,
});
export type CareerInput = z.input<typeof careerInputSchema>;
export const careerUpdateSchema = careerInputSchema.partial();
export type CareerUpdate = z.input<typeof careerUpdateSchema>;

// ---------------------------------------------------------------------------------------------------
// Contact inbox

export const staffContactQuerySchema = z.object({
  /** true: only messages nobody has handled yet */
  unhandled: optionalQuery(queryBool),
  ...pageQuery,
});
export type StaffContactQuery = z.input<typeof staffContactQuerySchema>;

export const staffContactMessageSchema = contactResponseSchema.extend({ handled_at: z.string().nullable(), handled_by: z.string().nullable() });
export type StaffContactMessage = z.infer<typeof staffContactMessageSchema>;
export const staffContactPageSchema = pageOf(staffContactMessageSchema);
export type StaffContactPage = z.infer<typeof staffContactPageSchema>;

// ---------------------------------------------------------------------------------------------------
// Audit trail

export const auditQuerySchema = z.object({
  entity: optionalQuery(text(50)),
  entity_id: optionalQuery(text(64)),
  ...pageQuery,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** null for a change made on the command line or by the system */
  actor_user_id: z.number().int().nullable(),
  actor: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** the entities the staff side records, for the audit view's filter */
export const AUDIT_ENTITIES = ['appointment', 'category', 'test', 'package', 'offer', 'membership_plan', 'blog', 'career', 'contact_message', 'user', 'bill', 'membership', 'lab_details', 'image', 'breach'] as const;

/** the forward step staff can take next from `status`, if any */
export function nextStatus(status: z.infer<typeof appointmentStatusSchema>): (typeof APPOINTMENT_FLOW)[number] | null {
  const flow: readonly string[] = APPOINTMENT_FLOW;
  const i = flow.indexOf(status);
  return i < 0 ? null : (APPOINTMENT_FLOW[i + 1] ?? null);
}
