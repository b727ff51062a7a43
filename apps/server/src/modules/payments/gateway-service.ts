// Online payment through the gateway (docs/payments-gateway.md, decision 058), beside the UPI and UTR
// path: an order for what a bill owes, the payer sent to the gateway's hosted page and back, the
// payment recorded when a verified event says so (the payer's signed return, a signed webhook, or the
// reconciliation job asking the gateway about an order left open), once, whichever comes first: the
// gateway's payment id is unique on the payment rows, so a second event (or a second process) changes
// nothing. A payment that does not fit (another amount or currency than the order's, a cancelled
// booking, a bill already paid) is recorded and given back through the gateway's refund, never taken
// as paying the bill. Staff refund what a bill owes back, in full or in part with a reason; the refund
// is pending until the gateway's webhook says processed (or failed). Every change is audited in its
// transaction, as on the desk (service.ts).
import type { Kysely, Transaction } from 'kysely';
import { m } from '@lab/contract';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { badRequest, fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { toPaise, toRupees } from '../../lib/money.ts';
import { todayIst } from '../../lib/time.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { CheckoutForm, GatewayPayment, GatewayRefund, PaymentGateway } from './gateway/gateway.ts';
import { GatewayUnavailable } from './gateway/gateway.ts';
import { createRazorpayGateway } from './gateway/razorpay.ts';
import * as q from './queries.ts';
import { afterPaid, ALREADY_SUBMITTED, keyOf, NO_BILL, NOTHING_DUE, patientNameOf, type PaymentDeps, stateOf } from './service.ts';
import type { Config } from '../../config.ts';

export interface GatewayDeps extends PaymentDeps {
  gateway: PaymentGateway;
  /** the base of the callback URL the gateway posts the payer back to */
  publicUrl: string;
}

export const GATEWAY_OFF = m('payments.gateway_off');
export const GATEWAY_DOWN = m('payments.gateway_down');
const REFUND_FAILED = m('payments.gateway_refund_down');
const NO_GATEWAY_PAYMENT = m('payments.no_gateway_payment');
const BILL_NOT_FOUND = m('billing.not_found');

/** an order is asked about after this long without a webhook */
export const RECONCILE_AFTER_MS = 30 * 60_000;
/** an order no payment came for is closed after a day (the hosted page's payer has long gone) */
const CLOSE_AFTER_MS = 24 * 60 * 60_000;
/** open orders asked about per run */
const RECONCILE_BATCH = 50;

const gateways = new WeakMap<NonNullable<Config['gateway']>, PaymentGateway>();

/** the configured gateway, made once per configuration; undefined when none is set (UPI only) */
export function gatewayOf(config: Config): PaymentGateway | undefined {
  const settings = config.gateway;
  if (!settings) return undefined;
  let gateway = gateways.get(settings);
  if (!gateway) {
    gateway = createRazorpayGateway(settings);
    gateways.set(settings, gateway);
  }
  return gateway;
}

/** the web page the payer returns to: the bill by its key, saying how the payment went */
export const returnPath = (key: string, outcome: string) => `/bill/${encodeURIComponent(key)}?payment=${outcome}`;

/** "Pay" on a bill (or "Pay now" after booking): an order for what is due; answers the path of the page that opens the gateway's */
export async function startGatewayPayment(deps: GatewayDeps, key: string, returnTo: 'bill' | 'confirmation'): Promise<string> {
  const now = deps.now();
  const row = await q.billByKey(deps.db, key);
  if (!row) throw notFound(NO_BILL);
  const pending = (await q.paymentsOfBills(deps.db, [row.id])).some((p) => p.status === 'pending' && p.kind === 'payment');
  if (pending) throw badRequest(ALREADY_SUBMITTED);
  const due = stateOf(row, false, todayIst(0, now)).duePaise;
  if (due === 0) throw badRequest(NOTHING_DUE);
  let order;
  try {
    order = await deps.gateway.createOrder({ amountPaise: due, receipt: row.invoice_no, notes: { invoice_no: row.invoice_no } });
  } catch (err) {
    // Nothing is written: the bill says "try again or pay by UPI".
    if (err instanceof GatewayUnavailable) throw new HttpError(503, GATEWAY_DOWN);
    throw err;
  }
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('gateway_orders').values({ bill_id: row.id, order_id: order.id, amount_paise: due, currency: 'INR', return_to: returnTo, status: 'open', created_at: at, settled_at: null }).execute();
    await recordAudit(trx, { actorUserId: null, entity: 'bill', entityId: row.id, action: 'gateway-order', before: null, after: { order_id: order.id, amount: toRupees(due) } });
  });
  return `/api/billing/${encodeURIComponent(keyOf(row))}/checkout/${encodeURIComponent(order.id)}`;
}

/** the form that takes the payer to the gateway's hosted page for an open order of the bill; null when there is none */
export async function checkoutForm(deps: GatewayDeps, key: string, orderId: string): Promise<{ form: CheckoutForm; amountPaise: number } | null> {
  const row = await q.billByKey(deps.db, key);
  if (!row) return null;
  const order = await deps.db.selectFrom('gateway_orders').selectAll().where('order_id', '=', orderId).where('bill_id', '=', row.id).where('status', '=', 'open').executeTakeFirst();
  if (!order) return null;
  const billKey = keyOf(row);
  const form = deps.gateway.checkout({
    orderId: order.order_id,
    amountPaise: order.amount_paise,
    callbackUrl: `${deps.publicUrl}/api/payments/gateway/callback`,
    cancelUrl: `${deps.publicUrl}${returnPath(billKey, 'cancelled')}`,
    description: row.invoice_no,
    prefill: { name: patientNameOf(row) || undefined, email: row.user_email ?? row.member_email ?? undefined, contact: row.user_phone ?? undefined },
  });
  return { form, amountPaise: order.amount_paise };
}

export type SettleOutcome = 'paid' | 'refunding' | 'already' | 'unknown' | 'not-captured';

/** why a payment does not pay its bill; null when it does */
function misfit(order: { amount_paise: number; currency: string }, p: GatewayPayment, cancelled: boolean, duePaise: number): string | null {
  if (p.currency !== order.currency) return `currency ${p.currency.slice(0, 3)}`;
  if (p.amountPaise !== order.amount_paise) return 'amount differs from the order';
  if (cancelled) return 'booking cancelled';
  if (p.amountPaise > duePaise) return 'more than is due';
  return null;
}

/**
 * A captured payment, from any of its events: recorded once (the unique gateway id), the bill's sums
 * and the order settled in one transaction with the audit entry. A payment that does not fit is
 * recorded and then given back through the gateway.
 */
export async function settleGatewayPayment(deps: GatewayDeps, p: GatewayPayment, source: 'callback' | 'webhook' | 'reconciliation'): Promise<SettleOutcome> {
  if (p.status !== 'captured') return 'not-captured';
  if (!p.orderId || !p.id) return 'unknown';
  const order = await deps.db.selectFrom('gateway_orders').selectAll().where('order_id', '=', p.orderId).executeTakeFirst();
  if (!order) return 'unknown';
  const now = deps.now();
  const at = now.toISOString();
  let refundNeeded: { paise: number; reason: string } | null = null;
  try {
    const outcome = await deps.db.transaction().execute(async (trx): Promise<SettleOutcome> => {
      await q.lockBill(trx, order.bill_id, deps.dialect);
      const seen = await trx.selectFrom('payments').select('id').where('gateway_id', '=', p.id).executeTakeFirst();
      if (seen) return 'already';
      const row = await q.billById(trx, order.bill_id);
      if (!row) return 'unknown';
      const state = stateOf(row, false, todayIst(0, now));
      const cancelled = row.membership_id !== null ? row.membership_status === 'Cancelled' : row.appointment_status === 'cancelled';
      const why = misfit(order, p, cancelled, state.duePaise);
      // Another currency's amount is not paise of this bill: the row keeps it, rejected, and it is given back.
      const foreign = p.currency !== order.currency;
      const id = await q.insertPayment(trx, {
        bill_id: row.id,
        kind: 'payment',
        amount_paise: p.amountPaise,
        mode: 'gateway',
        place: 'online',
        reference: p.id,
        utr: null,
        status: foreign ? 'rejected' : 'confirmed',
        rejection_reason: foreign ? why : null,
        recorded_by: null,
        decided_by: null,
        received_at: foreign ? null : at,
        created_at: at,
        gateway_id: p.id,
        reason: why,
      });
      await trx.updateTable('gateway_orders').set({ status: 'paid', settled_at: at }).where('id', '=', order.id).execute();
      await q.refreshBillSums(trx, row.id, at);
      await afterPaid(trx, row.id, now);
      await recordAudit(trx, {
        actorUserId: null,
        entity: 'bill',
        entityId: row.id,
        action: why ? 'gateway-payment-misfit' : 'gateway-payment',
        before: { paid: toRupees(Math.max(0, state.netPaise)) },
        after: { payment_id: id, gateway_payment_id: p.id, order_id: p.orderId, amount: toRupees(p.amountPaise), currency: p.currency.slice(0, 3), source, ...(why ? { misfit: why } : {}) },
      });
      if (why) refundNeeded = { paise: p.amountPaise, reason: why };
      return why ? 'refunding' : 'paid';
    });
    if (outcome === 'refunding' && refundNeeded) await giveBack(deps, order.bill_id, p, refundNeeded);
    return outcome;
  } catch (err) {
    // The same payment recorded meanwhile by another event (another process): nothing to do.
    if (isUniqueViolation(err, 'gateway_id')) return 'already';
    throw err;
  }
}

/** a payment that does not fit its bill, refunded through the gateway; if the gateway refuses now, the bill keeps it owed */
async function giveBack(deps: GatewayDeps, billId: number, p: GatewayPayment, need: { paise: number; reason: string }): Promise<void> {
  let refund: GatewayRefund;
  try {
    refund = await deps.gateway.refund({ paymentId: p.id, amountPaise: need.paise, notes: { reason: need.reason } });
  } catch (err) {
    if (!(err instanceof GatewayUnavailable)) throw err;
    await deps.db.transaction().execute((trx) =>
      recordAudit(trx, { actorUserId: null, entity: 'bill', entityId: billId, action: 'gateway-refund-not-started', before: null, after: { gateway_payment_id: p.id, amount: toRupees(need.paise), reason: need.reason } }),
    );
    return;
  }
  await recordRefundRow(deps, billId, refund, p.id, need.reason, null);
}

/**
 * the refund the gateway accepted, as a pending refund row (processed or failed by its webhook); a
 * webhook that came before this row was written (kept by applyRefundEvent) is applied here, in the
 * same transaction, under the bill's lock that the webhook takes too
 */
async function recordRefundRow(deps: PaymentDeps, billId: number, refund: GatewayRefund, paymentId: string, reason: string, actor: number | null): Promise<number> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    await q.lockBill(trx, billId, deps.dialect);
    const id = await q.insertPayment(trx, {
      bill_id: billId,
      kind: 'refund',
      amount_paise: refund.amountPaise,
      mode: 'gateway',
      place: 'online',
      reference: paymentId,
      utr: null,
      status: refund.status === 'processed' ? 'confirmed' : 'pending',
      rejection_reason: null,
      recorded_by: actor,
      decided_by: actor,
      received_at: refund.status === 'processed' ? at : null,
      created_at: at,
      gateway_id: refund.id,
      reason,
    });
    await recordAudit(trx, { actorUserId: actor, entity: 'bill', entityId: billId, action: 'gateway-refund', before: null, after: { payment_id: id, gateway_refund_id: refund.id, gateway_payment_id: paymentId, amount: toRupees(refund.amountPaise), reason } });
    const early = await trx.selectFrom('gateway_early_refunds').select(['id', 'status']).where('refund_id', '=', refund.id).executeTakeFirst();
    if (early) {
      await settleRefundRow(trx, { id, bill_id: billId }, refund.id, early.status, at);
      await trx.deleteFrom('gateway_early_refunds').where('id', '=', early.id).execute();
    }
    await q.refreshBillSums(trx, billId, at);
    return id;
  });
}

/** a pending refund row processed or failed, with its audit entry; false when it was no longer pending (a replay) */
async function settleRefundRow(trx: Transaction<Database>, row: { id: number; bill_id: number }, refundId: string, status: 'processed' | 'failed', at: string): Promise<boolean> {
  const processed = status === 'processed';
  const changed = await trx
    .updateTable('payments')
    .set(processed ? { status: 'confirmed', received_at: at } : { status: 'rejected', rejection_reason: 'refund failed at the gateway' })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return false;
  await recordAudit(trx, { actorUserId: null, entity: 'bill', entityId: row.bill_id, action: processed ? 'gateway-refund-processed' : 'gateway-refund-failed', before: { payment_id: row.id, status: 'pending' }, after: { payment_id: row.id, gateway_refund_id: refundId, status: processed ? 'confirmed' : 'rejected' } });
  return true;
}

/** the refunds still to be processed on a bill */
async function pendingRefundPaise(db: Kysely<Database> | Transaction<Database>, billId: number): Promise<number> {
  const rows = await db.selectFrom('payments').select('amount_paise').where('bill_id', '=', billId).where('kind', '=', 'refund').where('status', '=', 'pending').execute();
  return rows.reduce((s, r) => s + r.amount_paise, 0);
}

/**
 * Staff refund through the gateway what a bill owes back (a cancelled booking keeps what its plan
 * allows: service.ts), all of it or part with a reason, from its gateway payments newest first.
 */
export async function refundThroughGateway(deps: GatewayDeps, actor: number | null, billId: number, input: { amount?: number | undefined; reason: string }): Promise<void> {
  const now = deps.now();
  const row = await q.billById(deps.db, billId);
  if (!row) throw notFound(BILL_NOT_FOUND);
  const rows = await q.paymentsOfBills(deps.db, [billId]);
  const owed = stateOf(row, false, todayIst(0, now)).refundOwedPaise - (await pendingRefundPaise(deps.db, billId));
  if (owed <= 0) throw badRequest(m('payments.no_refund_owed'));
  const amount = input.amount === undefined ? owed : toPaise(input.amount);
  if (amount > owed) throw fieldError('amount', m('payments.at_most', { what: 'the refund owed', rupees: toRupees(owed) }));
  // What each gateway payment can still give back: its amount less the refunds made or pending against it.
  const refundable = rows
    .filter((p) => p.kind === 'payment' && p.mode === 'gateway' && p.status === 'confirmed')
    .map((p) => ({ id: p.reference, left: p.amount_paise - rows.filter((r) => r.kind === 'refund' && r.mode === 'gateway' && r.status !== 'rejected' && r.reference === p.reference).reduce((s, r) => s + r.amount_paise, 0) }))
    .filter((p) => p.left > 0)
    .reverse();
  if (refundable.reduce((s, p) => s + p.left, 0) < amount) throw badRequest(NO_GATEWAY_PAYMENT);
  let rest = amount;
  for (const p of refundable) {
    if (rest === 0) break;
    const part = Math.min(rest, p.left);
    let refund: GatewayRefund;
    try {
      refund = await deps.gateway.refund({ paymentId: p.id, amountPaise: part, notes: { reason: input.reason.slice(0, 200) } });
    } catch (err) {
      if (err instanceof GatewayUnavailable) throw new HttpError(503, REFUND_FAILED);
      throw err;
    }
    await recordRefundRow(deps, billId, refund, p.id, input.reason, actor);
    rest -= part;
  }
}

/** what a bill's gateway payments can still give back (confirmed, less the refunds made or pending against them), in paise */
function onlineRefundable(rows: readonly q.PaymentRow[]): number {
  const sum = (kind: 'payment' | 'refund', counts: (status: string) => boolean) => rows.filter((p) => p.mode === 'gateway' && p.kind === kind && counts(p.status)).reduce((total, p) => total + p.amount_paise, 0);
  return Math.max(0, sum('payment', (s) => s === 'confirmed') - sum('refund', (s) => s !== 'rejected'));
}

/** what an appointment's online payments can give back, in paise (its cancel step offers it) */
export async function refundableOnlinePaise(db: Kysely<Database> | Transaction<Database>, appointmentId: string): Promise<number> {
  const bill = await db.selectFrom('bills').select('id').where('appointment_id', '=', appointmentId).executeTakeFirst();
  return bill ? onlineRefundable(await q.paymentsOfBills(db, [bill.id])) : 0;
}

/**
 * A booking the patient cancelled (signed in, or by the reminder's link), choosing the refund its cancel step offers: what it
 * owes back (all of it for an appointment: payments' rules) goes back through the gateway at once, as
 * much as its online payments can carry. The cancel stands whatever happens here: the gateway down or
 * refusing leaves the refund owed, for the desk, with an audit entry saying so.
 */
export async function refundCancelledOnline(config: Config, deps: PaymentDeps, appointmentId: string, actor: number | null): Promise<void> {
  const gateway = gatewayOf(config);
  if (!gateway) return;
  const row = await q.billByKey(deps.db, appointmentId);
  if (!row || row.appointment_id !== appointmentId || row.appointment_status !== 'cancelled') return;
  const owed = stateOf(row, false, todayIst(0, deps.now())).refundOwedPaise - (await pendingRefundPaise(deps.db, row.id));
  const amount = Math.min(owed, onlineRefundable(await q.paymentsOfBills(deps.db, [row.id])));
  if (amount <= 0) return;
  try {
    await refundThroughGateway({ ...deps, gateway, publicUrl: config.publicUrl }, actor, row.id, { amount: toRupees(amount), reason: 'Booking cancelled' });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    await deps.db.transaction().execute((trx) =>
      recordAudit(trx, { actorUserId: actor, entity: 'bill', entityId: row.id, action: 'gateway-refund-not-started', before: null, after: { amount: toRupees(amount), reason: 'Booking cancelled' } }),
    );
  }
}

/** an early refund event waits this long for its refund; older ones are of refunds made elsewhere, and go */
const EARLY_REFUND_KEPT_MS = 24 * 60 * 60_000;

/**
 * a refund's webhook: processed (the money is back with the payer) or failed; a replay changes nothing.
 * The gateway may send it before the lab has written the refund its answer created (the answer and the
 * webhook race): an event for a payment of ours whose refund is not recorded yet is kept ('kept') and
 * applied when the refund row is written (recordRefundRow); both sides hold the bill's lock, so one of
 * them always sees the other. An event for a payment that is not ours is 'unknown'.
 */
export async function applyRefundEvent(deps: PaymentDeps, r: GatewayRefund): Promise<'applied' | 'already' | 'kept' | 'unknown'> {
  const status = r.status;
  if ((status !== 'processed' && status !== 'failed') || !r.id) return 'already';
  const now = deps.now();
  const at = now.toISOString();
  // the refund's row, or else the payment it refunds: each one look-up of the unique gateway id
  const known =
    (await deps.db.selectFrom('payments').select('bill_id').where('gateway_id', '=', r.id).executeTakeFirst()) ??
    (r.paymentId ? await deps.db.selectFrom('payments').select('bill_id').where('gateway_id', '=', r.paymentId).where('kind', '=', 'payment').executeTakeFirst() : undefined);
  if (!known) return 'unknown';
  return deps.db.transaction().execute(async (trx) => {
    await q.lockBill(trx, known.bill_id, deps.dialect);
    const row = await trx.selectFrom('payments').select(['id', 'bill_id']).where('gateway_id', '=', r.id).where('kind', '=', 'refund').executeTakeFirst();
    if (!row) {
      await trx.deleteFrom('gateway_early_refunds').where('created_at', '<', new Date(now.getTime() - EARLY_REFUND_KEPT_MS).toISOString()).execute();
      await trx
        .insertInto('gateway_early_refunds')
        .values({ refund_id: r.id, payment_id: r.paymentId, status, created_at: at })
        .onConflict((oc) => oc.column('refund_id').doNothing())
        .execute();
      return 'kept';
    }
    if (!(await settleRefundRow(trx, row, r.id, status, at))) return 'already';
    await q.refreshBillSums(trx, row.bill_id, at);
    return 'applied';
  });
}

/**
 * Orders still open after half an hour: the gateway is asked for their payments, a captured one is
 * settled as its webhook would have (a webhook that never came), and an order with none after a day
 * is closed. Several processes may run it at once: a payment is still recorded once.
 */
export async function reconcileOpenOrders(deps: GatewayDeps): Promise<{ asked: number; settled: number; closed: number }> {
  const now = deps.now().getTime();
  const orders = await deps.db
    .selectFrom('gateway_orders')
    .select(['id', 'order_id', 'created_at'])
    .where('status', '=', 'open')
    .where('created_at', '<', new Date(now - RECONCILE_AFTER_MS).toISOString())
    .orderBy('created_at')
    .limit(RECONCILE_BATCH)
    .execute();
  let settled = 0;
  let closed = 0;
  for (const order of orders) {
    let payments: GatewayPayment[];
    try {
      payments = await deps.gateway.orderPayments(order.order_id);
    } catch (err) {
      if (err instanceof GatewayUnavailable) break;
      throw err;
    }
    for (const p of payments) if ((await settleGatewayPayment(deps, p, 'reconciliation')) !== 'not-captured' && p.status === 'captured') settled++;
    if (!payments.some((p) => p.status === 'captured') && Date.parse(order.created_at) < now - CLOSE_AFTER_MS) {
      await deps.db.updateTable('gateway_orders').set({ status: 'closed', settled_at: new Date(now).toISOString() }).where('id', '=', order.id).where('status', '=', 'open').execute();
      closed++;
    }
  }
  return { asked: orders.length, settled, closed };
}

/** the bill key an order belongs to, for the payer's return */
export async function billKeyOfOrder(db: Kysely<Database>, orderId: string): Promise<string | null> {
  const order = await db.selectFrom('gateway_orders').select('bill_id').where('order_id', '=', orderId).executeTakeFirst();
  if (!order) return null;
  const row = await q.billById(db, order.bill_id);
  return row ? keyOf(row) : null;
}
