// Payments: what a bill says about its money (amount due, status, the UPI link and QR, the UTR a
// patient submitted), the patient's UTR submission, and the staff's payment desk (record, confirm,
// reject, refund, collections, outstanding dues). Money is rupees here; the server keeps paise.
import { z } from 'zod';
import { isoDate, requiredText, rupees, text } from './common.ts';
import { messagesEn } from './i18n/en.ts';
import { m, say } from './i18n/message.ts';

/** where a bill stands, from the sum of its payment rows (see the server's payments/rules.ts) */
export const billPaymentStatusSchema = z.enum(['unpaid', 'awaiting_confirmation', 'partly_paid', 'paid', 'refund_owed', 'refunded']);
export type BillPaymentStatus = z.infer<typeof billPaymentStatusSchema>;

export const billPaymentStatusLabels: Record<BillPaymentStatus, string> = {
  unpaid: 'Unpaid',
  awaiting_confirmation: 'Payment submitted, awaiting confirmation',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  refund_owed: 'Refund owed',
  refunded: 'Refunded',
};

export const paymentModeSchema = z.enum(['cash', 'upi', 'unrecorded', 'gateway'], say('payments.choose_mode'));
export type PaymentMode = z.infer<typeof paymentModeSchema>;
/** what staff may record: "unrecorded" only marks payments made before payments were itemised */
export const deskModeSchema = z.enum(['cash', 'upi'], say('payments.choose_mode'));

/** the payment modes as the desk and the receipt name them ("UPI" is a name, the same in every language) */
export const paymentModeLabels: Record<PaymentMode, string> = { cash: messagesEn['payments.mode.cash'], upi: 'UPI', unrecorded: messagesEn['payments.mode.unrecorded'], gateway: messagesEn['payments.mode.gateway'] };

/** where the money was taken: at the desk, at a home collection, or online (a UTR the patient sent) */
export const paymentPlaceSchema = z.enum(['desk', 'home', 'online'], say('payments.choose_where'));

/** the 12-digit reference every UPI payment carries (the "UTR" or "UPI Ref No." a UPI app shows) */
export const UTR_RULE = messagesEn['payments.utr_rule'];
export const utrField = text(40, { label: m('label.utr') })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{12}$/, say('payments.utr_rule')));

export const UTR_USED = messagesEn['payments.utr_used'];

/** `POST /api/billing/{id}/utr/`: the patient says "I have paid by UPI, here is the reference" */
export const utrSubmissionSchema = z.object({ utr: utrField });
export type UtrSubmission = z.input<typeof utrSubmissionSchema>;

/** the fields the bill gained with payments; every older field of the bill is kept as it was */
export const billPaymentFields = {
  /** "appointment" bills open from their appointment id; "membership" bills from their own key */
  kind: z.enum(['appointment', 'membership']),
  /** e.g. "LC/2026-27/000123": sequential and gap-free within an Indian financial year */
  invoice_no: z.string(),
  payment_status: billPaymentStatusSchema,
  /** confirmed payments less refunds made */
  amount_paid: rupees,
  /** what is still to be paid (0 when paid, refunded or cancelled) */
  amount_due: rupees,
  /** what the lab owes back (a cancelled, paid appointment) */
  refund_owed: rupees,
  /** the UTR the patient submitted, while staff have not yet confirmed or rejected it */
  submitted_utr: z.string().nullable(),
  /** the last UTR staff rejected and why, while the bill is still unpaid */
  rejected: z.object({ utr: z.string(), reason: z.string() }).nullable(),
  /** a `upi://pay?…` link for the amount due, and the path of its QR code (SVG); null when nothing is due or the lab has no UPI address */
  upi: z.object({ link: z.string(), qr_path: z.string(), payee: z.string(), vpa: z.string() }).nullable(),
  /** the path of the receipt (PDF) once the bill is paid; null before */
  receipt_path: z.string().nullable(),
  /** the payment gateway can take what is due (`POST /api/billing/{id}/pay/`); false when none is configured or nothing is due */
  online: z.boolean().optional(),
  /** refunds asked of the gateway and not yet processed */
  refund_pending: rupees.optional(),
  /** refunds made */
  refunded: rupees.optional(),
};

/** `POST /api/billing/{id}/pay/`: the page the payer's browser goes to; it posts them on to the gateway's hosted page */
export const gatewayCheckoutSchema = z.object({ checkout_path: z.string() });
export type GatewayCheckout = z.infer<typeof gatewayCheckoutSchema>;
export const gatewayPayBodySchema = z.object({ from: z.enum(['bill', 'confirmation'], say('validation.choose_one', { choices: 'bill, confirmation' })).default('bill') });


// ---------------------------------------------------------------------------------------------------
// Staff

/** the queue's payment filter */
export const queuePaymentFilterSchema = z.enum(['unpaid', 'awaiting_confirmation', 'paid', 'refund_owed'], say('validation.choose_one', { choices: 'unpaid, awaiting_confirmation, paid, refund_owed' }));
export type QueuePaymentFilter = z.infer<typeof queuePaymentFilterSchema>;

/** rupees with at most two decimals, above zero (an amount taken or given back) */
export const amountInput = z
  .number(say('payments.amount_rupees'))
  .refine((v) => Math.round(v * 100) >= 1, { ...say('payments.amount_above_zero'), abort: true })
  .max(10_000_000, say('payments.amount_at_most'))
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, say('payments.amount_decimals'));

/** cash or UPI received at the desk or at a home collection; the amount defaults to what is due */
export const recordPaymentSchema = z.object({
  amount: amountInput.optional(),
  mode: deskModeSchema,
  place: z.enum(['desk', 'home'], say('payments.choose_where')).default('desk'),
  /** a UPI payment's UTR (checked for reuse), or a cash receipt's number; optional */
  reference: text(40, { label: m('label.reference') }).optional(),
});
export type RecordPayment = z.input<typeof recordPaymentSchema>;

export const rejectPaymentSchema = z.object({ reason: requiredText(200, { label: m('label.reason') }) });
export type RejectPayment = z.input<typeof rejectPaymentSchema>;

/** a refund made; the amount defaults to what is owed */
export const recordRefundSchema = z.object({
  amount: amountInput.optional(),
  mode: deskModeSchema,
  reference: text(40, { label: m('label.reference') }).optional(),
});
export type RecordRefund = z.input<typeof recordRefundSchema>;

/** a refund through the gateway, from the bill: what it owes back, all or part with a reason */
export const gatewayRefundSchema = z.object({
  amount: amountInput.optional(),
  reason: requiredText(200, { label: m('label.reason') }),
});
export type GatewayRefund = z.input<typeof gatewayRefundSchema>;

/** `POST /api/staff/bills/{id}/payment-link`: the channels the bill's payment link (`/pay/{id}`) went to */
export const paymentLinkSentSchema = z.object({ sent: z.array(z.enum(['email', 'whatsapp', 'sms'])) });
export type PaymentLinkSent = z.infer<typeof paymentLinkSentSchema>;

export const staffPaymentSchema = z.object({
  id: z.number().int(),
  bill_id: z.number().int(),
  invoice_no: z.string(),
  kind: z.enum(['payment', 'refund']),
  amount: rupees,
  mode: paymentModeSchema,
  place: paymentPlaceSchema,
  reference: z.string(),
  status: z.enum(['pending', 'confirmed', 'rejected']),
  rejection_reason: z.string().nullable(),
  /** when the money was received (or given back); for a UTR, when staff confirmed it */
  received_at: z.string().nullable(),
  created_at: z.string(),
  /** who recorded or confirmed it; null for the patient's own submission still pending */
  staff_name: z.string().nullable(),
  patient_name: z.string(),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

/** a bill as the payment desk sees it */
export const staffBillSchema = z.object({
  id: z.number().int(),
  invoice_no: z.string(),
  kind: z.enum(['appointment', 'membership']),
  appointment_id: z.string().nullable(),
  patient_name: z.string(),
  total: rupees,
  amount_paid: rupees,
  amount_due: rupees,
  refund_owed: rupees,
  payment_status: billPaymentStatusSchema,
  payments: z.array(staffPaymentSchema),
});
export type StaffBill = z.infer<typeof staffBillSchema>;

/** a day of the Collections screen: within the years a date can turn into an instant (9999-12-31 + 1 day cannot) */
export const COLLECTIONS_DAY_RULE = messagesEn['validation.date_range'];
const collectionsDay = isoDate.refine((v) => v >= '2000-01-01' && v <= '2999-12-31', say('validation.date_range'));

/** the Collections screen: one day (from = to) or a range, India dates, at most 92 days */
export const collectionsQuerySchema = z
  .object({ from: collectionsDay, to: collectionsDay })
  .refine((q) => q.from <= q.to, { ...say('validation.end_before_start'), path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 92, { ...say('validation.range_92_days'), path: ['to'] });
export type CollectionsQuery = z.input<typeof collectionsQuerySchema>;

const total = z.object({ count: z.number().int(), amount: rupees });
export const collectionsSchema = z.object({
  from: isoDate,
  to: isoDate,
  /** money received in the range (confirmed payments), and money given back */
  received: total,
  refunded: total,
  /** received less refunded */
  net: rupees,
  by_mode: z.array(total.extend({ mode: paymentModeSchema })),
  by_staff: z.array(total.extend({ staff_name: z.string() })),
  payments: z.array(staffPaymentSchema),
  /** cancelled appointments still holding a patient's money, whenever they were cancelled */
  refunds_owed: z.array(z.object({ bill_id: z.number().int(), invoice_no: z.string(), patient_name: z.string(), amount: rupees })),
});
export type Collections = z.infer<typeof collectionsSchema>;

/** outstanding dues, one row per patient (an account, or a guest's phone number) */
export const duesSchema = z.array(
  z.object({
    patient_name: z.string(),
    phone: z.string(),
    email: z.string(),
    bills: z.array(z.object({ bill_id: z.number().int(), invoice_no: z.string(), appointment_id: z.string().nullable(), date: z.string(), amount_due: rupees })),
    amount_due: rupees,
  }),
);
export type Dues = z.infer<typeof duesSchema>;

/** a body of bytes, not JSON, of the given media type */
const bytesOf = (mediaType: string) => z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array).describe(mediaType);
/** the UPI QR code of a bill, an SVG image */
export const svgBodySchema = bytesOf('image/svg+xml');
/** the Collections as CSV */
export const csvBodySchema = bytesOf('text/csv');

/** `POST /api/staff/payments/settlement`: the gateway's settlement report (CSV from its dashboard), matched line by line to payments and refunds */
export const settlementUploadSchema = z.object({ csv: requiredText(5_000_000, { label: m('label.settlement_file'), multiline: true }) });
export type SettlementUpload = z.input<typeof settlementUploadSchema>;
export const settlementResultSchema = z.object({
  lines: z.number().int(),
  matched: z.number().int(),
  /** the lines that match no payment or refund of ours, or match one with another amount */
  unmatched: z.array(z.object({ line: z.number().int(), entity_id: z.string(), type: z.string(), amount: z.string(), reason: z.string() })),
});
export type SettlementResult = z.infer<typeof settlementResultSchema>;
