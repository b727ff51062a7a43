// Payments as a small lab runs them, with no gateway: every rupee is a row on its bill (amount,
// mode, reference, who, when); the bill is unpaid, partly paid, paid or refunded by their sum. A
// patient submits the UTR of a UPI payment and staff confirm or reject it; staff record cash or UPI
// taken at the desk or at a home collection, and refunds made. Every change is audited in its
// transaction. A payment gateway would write the same rows (decision record 023).
import { randomBytes } from 'node:crypto';
import { type Bill, type LabDetails, type RecordPayment, type RecordRefund, m, type Message, type StaffBill, type StaffPayment } from '@lab/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { toPaise, toRupees } from '../../lib/money.ts';
import { addDays, todayIst } from '../../lib/time.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { nextInvoiceNumber } from './invoice-number.ts';
import * as q from './queries.ts';
import { billState, type BillState, membershipRetained, upiLink, utrOf } from './rules.ts';

type Db = Kysely<Database>;

export interface PaymentDeps {
  db: Db;
  dialect: Dialect;
  now: () => Date;
}

export const NO_BILL = m('billing.no_bill');
export const NOTHING_DUE = m('billing.nothing_due');
export const ALREADY_SUBMITTED = m('payments.already_submitted');
export const NOT_PENDING = m('payments.not_pending');
export const NO_REFUND_OWED = m('payments.no_refund_owed');
const BILL_NOT_FOUND = m('billing.not_found');
const PAYMENT_NOT_FOUND = m('payments.not_found');

/** where the bill stands, from its row (sums kept with the payment rows) and whether a UTR waits */
export function stateOf(row: q.BillRow, pending: boolean, today: string): BillState {
  const membership = row.membership_id !== null;
  const cancelled = membership ? row.membership_status === 'Cancelled' : row.appointment_status === 'cancelled';
  const retainedPaise =
    membership && row.membership_start && row.membership_ended_at
      ? membershipRetained(row.refund_rule ?? 'none', row.total_paise, daysBetween(row.membership_start, todayOf(row.membership_ended_at, today)), row.duration_days ?? 0)
      : 0;
  return billState({ totalPaise: row.total_paise, paidPaise: row.paid_paise, refundedPaise: row.refunded_paise, cancelled, retainedPaise, pending });
}

const todayOf = (iso: string, fallback: string) => (Number.isNaN(Date.parse(iso)) ? fallback : todayIst(0, new Date(iso)));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** the key a bill opens with: its appointment's id, or a membership bill's own key */
export const keyOf = (row: Pick<q.BillRow, 'appointment_id' | 'access_key'>) => row.appointment_id ?? row.access_key ?? '';

/** the payment part of the bill the patient reads (GET /api/billing/{id}/) */
export function billPayment(row: q.BillRow, payments: readonly q.PaymentRow[], lab: LabDetails, today: string, gatewayOn = false): Omit<Bill, keyof BillCore> {
  const pending = payments.find((p) => p.status === 'pending' && p.kind === 'payment');
  const state = stateOf(row, pending !== undefined, today);
  const lastRejected = [...payments].reverse().find((p) => p.status === 'rejected');
  const key = keyOf(row);
  const payable = state.duePaise > 0 && !pending && lab.upi_id !== '';
  return {
    kind: row.membership_id !== null ? 'membership' : 'appointment',
    invoice_no: row.invoice_no,
    payment_status: state.status,
    amount_paid: toRupees(Math.max(0, state.netPaise)),
    amount_due: toRupees(state.duePaise),
    refund_owed: toRupees(state.refundOwedPaise),
    submitted_utr: pending?.utr ?? null,
    rejected: state.duePaise > 0 && !pending && lastRejected ? { utr: lastRejected.utr ?? '', reason: lastRejected.rejection_reason ?? '' } : null,
    upi: payable
      ? {
          link: upiLink({ vpa: lab.upi_id, payee: lab.upi_name, amountPaise: state.duePaise, note: `Booking ${row.reference ?? row.invoice_no}`, reference: row.invoice_no }),
          qr_path: `/api/billing/${encodeURIComponent(key)}/upi-qr.svg`,
          payee: lab.upi_name,
          vpa: lab.upi_id,
        }
      : null,
    receipt_path: state.status === 'paid' ? `/api/billing/${encodeURIComponent(key)}/receipt.pdf` : null,
    online: gatewayOn && state.duePaise > 0 && !pending,
    refund_pending: toRupees(payments.filter((p) => p.kind === 'refund' && p.status === 'pending').reduce((s, p) => s + p.amount_paise, 0)),
    refunded: toRupees(row.refunded_paise),
  };
}

/** the fields every bill had before payments */
type BillCore = Pick<Bill, 'appointment_id' | 'reference' | 'patient_name' | 'user_email' | 'user_phone' | 'generated_at' | 'date' | 'time' | 'home_sample' | 'tests' | 'total_price' | 'offer_price' | 'package_name' | 'is_paid' | 'lines'>;

/** a membership's bill for its plan's price, with a key of its own (the capability that opens it) */
export async function createMembershipBill(trx: Transaction<Database>, membershipId: number, pricePaise: number, now: Date): Promise<string> {
  const key = randomBytes(12).toString('base64url');
  await trx
    .insertInto('bills')
    .values({ membership_id: membershipId, appointment_id: null, access_key: key, invoice_no: await nextInvoiceNumber(trx, now), generated_at: now.toISOString(), total_paise: pricePaise, offer_paise: null, is_paid: 0, paid_at: null })
    .execute();
  return key;
}

/** the patient's "I have paid by UPI": one pending row for the amount due, until staff decide */
export async function submitUtr(deps: PaymentDeps, key: string, utr: string): Promise<void> {
  const now = deps.now();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const row = await q.billByKey(trx, key);
      if (!row) throw notFound(NO_BILL);
      await q.lockBill(trx, row.id, deps.dialect);
      const payments = await q.paymentsOfBills(trx, [row.id]);
      if (payments.some((p) => p.status === 'pending' && p.kind === 'payment')) throw badRequest(ALREADY_SUBMITTED);
      const state = stateOf(row, false, todayIst(0, now));
      if (state.duePaise === 0) throw badRequest(NOTHING_DUE);
      const at = now.toISOString();
      const id = await q.insertPayment(trx, { bill_id: row.id, kind: 'payment', amount_paise: state.duePaise, mode: 'upi', place: 'online', reference: '', utr, status: 'pending', rejection_reason: null, recorded_by: null, decided_by: null, received_at: null, created_at: at });
      await recordAudit(trx, { actorUserId: null, entity: 'bill', entityId: row.id, action: 'utr-submitted', before: null, after: { payment_id: id, utr, amount: toRupees(state.duePaise) } });
    });
  } catch (err) {
    // The partial unique index is the one place that knows every bill's UTRs, also under a race.
    if (isUniqueViolation(err, 'utr')) throw fieldError('utr', m('payments.utr_used'));
    throw err;
  }
}

/** a change of a bill's money by staff, in one transaction: the bill locked, the sums and the audit kept with it */
async function changeBill(deps: PaymentDeps, billId: number, change: (trx: Transaction<Database>, row: q.BillRow, state: BillState, at: string) => Promise<void>): Promise<StaffBill> {
  const now = deps.now();
  const at = now.toISOString();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await q.lockBill(trx, billId, deps.dialect);
      const row = await q.billById(trx, billId);
      if (!row) throw notFound(BILL_NOT_FOUND);
      const pending = (await q.paymentsOfBills(trx, [billId])).some((p) => p.status === 'pending' && p.kind === 'payment');
      await change(trx, row, stateOf(row, pending, todayIst(0, now)), at);
      await q.refreshBillSums(trx, billId, at);
      await afterPaid(trx, billId, now);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'utr')) throw fieldError('reference', m('payments.utr_used'));
    throw err;
  }
  return staffBill(deps.db, billId, now);
}

/** a membership starts when its bill is paid: its days count from then, and so does its discount */
export async function afterPaid(trx: Transaction<Database>, billId: number, now: Date): Promise<void> {
  const row = await q.billById(trx, billId);
  if (!row || row.membership_id === null || row.membership_status !== 'Awaiting payment') return;
  if (stateOf(row, false, todayIst(0, now)).status !== 'paid') return;
  const start = todayIst(0, now);
  const end = addDays(start, row.duration_days ?? 0);
  await trx.updateTable('memberships').set({ status: 'Approved', start_date: start, end_date: end }).where('id', '=', row.membership_id).where('status', '=', 'Awaiting payment').execute();
  await recordAudit(trx, { actorUserId: null, entity: 'membership', entityId: row.membership_id, action: 'paid', before: { status: 'Awaiting payment' }, after: { status: 'Approved', start_date: start, end_date: end } });
}

/** the amount asked for (all of `limitPaise` when none), refused when nothing is open or it is more than is open */
function amountWithin(rupees: number | undefined, limitPaise: number, nothingOpen: Message, what: string): number {
  if (limitPaise === 0) throw badRequest(nothingOpen);
  const amount = rupees === undefined ? limitPaise : toPaise(rupees);
  if (amount > limitPaise) throw fieldError('amount', m('payments.at_most', { what, rupees: toRupees(limitPaise) }));
  return amount;
}

/** cash or UPI taken at the desk or at a home collection; the amount due when no amount is given */
export function recordPayment(deps: PaymentDeps, actor: number, billId: number, input: RecordPayment): Promise<StaffBill> {
  return changeBill(deps, billId, async (trx, row, state, at) => {
    const amount = amountWithin(input.amount, state.duePaise, NOTHING_DUE, 'the amount due');
    // A UPI reference at the desk is a UTR like any other (rules.ts: utrOf): it pays one bill once.
    const utr = input.mode === 'upi' && input.reference ? utrOf(input.reference) : null;
    if (input.mode === 'upi' && input.reference && utr === null) throw fieldError('reference', m('payments.utr_rule'));
    const reference = utr ?? input.reference ?? '';
    const id = await q.insertPayment(trx, { bill_id: row.id, kind: 'payment', amount_paise: amount, mode: input.mode, place: input.place ?? 'desk', reference, utr, status: 'confirmed', rejection_reason: null, recorded_by: actor, decided_by: actor, received_at: at, created_at: at });
    await recordAudit(trx, { actorUserId: actor, entity: 'bill', entityId: row.id, action: 'payment', before: { paid: toRupees(state.netPaise) }, after: { payment_id: id, amount: toRupees(amount), mode: input.mode, place: input.place ?? 'desk', reference, paid: toRupees(state.netPaise + amount) } });
  });
}

/** a refund made of what a cancelled bill holds; the whole amount owed when no amount is given */
export function recordRefund(deps: PaymentDeps, actor: number, billId: number, input: RecordRefund): Promise<StaffBill> {
  return changeBill(deps, billId, async (trx, row, state, at) => {
    const amount = amountWithin(input.amount, state.refundOwedPaise, NO_REFUND_OWED, 'the refund owed');
    const reference = input.reference ?? '';
    const id = await q.insertPayment(trx, { bill_id: row.id, kind: 'refund', amount_paise: amount, mode: input.mode, place: 'desk', reference, utr: null, status: 'confirmed', rejection_reason: null, recorded_by: actor, decided_by: actor, received_at: at, created_at: at });
    await recordAudit(trx, { actorUserId: actor, entity: 'bill', entityId: row.id, action: 'refund', before: { refund_owed: toRupees(state.refundOwedPaise) }, after: { payment_id: id, amount: toRupees(amount), mode: input.mode, reference, refund_owed: toRupees(state.refundOwedPaise - amount) } });
  });
}

/** staff decide a patient's UTR: confirmed (the money is in the lab's account) or rejected with a reason the patient sees */
export async function decideUtr(deps: PaymentDeps, actor: number, paymentId: number, decision: { confirm: true } | { confirm: false; reason: string }): Promise<StaffBill> {
  const payment = await q.paymentById(deps.db, paymentId);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  return changeBill(deps, payment.bill_id, async (trx, row, _state, at) => {
    const status = decision.confirm ? 'confirmed' : 'rejected';
    const reason = decision.confirm ? null : decision.reason;
    if (!(await q.decidePayment(trx, paymentId, { status, decided_by: actor, received_at: decision.confirm ? at : null, rejection_reason: reason }))) throw conflict(NOT_PENDING);
    await recordAudit(trx, { actorUserId: actor, entity: 'bill', entityId: row.id, action: decision.confirm ? 'utr-confirmed' : 'utr-rejected', before: { payment_id: paymentId, status: 'pending' }, after: { payment_id: paymentId, status, utr: payment.utr, amount: toRupees(payment.amount_paise), ...(reason ? { reason } : {}) } });
  });
}

export function toStaffPayment(p: q.PaymentRow): StaffPayment {
  return {
    id: p.id,
    bill_id: p.bill_id,
    invoice_no: p.invoice_no,
    kind: p.kind,
    amount: toRupees(p.amount_paise),
    mode: p.mode,
    place: p.place,
    reference: p.utr ?? p.reference,
    status: p.status,
    rejection_reason: p.rejection_reason,
    received_at: p.received_at,
    created_at: p.created_at,
    staff_name: p.staff_name,
    patient_name: p.patient_name,
  };
}

export function patientNameOf(row: q.BillRow): string {
  return row.user_name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || '');
}

function toStaffBill(row: q.BillRow, payments: readonly q.PaymentRow[], today: string): StaffBill {
  const state = stateOf(row, payments.some((p) => p.status === 'pending' && p.kind === 'payment'), today);
  return {
    id: row.id,
    invoice_no: row.invoice_no,
    kind: row.membership_id !== null ? 'membership' : 'appointment',
    appointment_id: row.appointment_id,
    patient_name: patientNameOf(row),
    total: toRupees(row.total_paise),
    amount_paid: toRupees(Math.max(0, state.netPaise)),
    amount_due: toRupees(state.duePaise),
    refund_owed: toRupees(state.refundOwedPaise),
    payment_status: state.status,
    payments: payments.map(toStaffPayment),
  };
}

export async function staffBill(db: Db, billId: number, now: Date): Promise<StaffBill> {
  const row = await q.billById(db, billId);
  if (!row) throw notFound(BILL_NOT_FOUND);
  return toStaffBill(row, await q.paymentsOfBills(db, [billId]), todayIst(0, now));
}

/** the payment summary of many bills at once (the staff queue's page) */
export async function paymentSummaries(db: Db, billIds: readonly number[], now: Date): Promise<Map<number, StaffBill>> {
  const ids = [...new Set(billIds)];
  if (ids.length === 0) return new Map();
  const rows = await q.billsByIds(db, ids);
  const payments = await q.paymentsOfBills(db, ids);
  const today = todayIst(0, now);
  const out = new Map<number, StaffBill>();
  for (const row of rows) if (row) out.set(row.id, toStaffBill(row, payments.filter((p) => p.bill_id === row.id), today));
  return out;
}
