// Rules of the home collections' day view: what the phlebotomist needs at each door (the tests'
// combined preparation, the amount still due on the bill), and giving a visit to a phlebotomist (a
// staff member of that role only), audited in the same transaction.
import {
  type AssignPhlebotomist,
  combinePreparation,
  type HomeVisit,
  type HomeVisitDay,
  NOT_A_HOME_VISIT,
  PHLEBOTOMIST_RULE,
  preparationLines,
  slotEndOf,
  slotStartOf,
  VISIT_CANCELLED,
} from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { conflict, fieldError, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { paymentSummaries } from '../../payments/service.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

/** a day's visits; for a phlebotomist (`onlyFor`), the visits given to them */
export async function homeVisitDay(db: Db, date: string, now: Date, onlyFor: number | null = null): Promise<HomeVisitDay> {
  const rows = (await q.visitsOn(db, date)).filter((r) => onlyFor === null || r.phlebotomist_id === onlyFor);
  const [tests, bills, staff] = await Promise.all([
    q.testsOf(
      db,
      rows.map((r) => r.id),
    ),
    paymentSummaries(
      db,
      rows.flatMap((r) => (r.bill_id === null ? [] : [r.bill_id])),
      now,
    ),
    q.staffMembers(db),
  ]);
  const visits = rows.map((r): HomeVisit => {
    const own = tests.filter((t) => t.appointment_id === r.id);
    const preparation = combinePreparation(
      own.map((t) => (t.preparation === null ? null : { fasting_hours: t.fasting_hours, instructions: t.preparation, latest_time: t.latest_time })),
    );
    const slot = slotStartOf(r.time);
    return {
      id: r.id,
      reference: r.reference,
      time: r.time,
      slot_start: slot,
      slot_end: slotEndOf(slot),
      status: r.status,
      patient_name: r.user_name,
      phone: r.user_phone,
      address: r.address,
      pin: r.pin,
      locality: r.locality,
      tests: own.map((t) => t.name),
      preparation: preparation ? preparationLines(preparation) : [],
      amount_due: r.bill_id === null ? 0 : (bills.get(r.bill_id)?.amount_due ?? 0),
      phlebotomist: r.phlebotomist_id === null ? null : { id: r.phlebotomist_id, name: r.phlebotomist_name },
    };
  });
  return { date, visits, staff: staff.sort((a, b) => a.name.localeCompare(b.name)) };
}

export async function assignPhlebotomist(db: Db, actorUserId: number, id: string, input: AssignPhlebotomist, now: Date): Promise<HomeVisit> {
  let date = '';
  await db.transaction().execute(async (trx) => {
    const visit = await q.visitForUpdate(trx, id);
    if (!visit || visit.home_sample !== 1) throw notFound(NOT_A_HOME_VISIT);
    if (visit.status === 'cancelled') throw conflict(VISIT_CANCELLED);
    const to = input.phlebotomist_id === null ? null : await q.staffMember(trx, input.phlebotomist_id);
    if (to === undefined) throw fieldError('phlebotomist_id', PHLEBOTOMIST_RULE);
    if (!(await q.setPhlebotomist(trx, id, visit.phlebotomist_id, to?.id ?? null, nowIso()))) throw conflict(VISIT_CANCELLED);
    await recordAudit(trx, {
      actorUserId,
      entity: 'appointment',
      entityId: id,
      action: 'assign_phlebotomist',
      before: { phlebotomist_id: visit.phlebotomist_id },
      after: { phlebotomist_id: to?.id ?? null, phlebotomist: to?.name ?? null },
    });
    date = visit.date;
  });
  const day = await homeVisitDay(db, date, now);
  return day.visits.find((v) => v.id === id)!;
}
