// Rules of appointments as staff work them: the queue, moving an appointment along its lifecycle
// (appointment-flow.ts) and marking its bill paid. Every change is written to the audit trail in the same
// transaction as the change; the SQL of every write of the table is in lifecycle.ts.
import { DEFAULT_PAGE_SIZE, m, type StaffAppointment, type StaffAppointmentPage, type StaffBill } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { AppointmentStatus, Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { type PaymentDeps, paymentSummaries, recordPayment } from '../payments/service.ts';
import { toRupees } from '../../lib/money.ts';
import type { PageQuery } from '../../lib/paginate.ts';
import { nowIso, todayIst } from '../../lib/time.ts';
import { nextTurn, oneAtATime } from '../../lib/batches.ts';
import { lockVisitOf, releaseSeatOf } from './visit-seat.ts';
import { completionError, transitionError } from './appointment-flow.ts';
import * as lifecycle from './lifecycle.ts';
import { queuePhoneMessages } from '../messaging/channels/phone-queue.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

const NOT_FOUND = m('booking.not_found');

function shape(row: q.QueueRow, tests: q.ChargedTest[], bill: StaffBill | undefined, needsReport: boolean): StaffAppointment {
  const due = row.total_paise ?? tests.reduce((sum, t) => sum + t.price_paise, 0);
  return {
    id: row.id,
    reference: row.reference,
    user_id: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    user_phone: row.user_phone,
    date: row.date,
    time: row.time,
    home_sample: row.home_sample === 1,
    address: row.address,
    status: row.status,
    package_id: row.package_id,
    tests: tests.map((t) => ({ id: t.test_id, name: t.name, price: toRupees(t.price_paise) })),
    amount_due: toRupees(due),
    is_paid: row.is_paid === 1,
    paid_at: row.paid_at ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...paymentFieldsOf(bill),
    needs_report: needsReport,
  };
}

async function withTests(db: Db, rows: q.QueueRow[]): Promise<StaffAppointment[]> {
  const [tests, bills, reportable] = await Promise.all([
    q.chargedTests(
      db,
      rows.map((r) => r.id),
    ),
    paymentSummaries(
      db,
      rows.flatMap((r) => (r.bill_id === null ? [] : [r.bill_id])),
      new Date(),
    ),
    q.needingReport(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) =>
    shape(
      r,
      tests.filter((t) => t.appointment_id === r.id),
      r.bill_id === null ? undefined : bills.get(r.bill_id),
      reportable.has(r.id),
    ),
  );
}

/**
 * Past this many, a broad search stops counting: the page says "more than" (count_capped). A narrow
 * search, or one day's queue, is counted exactly. Counting a common first name's 500 reads some 8,000
 * rows of the years (one in 16 is a Meera): 32 ms of PostgreSQL's time, where 1,000 took 64 ms.
 */
export const QUEUE_COUNT_CAP = 500;

/**
 * A page of the queue. One day's queue, or a search the trigram index finds few bookings for
 * (NARROW_SEARCH_MAX), has all its matches' ids read in one statement and counted exactly. Anything
 * broader (a common first name, a status over the years, no filter) is read in steps through the date
 * index (today and the coming days, then the past: stepDown) until the page and QUEUE_COUNT_CAP + 1
 * matches are found or the years run out:
 * each step is one short statement, with a turn of the event loop between steps, so no request holds
 * the process (SQLite's statements run on it) for long. Then the page's rows are read by id.
 * On SQLite, where those statements run on the event loop, one page is read at a time: a health
 * check or a booking waits for one part of one search at most, not for a part of each in flight.
 */
export function listQueue(db: Db, query: q.QueueFilter & PageQuery, now: Date): Promise<StaffAppointmentPage> {
  const today = todayIst(0, now);
  return q.isPostgres(db) ? readQueue(db, query, today) : oneSearch(() => readQueue(db, query, today));
}

const oneSearch = oneAtATime();

async function readQueue(db: Db, query: q.QueueFilter & PageQuery, today: string): Promise<StaffAppointmentPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const text = query.q?.trim();
  const f = text ? { ...query, testIds: await q.testsNamed(db, text) } : query;
  // a turn of the event loop between the parts of the work: SQLite's statements run on it
  await nextTurn();
  const match = f.date ? 'row' : await q.narrowSearch(db, f);
  let ids: string[];
  let total: number;
  let capped: boolean;
  if (match) {
    // every match's id in one statement (the index asked once), counted as they come
    await nextTurn();
    ids = await q.queueIds(db, f, match, q.NARROW_SEARCH_MAX + 1, today);
    capped = ids.length > q.NARROW_SEARCH_MAX;
    if (capped) ids.pop();
    total = ids.length;
  } else {
    ({ ids, capped } = await stepDown(db, f, Math.max(offset + limit, QUEUE_COUNT_CAP) + 1, today));
    total = capped ? ids.length - 1 : ids.length;
  }
  const rows = await q.queueRowsById(db, ids.slice(offset, offset + limit), today);
  await nextTurn();
  return { total, count_capped: capped, limit, offset, items: await withTests(db, rows) };
}

/**
 * The first `wanted` matches' ids in the queue's order, read in steps through the date index: up from
 * today through the coming days, then down from yesterday into the past (decision 052); capped when
 * there were that many.
 */
async function stepDown(db: Db, f: q.QueueFilter, wanted: number, today: string): Promise<{ ids: string[]; capped: boolean }> {
  const ids: string[] = [];
  const spans: Array<{ order: 'asc' | 'desc'; range: q.DateRange }> = [
    { order: 'asc', range: { gte: today } },
    { order: 'desc', range: { lt: today } },
  ];
  for (const { order, range: span } of spans) {
    for (let range = span; ; ) {
      const end = await q.queueStepEnd(db, range, order);
      const step = end === undefined ? range : order === 'asc' ? { ...range, lte: end } : { ...range, gte: end };
      ids.push(...(await q.queueIds(db, f, 'row', wanted - ids.length, today, step)));
      if (ids.length >= wanted) return { ids, capped: true };
      await nextTurn();
      if (end === undefined) break;
      range = order === 'asc' ? { gt: end } : { lt: end };
    }
  }
  return { ids, capped: false };
}

export async function getAppointment(db: Db, id: string): Promise<StaffAppointment> {
  const row = await q.appointmentById(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return (await withTests(db, [row]))[0]!;
}

export async function changeStatus(db: Db, actorUserId: number, id: string, to: AppointmentStatus, now: Date = new Date()): Promise<StaffAppointment> {
  await db.transaction().execute((trx) => moveStatus(trx, actorUserId, id, to, now));
  return getAppointment(db, id);
}

/**
 * One step of the lifecycle inside the caller's transaction, with its audit entry: the queue's status
 * change, and a collection with its containers (samples/service.ts), which commits both together.
 */
export async function moveStatus(trx: Db, actorUserId: number, id: string, to: AppointmentStatus, now: Date): Promise<void> {
  const row = await q.appointmentById(trx, id);
  if (!row) throw notFound(NOT_FOUND);
  const refused = transitionError(row.status, to);
  if (refused) throw fieldError('status', refused);
  const unready = completionError(to, to === 'completed' && (await q.needingReport(trx, [id])).has(id));
  if (unready) throw conflict(unready);
  // Guarded by the old status: of two people pressing at once, one wins and the other is told.
  const at = nowIso();
  if (to === 'cancelled') await lockVisitOf(trx, row);
  if (!(await lifecycle.setStatus(trx, id, row.status, to, at))) {
    throw conflict('The appointment was changed meanwhile. Reload and try again.');
  }
  // Both sample times default to this moment (staff correct them on the worksheet); times already recorded stay.
  if (to === 'sample_collected') await lifecycle.setSampleTimes(trx, id, { collected_at: at, received_at: at }, true);
  // The patient's phone channels hear that the sample reached the lab (docs/messaging.md).
  if (to === 'sample_collected') await queuePhoneMessages(trx, now, id, 'sample-received');
  // A cancelled visit gives its seat back (the slot's seats are counted per visit not cancelled; a household's shared visit, once its last person is cancelled).
  if (to === 'cancelled') await releaseSeatOf(trx, row);
  await recordAudit(trx, {
    actorUserId,
    entity: 'appointment',
    entityId: id,
    action: to === 'cancelled' ? 'cancel' : 'status',
    before: { status: row.status },
    // a visit completed by staff is one without a report (decision 046)
    after: to === 'completed' ? { status: to, without_report: true } : { status: to },
  });
}

export const CANCELLED_NOT_PAYABLE = 'The bill of a cancelled appointment cannot be marked paid.';
export const NOT_UNPAYABLE = 'A payment cannot be taken back: record a refund instead.';

/**
 * The queue's "mark paid", kept for its clients: it records a cash payment of the amount due at the
 * desk (modules/payments). A payment is never unrecorded; money given back is a refund.
 */
export async function changePayment(deps: PaymentDeps, actorUserId: number, id: string, isPaid: boolean): Promise<StaffAppointment> {
  const row = await q.appointmentById(deps.db, id);
  if (!row) throw notFound(NOT_FOUND);
  if (row.bill_id === null) throw notFound('This appointment has no bill.');
  if ((row.is_paid === 1) === isPaid) return getAppointment(deps.db, id); // already so: nothing to record
  if (!isPaid) throw badRequest(NOT_UNPAYABLE);
  if (row.status === 'cancelled') throw conflict(CANCELLED_NOT_PAYABLE);
  await recordPayment(deps, actorUserId, row.bill_id, { mode: 'cash', place: 'desk' });
  return getAppointment(deps.db, id);
}

/** what the bill's gateway payments can still give back through the gateway, in rupees */
function refundableOnline(bill: StaffBill | undefined): number {
  const online = (bill?.payments ?? []).filter((p) => p.mode === 'gateway');
  const paise = (kind: 'payment' | 'refund', counts: (status: string) => boolean) => online.filter((p) => p.kind === kind && counts(p.status)).reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
  return Math.max(0, paise('payment', (s) => s === 'confirmed') - paise('refund', (s) => s !== 'rejected')) / 100;
}

function paymentFieldsOf(bill: StaffBill | undefined) {
  const pending = bill?.payments.find((p) => p.status === 'pending');
  return {
    bill_id: bill?.id ?? null,
    invoice_no: bill?.invoice_no ?? null,
    payment_status: bill?.payment_status ?? null,
    amount_paid: bill?.amount_paid ?? 0,
    refund_owed: bill?.refund_owed ?? 0,
    refundable_online: refundableOnline(bill),
    pending_payment: pending ? { id: pending.id, utr: pending.reference, amount: pending.amount } : null,
  };
}
