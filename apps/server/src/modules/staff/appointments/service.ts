// Rules of the staff appointment queue: listing, moving an appointment along its lifecycle and marking
// its bill paid. Every change is written to the audit trail in the same transaction as the change.
import type { StaffAppointment, StaffAppointmentPage } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { AppointmentStatus, Database } from '../../../db/schema.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { conflict, fieldError, notFound } from '../../../lib/errors.ts';
import { toRupees } from '../../../lib/money.ts';
import { type PageQuery, paginate } from '../../../lib/paginate.ts';
import { nowIso } from '../../../lib/time.ts';
import { transitionError } from './appointment-flow.ts';
import { type ChargedTest, chargedTests } from '../../booking/queries.ts';
import { releaseSeat } from '../../slots/service.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

const NOT_FOUND = 'Appointment not found.';

function shape(row: q.QueueRow, tests: ChargedTest[]): StaffAppointment {
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
  };
}

async function withTests(db: Db, rows: q.QueueRow[]): Promise<StaffAppointment[]> {
  const tests = await chargedTests(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    shape(
      r,
      tests.filter((t) => t.appointment_id === r.id),
    ),
  );
}

export function listQueue(db: Db, f: q.QueueFilter & PageQuery): Promise<StaffAppointmentPage> {
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
    if (!(await q.setStatus(trx, id, row.status, to, nowIso()))) {
      throw conflict('The appointment was changed meanwhile. Reload and try again.');
    }
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

export async function changePayment(db: Db, actorUserId: number, id: string, isPaid: boolean): Promise<StaffAppointment> {
  await db.transaction().execute(async (trx) => {
    const row = await q.appointmentById(trx, id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.is_paid === null) throw notFound('This appointment has no bill.');
    if ((row.is_paid === 1) === isPaid) return; // already so: nothing to record
    if (isPaid && row.status === 'cancelled') throw conflict(CANCELLED_NOT_PAYABLE);
    const paidAt = isPaid ? nowIso() : null;
    if (!(await q.setPaid(trx, id, isPaid, paidAt))) {
      throw conflict('The bill was changed meanwhile. Reload and try again.');
    }
    await recordAudit(trx, {
      actorUserId,
      entity: 'appointment',
      entityId: id,
      action: 'payment',
      before: { is_paid: row.is_paid === 1, paid_at: row.paid_at },
      after: { is_paid: isPaid, paid_at: paidAt },
    });
  });
  return getAppointment(db, id);
}
