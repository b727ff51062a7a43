// E-mail: the reminder's signed cancel link (a public page, no login) and the delivery log staff read
// per appointment.
import { z } from 'zod';
import { appointmentStatusSchema } from './booking.ts';
import { rupees } from './common.ts';
import { messagesEn } from './i18n/en.ts';

/** the token of `/cancel/:token`; anything else reads as an invalid link, never a 500 */
export const cancelLinkParams = z.object({ token: z.string().max(200) });

export const CANCEL_LINK_INVALID = messagesEn['cancel_link.invalid'];
export const CANCEL_LINK_USED = messagesEn['cancel_link.used'];
export const CANCEL_AFTER_COLLECTION = messagesEn['cancel_link.sample_collected'];
export const CANCEL_TIME_PASSED = messagesEn['cancel_link.time_passed'];
/** a link signed for a date and slot the appointment no longer has (it was moved; decision 051) */
export const CANCEL_LINK_OUT_OF_DATE = messagesEn['cancel_link.out_of_date'];

/** the booking a cancel link names: what the patient needs to recognise it, nothing more */
export const cancelLinkBookingSchema = z.object({
  reference: z.string(),
  date: z.string(),
  time: z.string(),
  home_sample: z.boolean(),
  tests: z.array(z.string()),
  status: appointmentStatusSchema,
  /** null when the link can cancel the booking now; otherwise why not, in words for the patient */
  refusal: z.string().nullable(),
  /** what its payments made online can give back: the cancel step offers it (absent from older servers) */
  refundable_online: rupees.optional(),
});
export type CancelLinkBooking = z.infer<typeof cancelLinkBookingSchema>;

export const mailJobStateSchema = z.enum(['queued', 'sending', 'retrying', 'sent', 'failed', 'skipped']);
export type MailJobState = z.infer<typeof mailJobStateSchema>;

export const mailKindLabels = {
  'booking-confirmation': 'Booking confirmation',
  reminder: 'Reminder',
  'report-ready': 'Report ready',
  'report-amended': 'Report amended',
  'password-reset': 'Password reset',
  'claim-bookings': 'Claim bookings',
  'sample-rejected': 'Sample rejected',
  'report-late': 'Report late',
} as const satisfies Record<string, string>;

/** one e-mail of an appointment as staff see it */
export const mailDeliverySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  to: z.string(),
  state: mailJobStateSchema,
  attempts: z.number().int(),
  /** the mail server's refusal of the last attempt, or why it was not sent */
  error: z.string().nullable(),
  /** when it is (or was) due; for a queued reminder, the evening before */
  due_at: z.string(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  /** 'email', or a phone message's 'sms' / 'whatsapp' (docs/messaging.md) */
  channel: z.enum(['email', 'sms', 'whatsapp']),
  /** the provider's last receipt of a phone message (null: none yet, and for e-mail) */
  delivery: z.enum(['sent', 'delivered', 'read', 'failed']).nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
});
export type MailDelivery = z.infer<typeof mailDeliverySchema>;
export const mailDeliveryLogSchema = z.object({ items: z.array(mailDeliverySchema) });
export type MailDeliveryLog = z.infer<typeof mailDeliveryLogSchema>;
