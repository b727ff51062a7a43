// Appointments: booking, the user's list, cancel and reschedule; and the bill.
import { z } from 'zod';
import { bookingReference } from './booking-reference.ts';
import { clockTime, email, ID_MAX, id, idText, isoDate, localeSchema, personName, phone, requiredText, rupees, text } from './common.ts';
import { abhaFields } from './health-codes.ts';
import { homeAddressSchema } from './home-collection.ts';
import { billPaymentFields } from './payments.ts';
import { patientSexSchema } from './reports.ts';
import { bookingConsentFields } from './privacy-consent.ts';
import { bookingChannelFields } from './channels.ts';
import { bookingMemberId } from './people.ts';
import { bookingDoctorFields } from './doctors.ts';
import { messagesEn } from './i18n/en.ts';
import { m, say } from './i18n/message.ts';

export const BOOKING_OPENS = '09:00';
export const BOOKING_CLOSES = '21:00';
export const PHONE_MIN_DIGITS = 10;
/** how far ahead an appointment may be booked or moved, in days from today (India) */
export const BOOKING_HORIZON_DAYS = 90;

/**
 * The home-collection address: plain text of a few lines (control characters are refused by `text`).
 * Links are refused too, so none can reach a mail or a staff screen.
 */
export const ADDRESS_NO_LINKS = messagesEn['booking.address_without_links'];
const address = text(500, { multiline: true })
  .refine((v) => !/(https?:|ftp:|mailto:|www\.|:\/\/)/i.test(v), say('booking.address_without_links'))
  .optional()
  .default('');

/** a booking's time within the lab's hours (docs/product.md#validation), as the booking page checks it before sending */
export const bookingTimeSchema = clockTime.refine((t) => t >= BOOKING_OPENS && t <= BOOKING_CLOSES, say('booking.time_between', { from: BOOKING_OPENS, to: BOOKING_CLOSES }));

/** a test id, or an object carrying one (both shapes are sent by clients) */
const testId = m('label.test_id');
const testRef = z.union(
  [id(testId), idText(testId), z.object({ id: z.union([id(testId), idText(testId)]) }).transform((t) => t.id)],
  say('validation.id_range', { label: testId, max: ID_MAX }),
);

const testList = z.array(testRef, say('booking.select_a_test')).min(1, say('booking.select_a_test')).max(50, say('booking.at_most_50_tests'));

/** the most people drawn at one home visit: the booking's own patient and HOUSEHOLD_MAX - 1 others */
export const HOUSEHOLD_MAX = 6;

/**
 * Another person drawn at the same home visit (docs/families-and-doctors.md): the signed-in holder
 * (`member_id` null) or one of their family members, with their own tests and referring doctor. Each
 * person's booking is an appointment of its own (bill, report); the visit takes one seat.
 */
export const householdPersonSchema = z.object({
  member_id: id(m('label.member_id')).nullable(),
  tests: testList,
  /** the person's age and sex where the profile or the member's record lacks them (reference intervals depend on them) */
  patient_age_years: z.number(say('profile.age_whole_years')).int(say('profile.age_whole_years')).min(0, say('validation.at_least', { min: 0 })).max(130, say('validation.at_most', { max: 130 })).nullable().optional(),
  patient_sex: patientSexSchema.nullable().optional(),
  ...bookingDoctorFields,
});
export type HouseholdPerson = z.input<typeof householdPersonSchema>;

export const appointmentRequestSchema = z.object({
  date: isoDate,
  time: clockTime,
  user_name: personName(100),
  user_email: email,
  user_phone: phone,
  tests: testList,
  home_sample: z.boolean().optional().default(false),
  address,
  /** a home collection's address in parts (its PIN code must be served); when given, `address` is made from it */
  home_address: homeAddressSchema.nullable().optional(),
  /** a package booking names the package; the server prices it */
  package_id: id(m('label.package_id')).nullable().optional(),
  /** who the sample belongs to (reference intervals depend on age and sex); optional so older clients keep working */
  patient_date_of_birth: isoDate.nullable().optional(),
  patient_age_years: z.number(say('profile.age_whole_years')).int(say('profile.age_whole_years')).min(0, say('validation.at_least', { min: 0 })).max(130, say('validation.at_most', { max: 130 })).nullable().optional(),
  patient_sex: patientSexSchema.nullable().optional(),
  /** consent, who books for whom, the guardian of a patient under 18 (privacy-consent.ts; docs/personal-data.md) */
  ...bookingConsentFields,
  /** the channels of the booking's messages and the WhatsApp opt-in (channels.ts; docs/messaging.md) */
  ...bookingChannelFields,
  /** the language of the booking's e-mails and report, when neither the booker's profile nor the `lang` cookie says (docs/i18n.md) */
  language: localeSchema.optional(),
  /** the signed-in holder's family member the booking is for (people.ts); absent or null: the holder, as before */
  member_id: bookingMemberId,
  /** the referring doctor, and the patient's tick that the doctor is sent the report (doctors.ts) */
  ...bookingDoctorFields,
  /** the patient's ABHA number and ABHA address, printed on the report and carried in its FHIR bundle (health-codes.ts; docs/abdm.md) */
  ...abhaFields,
  /** more people of the signed-in holder's household drawn at the same home visit, each with their own tests */
  household: z.array(householdPersonSchema).max(HOUSEHOLD_MAX - 1, say('people.household_at_most', { max: HOUSEHOLD_MAX })).optional(),
});
export type AppointmentRequest = z.input<typeof appointmentRequestSchema>;

/** the short reference people read aloud ("LC-7K4M-Q2"); added beside the id, which stays the capability */
const referenceField = z.string();

export const appointmentCreatedSchema = z.object({
  id: z.string(),
  reference: referenceField,
  date: isoDate,
  time: z.string(),
  total_price: rupees,
  status: z.string(),
  /** when the report is expected (ISO), computed from the booked slot (docs/samples.md); absent from older servers */
  report_expected_at: z.string().nullable().optional(),
  /** a household's visit: every person's booking, this one first (each its own bill and report); absent otherwise */
  household: z.array(z.object({ id: z.string(), reference: referenceField, member_id: z.number().int().nullable(), total_price: rupees })).optional(),
});
export type AppointmentCreated = z.infer<typeof appointmentCreatedSchema>;

export const appointmentStatusSchema = z.enum(['booked', 'approved', 'sample_collected', 'completed', 'cancelled']);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** a test as charged. Read in Hindi (`?lang=hi` or the `lang` cookie), `name` is the Hindi name the test
 * had when booked, where it had one, and `name_en` the English name it was charged under (docs/i18n.md) */
const chargedName = { name: z.string(), name_en: z.string().optional() };

export const appointmentTestSchema = z.object({ id: z.number().int(), ...chargedName, price: rupees });

/** one row of the dashboard list, newest first */
export const userAppointmentSchema = z.object({
  id: z.string(),
  reference: referenceField,
  date: isoDate,
  time: z.string(),
  tests: z.array(appointmentTestSchema),
  is_cancelled: z.boolean(),
  status: appointmentStatusSchema,
  home_sample: z.boolean(),
  address: z.string(),
  total_price: rupees,
  created_at: z.string(),
  /** the tests' latest sensible time (preparation.ts; fasting tests: 11:00), for the reschedule's slot picker; null: any time */
  latest_time: z.string().nullable().optional(),
  /** the receipt (PDF) once the bill is paid in full, for the dashboard's card; null before (absent from older servers) */
  receipt_path: z.string().nullable().optional(),
  /** the family member the visit is for (people.ts); null: the account holder (absent from older servers) */
  member_id: z.number().int().nullable().optional(),
  /** one home visit for several people of the household: the first person's appointment id, shared by all (absent otherwise) */
  visit_id: z.string().optional(),
  /** the sample's journey: when the lab received its first container (ISO; null before; absent from older servers) */
  sample_received_at: z.string().nullable().optional(),
  /**
   * when the report is expected (ISO; docs/samples.md): before receipt computed from the booked slot, then
   * fixed as the containers are received (a late report's renewed time, decision 071); null for a cancelled
   * or completed visit
   */
  report_expected_at: z.string().nullable().optional(),
});
export type UserAppointment = z.infer<typeof userAppointmentSchema>;

/** `PATCH /api/appointments/{id}/cancel/`: no body, or the cancel step's choice to have a payment made online given back now */
export const cancelAppointmentRequestSchema = z.preprocess(
  // older clients send no body, an empty one, or one labelled as text
  (v) => (v === '' ? null : v),
  z.object({ refund_online: z.boolean().optional() }).nullish(),
);
export type CancelAppointmentRequest = z.input<typeof cancelAppointmentRequestSchema>;
export const userAppointmentListSchema = z.array(userAppointmentSchema);

/** the shape of the appointment ids this server issues (URL-safe characters: 16 before decision 045, 25 since; up to 64 allowed) */
export const isAppointmentId = (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value);

/**
 * An appointment id as it arrives in a path. Any text is taken, since a path with odd bytes
 * (`/api/billing/%00/`) names no appointment and is a 404, never a 400 or a 500: an id not of the
 * issued shape becomes '', which no row has, so the route's own "not found" answers it and the odd
 * bytes never reach the database.
 */
export const appointmentRef = z.string().transform((v) => (isAppointmentId(v) ? v : ''));
export const appointmentIdParams = z.object({ id: appointmentRef });

export const rescheduleRequestSchema = z.object({ new_date: isoDate, new_time: clockTime });
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

/**
 * One line of a bill, receipt and receipt PDF (decision 052): the lines add up to the total. A test at
 * its list price; a package at its price, its tests named under it as included; the discounts that
 * lowered them (a running offer, the member's discount) as lines of
 * negative amount; a membership's fee. Names are in the bill's language; discount lines have none.
 */
export const billLineKindSchema = z.enum(['test', 'package', 'offer_discount', 'member_discount', 'membership']);
export type BillLineKind = z.infer<typeof billLineKindSchema>;
export const billLineSchema = z.object({
  kind: billLineKindSchema,
  name: z.string(),
  /** rupees; a discount is negative */
  amount: z.number(),
  /** a package's tests, named under it as included in its price */
  includes: z.array(z.string()),
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billSchema = z.object({
  appointment_id: z.string(),
  reference: referenceField,
  patient_name: z.string(),
  user_email: z.string(),
  user_phone: z.string(),
  generated_at: z.string(),
  date: isoDate,
  time: z.string(),
  home_sample: z.boolean(),
  tests: z.array(z.object({ ...chargedName, price: rupees })),
  /** what is to be paid */
  total_price: rupees,
  /** the package (offer) price when one replaced the sum of the tests; null otherwise */
  offer_price: rupees.nullable(),
  /** the package the booking was priced as (named or recognised from its tests); null otherwise */
  package_name: z.string().nullable(),
  is_paid: z.boolean(),
  /**
   * when the report is expected (ISO; docs/samples.md): before the lab has the sample, computed from the
   * booked slot with each test's turnaround and the lab's hours; once received, the containers' own time;
   * null when none applies (cancelled, completed, a membership's bill); absent from older servers
   */
  report_expected_at: z.string().nullable().optional(),
  /** what was billed, line by line, adding up to total_price (the fields above are kept for older clients) */
  lines: z.array(billLineSchema),
  ...billPaymentFields,
});
export type Bill = z.infer<typeof billSchema>;

/** "Find my booking": the reference and the phone number or e-mail the booking was made with */
export const findBookingRequestSchema = z.object({
  reference: bookingReference,
  contact: requiredText(254, { label: m('label.booking_contact') }),
});
export type FindBookingRequest = z.input<typeof findBookingRequestSchema>;

/** the booking found: its id is the capability that opens its bill and, once released (report_ready), its report */
export const foundBookingSchema = z.object({ id: z.string(), reference: z.string(), report_ready: z.boolean() });
export type FoundBooking = z.infer<typeof foundBookingSchema>;

export const NO_SUCH_BOOKING = messagesEn['booking.no_such_booking'];

/** asked for the link that joins guest bookings to the account: how many bookings wait for it */
export const claimRequestedSchema = z.object({ waiting: z.number().int() });
export const claimConfirmSchema = z.object({ token: requiredText(200, { label: m('label.confirmation_link') }) });
/** the guest bookings the confirmed link joined to the account */
export const claimAnswerSchema = z.object({ claimed: z.number().int(), references: z.array(z.string()) });
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;

/**
 * The booking page with these tests chosen (an offer's "Book"); ids it does not list are ignored. Not
 * in `paths`: that module ships with every public page, this only with the pages that link so.
 */
export const bookTestsPath = (testIds: readonly number[]) => `/Appointment?tests=${testIds.join(',')}`;
