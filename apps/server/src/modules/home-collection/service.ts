// Rules of home collection. Areas: a home collection needs a served PIN code. The address comes in parts
// (house, street, locality, city, PIN) from the booking page, or as one string from older clients,
// accepted when it holds a served PIN. Staff keep the list of PIN codes, audited. The day's visits: what
// the phlebotomist needs at each door (the tests' combined preparation, the amount still due on the
// bill), and giving a visit to a phlebotomist (a staff member of that role only), audited in the same
// transaction.
import {
  type AssignPhlebotomist,
  combinePreparation,
  formatHomeAddress,
  type HomeAddress,
  type HomeVisit,
  type HomeVisitDay,
  m,
  NOT_A_HOME_VISIT,
  PHLEBOTOMIST_RULE,
  pinCodesIn,
  preparationLines,
  type Locale,
  type ServedPin,
  type ServedPinRequest,
  slotEndOf,
  type StaffServedPin,
  slotStartOf,
  VISIT_CANCELLED,
} from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { editedHindi, inLanguage } from '../../lib/bilingual.ts';
import { conflict, fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { setOnTheWay, setPhlebotomist } from '../appointments/lifecycle.ts';
import { queuePhoneMessages } from '../messaging/channels/phone-queue.ts';
import { paymentSummaries } from '../payments/service.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export interface HomePlace {
  address: string;
  pin: string;
}

/** the address to store and its served PIN; a PIN not served (or none at all) is refused, naming the field sent */
export async function homeCollectionPlace(db: Db, parts: HomeAddress | null | undefined, oneString: string): Promise<HomePlace> {
  if (parts) {
    if ((await q.servedAmong(db, [parts.pin])).length === 0) throw fieldErrors({ 'home_address.pin': [m('home_collection.pin_not_served')] });
    return { address: formatHomeAddress(parts), pin: parts.pin };
  }
  const written = pinCodesIn(oneString);
  if (written.length === 0) throw fieldErrors({ address: [m('home_collection.pin_missing')] });
  const served = new Set((await q.servedAmong(db, written)).map((r) => r.pin));
  const pin = written.find((p) => served.has(p));
  if (!pin) throw fieldErrors({ address: [m('home_collection.pin_not_served')] });
  return { address: oneString, pin };
}

/** a PIN code's locality when it is served, in the reader's language: the booking page checks a PIN as it is typed */
export async function servedPin(db: Db, pin: string, language: Locale = 'en'): Promise<ServedPin> {
  const [row] = await q.servedAmong(db, [pin]);
  if (!row) throw notFound(m('home_collection.pin_not_served'));
  return { pin: row.pin, locality: inLanguage(language, row.locality, row.locality_hi) };
}

export const listPins = (db: Db): Promise<StaffServedPin[]> => q.allPins(db);

/** adds or renames a served PIN code; its Hindi locality left out stays as it was (decision 038), a new PIN's is then none */
export async function putPin(db: Db, actorUserId: number, pin: string, input: ServedPinRequest): Promise<StaffServedPin> {
  return db.transaction().execute(async (trx) => {
    const [before] = await q.servedAmong(trx, [pin]);
    const after = { pin, locality: input.locality, locality_hi: editedHindi(input.locality_hi, before?.locality_hi ?? null) };
    await q.putPin(trx, pin, after.locality, after.locality_hi);
    await recordAudit(trx, { actorUserId, entity: 'service_pin', entityId: pin, action: before ? 'update' : 'create', before: before ?? null, after });
    return after;
  });
}

export async function deletePin(db: Db, actorUserId: number, pin: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [before] = await q.servedAmong(trx, [pin]);
    if (!before || !(await q.deletePin(trx, pin))) throw notFound(m('home_collection.pin_not_listed'));
    await recordAudit(trx, { actorUserId, entity: 'service_pin', entityId: pin, action: 'delete', before, after: null });
  });
}

// --- the day's home visits ---------------------------------------------------------------------------

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
      preparation: preparation ? preparationLines(preparation, 'home') : [],
      amount_due: r.bill_id === null ? 0 : (bills.get(r.bill_id)?.amount_due ?? 0),
      payment_status: (r.bill_id === null ? undefined : bills.get(r.bill_id)?.payment_status) ?? 'unpaid',
      phlebotomist: r.phlebotomist_id === null ? null : { id: r.phlebotomist_id, name: r.phlebotomist_name },
      on_the_way_at: r.on_the_way_at,
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
    if (!(await setPhlebotomist(trx, id, visit.phlebotomist_id, to?.id ?? null, nowIso()))) throw conflict(VISIT_CANCELLED);
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

/** the run sheet's "On the way" has been pressed for this visit */
export const ON_THE_WAY_ALREADY = 'The patient was already told the collector is on the way.';
export const ON_THE_WAY_NO_COLLECTOR = 'Give the visit to a phlebotomist first: the message names the collector.';
export const ON_THE_WAY_COLLECTED = 'The sample of this visit was already collected.';

/**
 * "On the way" on the run sheet: the patient's phone channels are told the collector (by name) is
 * coming, once per visit, in the transaction that marks it (docs/messaging.md). A phlebotomist
 * (`onlyFor`) presses it for their own visits only.
 */
export async function markOnTheWay(db: Db, actorUserId: number, id: string, now: Date, onlyFor: number | null = null): Promise<HomeVisit> {
  let date = '';
  await db.transaction().execute(async (trx) => {
    const visit = await q.visitForUpdate(trx, id);
    if (!visit || visit.home_sample !== 1 || (onlyFor !== null && visit.phlebotomist_id !== onlyFor)) throw notFound(NOT_A_HOME_VISIT);
    if (visit.status === 'cancelled') throw conflict(VISIT_CANCELLED);
    if (visit.on_the_way_at) throw conflict(ON_THE_WAY_ALREADY);
    if (visit.status !== 'booked' && visit.status !== 'approved') throw conflict(ON_THE_WAY_COLLECTED);
    const collector = visit.phlebotomist_id === null ? undefined : await q.staffMember(trx, visit.phlebotomist_id);
    if (!collector) throw fieldError('phlebotomist', ON_THE_WAY_NO_COLLECTOR);
    // Guarded: of two presses at once, one marks it and the other is told.
    if (!(await setOnTheWay(trx, id, collector.id, now.toISOString()))) throw conflict(ON_THE_WAY_ALREADY);
    await queuePhoneMessages(trx, now, id, 'collector-on-the-way', { collector: collector.name });
    await recordAudit(trx, { actorUserId, entity: 'appointment', entityId: id, action: 'on_the_way', before: { on_the_way: false }, after: { on_the_way: true } });
    date = visit.date;
  });
  const day = await homeVisitDay(db, date, now);
  return day.visits.find((v) => v.id === id)!;
}
