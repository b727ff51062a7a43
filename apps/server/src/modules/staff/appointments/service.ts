// Rules of the staff appointment queue: listing, moving an appointment along its lifecycle and marking
// its bill paid. Every change is written to the audit trail in the same transaction as the change.
import type { StaffAppointment, StaffAppointmentPage, StaffBill } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { AppointmentStatus, Database } from '../../../db/schema.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { badRequest, conflict, fieldError, notFound } from '../../../lib/errors.ts';
import { type PaymentDeps, paymentSummaries, recordPayment } from '../../payments/service.ts';
import { toRupees } from '../../../lib/money.ts';
import { type PageQuery, paginate } from '../../../lib/paginate.ts';
import { nowIso } from '../../../lib/time.ts';
import { transitionError } from './appointment-flow.ts';
import { type ChargedTest, chargedTests } from '../../booking/queries.ts';
import { sampleCollected } from '../../reports/service.ts';
import { releaseSeat } from '../../slots/service.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

const NOT_FOUND = 'Appointment not found.';

function shape(row: q.QueueRow, tests: ChargedTest[], bill: StaffBill | undefined): StaffAppointment {
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
  };
}

async function withTests(db: Db, rows: q.QueueRow[]): Promise<StaffAppointment[]> {
  const [tests, bills] = await Promise.all([
    chargedTests(
      db,
      rows.map((r) => r.id),
    ),
    paymentSummaries(
      db,
      rows.flatMap((r) => (r.bill_id === null ? [] : [r.bill_id])),
      new Date(),
    ),
  ]);
  return rows.map((r) =>
    shape(
      r,
      tests.filter((t) => t.appointment_id === r.id),
      r.bill_id === null ? undefined : bills.get(r.bill_id),
    ),
  );
}

export async function listQueue(db: Db, query: q.QueueFilter & PageQuery): Promise<StaffAppointmentPage> {
  const text = query.q?.trim();
  const f = text ? { ...query, testIds: await q.testsNamed(db, text) } : query;
  return paginate(
    f,
    () => q.countQueue(db, f),
    (limit, offset) => q.queuePage(db, f, limit, offset),
    (rows) => withTests(db, rows),
  );
}

export async function getAppointment(db: Db, id: string): Promise<StaffAppointment> {
  const row = await q.appointmentById(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return (await withTests(db, [row]))[0]!;
}

export async function changeStatus(db: Db, actorUserId: number, id: string, to: AppointmentStatus): Promise<StaffAppointment> {
  await db.transaction().execute(async (trx) => {
    const row = await q.appointmentById(trx, id);
    if (!row) throw notFound(NOT_FOUND);
    const refused = transitionError(row.status, to);
    if (refused) throw fieldError('status', refused);
    // Guarded by the old status: of two people pressing at once, one wins and the other is told.
    const at = nowIso();
    if (!(await q.setStatus(trx, id, row.status, to, at))) {
      throw conflict('The appointment was changed meanwhile. Reload and try again.');
    }
    if (to === 'sample_collected') await sampleCollected(trx, id, at);
    // A cancelled visit gives its seat back (the slot's seats are counted per visit not cancelled).
    if (to === 'cancelled') await releaseSeat(trx, { date: row.date, time: row.time, homeSample: row.home_sample === 1 });
    await recordAudit(trx, {
      actorUserId,
      entity: 'appointment',
      entityId: id,
      action: to === 'cancelled' ? 'cancel' : 'status',
      before: { status: row.status },
      after: { status: to },
    });
  });
  return getAppointment(db, id);
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

function paymentFieldsOf(bill: StaffBill | undefined) {
  const pending = bill?.payments.find((p) => p.status === 'pending');
  return {
    bill_id: bill?.id ?? null,
    invoice_no: bill?.invoice_no ?? null,
    payment_status: bill?.payment_status ?? null,
    amount_paid: bill?.amount_paid ?? 0,
    refund_owed: bill?.refund_owed ?? 0,
    pending_payment: pending ? { id: pending.id, utr: pending.reference, amount: pending.amount } : null,
  };
}
