// Referring doctors (docs/families-and-doctors.md): the lab's directory kept by staff, the booking's choice
// of the doctor who asked for the tests (from the directory by a few letters, or typed freely and matched
// by staff later) with the patient's tick that the doctor gets the report, the doctor's one-time sign-in
// link and view, and the staff's referrals per doctor and month.
import { z } from 'zod';
import { email, id, idText, personName, phone, requiredText, rupees, text } from './common.ts';
import { m, say } from './i18n/message.ts';

const registration = requiredText(30).regex(/^[\p{L}\p{N}/ .-]+$/u, say('doctors.registration_format'));

/** POST /api/staff/doctors (PATCH: every field optional): at least a phone or an e-mail to send the sign-in link to */
export const doctorInputSchema = z
  .object({
    name: personName(100, m('label.doctor_name')),
    qualification: requiredText(100),
    registration_no: registration,
    council: requiredText(100),
    clinic: text(200).optional().default(''),
    phone: phone.nullable().optional(),
    email: email.nullable().optional(),
    /** the doctor agreed to be sent their links by WhatsApp too (SMS goes to the phone either way) */
    whatsapp: z.boolean().optional().default(false),
  })
  .refine((d) => Boolean(d.phone) || Boolean(d.email), { ...say('doctors.contact_needed'), path: ['email'] });
export type DoctorInput = z.input<typeof doctorInputSchema>;

export const doctorUpdateSchema = z.object({
  name: personName(100, m('label.doctor_name')).optional(),
  qualification: requiredText(100).optional(),
  registration_no: registration.optional(),
  council: requiredText(100).optional(),
  clinic: text(200).optional(),
  phone: phone.nullable().optional(),
  email: email.nullable().optional(),
  whatsapp: z.boolean().optional(),
});
export type DoctorUpdate = z.input<typeof doctorUpdateSchema>;

/** a directory entry as staff see it */
export const doctorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  qualification: z.string(),
  registration_no: z.string(),
  council: z.string(),
  clinic: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** the doctor agreed to WhatsApp messages (absent from older servers) */
  whatsapp: z.boolean().optional(),
});
export type Doctor = z.infer<typeof doctorSchema>;
export const doctorListSchema = z.array(doctorSchema);

/** GET /api/doctors/?q=: what the booking page shows of a doctor (never the phone or e-mail) */
export const doctorPickSchema = z.object({ id: z.number().int(), name: z.string(), qualification: z.string(), clinic: z.string() });
export type DoctorPick = z.infer<typeof doctorPickSchema>;
export const doctorPickListSchema = z.array(doctorPickSchema);
/** at least 2 letters: the search matches names starting with them (without "Dr") */
export const doctorSearchQuerySchema = z.object({ q: text(50).pipe(z.string().min(2, say('doctors.type_two_letters'))) });
export const staffDoctorQuerySchema = z.object({ q: text(50).optional() });

export const doctorIdParams = z.object({ id: idText(m('label.doctor_id')) });

/** the booking's referring doctor (booking.ts): one from the directory, or a name as typed; `doctor_consent`: the doctor is sent the report */
export const bookingDoctorFields = {
  doctor_id: id(m('label.doctor_id')).nullable().optional(),
  doctor_name: personName(100, m('label.doctor_name')).nullable().optional(),
  doctor_consent: z.boolean().optional(),
};

/** PUT /api/staff/referrals/{appointment id}/doctor: a typed name matched to the directory */
export const matchDoctorSchema = z.object({ doctor_id: id(m('label.doctor_id')) });

/** GET /api/staff/referrals?month=YYYY-MM: per doctor, the month's bookings (not cancelled) and their value */
export const referralsQuerySchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, say('doctors.month_format')) });
export const referralRowSchema = z.object({ doctor_id: z.number().int().nullable(), name: z.string(), clinic: z.string(), count: z.number().int(), value: rupees });
export const referralsSchema = z.object({ month: z.string(), rows: z.array(referralRowSchema) });
export type Referrals = z.infer<typeof referralsSchema>;

/** POST /api/doctor/link: the registered e-mail or phone; the answer never says whether it is registered */
export const doctorLinkRequestSchema = z.object({ contact: requiredText(254) });
/** POST /api/doctor/session: the one-time link's token, exchanged once for a session */
export const doctorSessionRequestSchema = z.object({ token: requiredText(128) });
export const doctorSessionSchema = z.object({ session: z.string(), name: z.string(), expires_at: z.string() });
export type DoctorSession = z.infer<typeof doctorSessionSchema>;
/** GET /api/doctor/reports: released reports of the doctor's referrals whose patients agreed, newest first */
export const doctorReportSchema = z.object({ appointment_id: z.string(), patient_name: z.string(), date: z.string(), released_at: z.string(), version: z.number().int() });
export type DoctorReport = z.infer<typeof doctorReportSchema>;
export const doctorReportListSchema = z.array(doctorReportSchema);
