// Appointments: booking, the user's list, cancel and reschedule; and the bill.
import { z } from 'zod';
import { clockTime, email, isoDate, phone, rupees } from './common.ts';
import { patientSexSchema } from './reports.ts';

export const BOOKING_OPENS = '09:00';
export const BOOKING_CLOSES = '21:00';
export const PHONE_MIN_DIGITS = 10;

/** a test id, or an object carrying one (both shapes are sent by clients) */
const testRef = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d+$/, 'Enter a valid test id.').transform(Number),
  z.object({ id: z.coerce.number().int().positive() }).transform((t) => t.id),
]);

export const appointmentRequestSchema = z.object({
  date: isoDate,
  time: clockTime,
  user_name: z.string({ error: 'This field is required.' }).trim().min(1, 'This field may not be blank.').max(100, 'Ensure this field has no more than 100 characters.'),
  user_email: email,
  user_phone: phone,
  tests: z.array(testRef, { error: 'Select at least one test.' }).min(1, 'Select at least one test.').max(50, 'Ensure this list has no more than 50 tests.'),
  home_sample: z.boolean().optional().default(false),
  address: z.string().trim().max(500, 'Ensure this field has no more than 500 characters.').optional().default(''),
  /** a package booking names the package; the server prices it */
  package_id: z.number().int().positive().nullable().optional(),
  /** who the sample belongs to (reference intervals depend on age and sex); optional so older clients keep working */
  patient_date_of_birth: isoDate.nullable().optional(),
  patient_age_years: z.number({ error: 'Enter the age in whole years.' }).int('Enter the age in whole years.').min(0, 'Ensure this value is at least 0.').max(130, 'Ensure this value is at most 130.').nullable().optional(),
  patient_sex: patientSexSchema.nullable().optional(),
});
export type AppointmentRequest = z.input<typeof appointmentRequestSchema>;

export const appointmentCreatedSchema = z.object({
  id: z.string(),
  date: isoDate,
  time: z.string(),
  total_price: rupees,
  status: z.string(),
});
export type AppointmentCreated = z.infer<typeof appointmentCreatedSchema>;

export const appointmentStatusSchema = z.enum(['booked', 'approved', 'sample_collected', 'completed', 'cancelled']);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

export const appointmentTestSchema = z.object({ id: z.number().int(), name: z.string(), price: rupees });

/** one row of the dashboard list, newest first */
export const userAppointmentSchema = z.object({
  id: z.string(),
  date: isoDate,
  time: z.string(),
  tests: z.array(appointmentTestSchema),
  is_cancelled: z.boolean(),
  status: appointmentStatusSchema,
  home_sample: z.boolean(),
  address: z.string(),
  total_price: rupees,
  created_at: z.string(),
});
export type UserAppointment = z.infer<typeof userAppointmentSchema>;
export const userAppointmentListSchema = z.array(userAppointmentSchema);

export const appointmentIdParams = z.object({ id: z.string().min(1).max(64) });

export const rescheduleRequestSchema = z.object({ new_date: isoDate, new_time: clockTime });
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

export const billSchema = z.object({
  appointment_id: z.string(),
  patient_name: z.string(),
  user_email: z.string(),
  user_phone: z.string(),
  generated_at: z.string(),
  date: isoDate,
  time: z.string(),
  home_sample: z.boolean(),
  tests: z.array(z.object({ name: z.string(), price: rupees })),
  /** what is to be paid */
  total_price: rupees,
  /** the package (offer) price when one replaced the sum of the tests; null otherwise */
  offer_price: rupees.nullable(),
  is_paid: z.boolean(),
});
export type Bill = z.infer<typeof billSchema>;
