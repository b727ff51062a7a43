// Rules of time slots: which slots a date has (the lab's hours of that weekday, or a date override),
// how many seats each has (the week's pattern, or the override), and the claim of one seat by a booking
// inside the booking's own transaction, so a booking and its seat are committed, or refused, together.
// Staff set the weekly seats per slot and single dates set apart (a holiday, a short day, an extra
// phlebotomist), each change audited in its own transaction.
import {
  type CombinedPreparation,
  hoursOn,
  inIndia,
  LAB_CLOSED,
  type Locale,
  m,
  type SlotDay,
  slotEndOf,
  type SlotKind,
  type SlotOverride,
  type slotOverrideRequestSchema,
  slotStartOf,
  slotStartsWithin,
  type SlotWeek,
  suitsPreparation,
  tooLateMessage,
  WEEKDAYS,
} from '@lab/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { conflict, fieldErrors, notFound } from '../../lib/errors.ts';
import { todayIst } from '../../lib/time.ts';
import { combinedPreparationIn } from '../catalog/preparation.ts';
import { labDetails } from '../lab/service.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export type DayPlan = { closed: true } | { closed: false; starts: string[]; seats: Record<SlotKind, number> };

const weekdayOf = (isoDate: string) => WEEKDAYS[(new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** the slots of a date and the seats each has: the lab's weekly hours and seats, unless staff set the date apart */
export async function dayPlan(db: Db, date: string): Promise<DayPlan> {
  const [details, special, week] = await Promise.all([labDetails(db), q.override(db, date), q.weekRow(db, weekdayOf(date))]);
  if (special?.closed === 1) return { closed: true };
  const usual = hoursOn(details, date);
  const hours = special?.opens && special.closes ? { opens: special.opens, closes: special.closes } : usual;
  if (!hours) return { closed: true };
  const starts = slotStartsWithin(hours.opens, hours.closes);
  if (starts.length === 0) return { closed: true };
  return {
    closed: false,
    starts,
    seats: {
      centre: special?.centre_seats ?? week?.centre_seats ?? 0,
      home: special?.home_seats ?? week?.home_seats ?? 0,
    },
  };
}

const kindOf = (homeSample: boolean): SlotKind => (homeSample ? 'home' : 'centre');

/**
 * The lab's opening hours by date from `from` on: the weekly hours, unless staff set a date apart (closed,
 * or other hours). What the samples' turnaround counts on; the record and the few dates set apart are read once.
 */
export async function openingHoursFrom(db: Db, from: string): Promise<(date: string) => { opens: string; closes: string } | null> {
  const [details, overrides] = await Promise.all([labDetails(db), q.overridesFrom(db, from, 400)]);
  const special = new Map(overrides.map((o) => [o.date, o]));
  return (date) => {
    const o = special.get(date);
    if (o?.closed === 1) return null;
    if (o?.opens && o.closes) return { opens: o.opens, closes: o.closes };
    return hoursOn(details, date);
  };
}

/** the day's slots still to come (India time), with seats left; full ones stay listed with none left */
export async function listSlots(db: Db, date: string, homeSample: boolean, now: Date): Promise<SlotDay> {
  const plan = await dayPlan(db, date);
  if (plan.closed) return { date, home_sample: homeSample, closed: true, reason: LAB_CLOSED, slots: [] };
  const kind = kindOf(homeSample);
  const taken = new Map((await q.takenOn(db, date, kind)).map((r) => [r.slot, r.taken]));
  const { date: today, time: nowTime } = inIndia(now);
  // A slot of today that has begun is not offered: the booking rule refuses a time before now.
  const upcoming = date === today ? plan.starts.filter((start) => start >= nowTime) : plan.starts;
  return {
    date,
    home_sample: homeSample,
    closed: false,
    slots: upcoming.map((start) => ({ start, end: slotEndOf(start), seats_left: Math.max(0, plan.seats[kind] - (taken.get(start) ?? 0)) })),
  };
}

export interface Visit {
  date: string;
  time: string;
  homeSample: boolean;
}

/** the names of the request's date and time fields, so errors name what the client sent */
export interface VisitFields {
  date: string;
  time: string;
}

const keyOf = (visit: Visit): q.SeatKey => ({ date: visit.date, slot: slotStartOf(visit.time), kind: kindOf(visit.homeSample) });

/** the seat a visit needs: its slot's counter row and the slot's capacity now */
export interface SeatPlan {
  key: q.SeatKey;
  capacity: number;
}

/**
 * The seat a visit would take, read from the day's plan: a closed day or a time outside the day's
 * hours is the request's mistake (400). A booking reads it before its transaction (decision 029).
 */
export async function seatPlan(db: Db, visit: Visit, fields: VisitFields = { date: 'date', time: 'time' }): Promise<SeatPlan> {
  return seatIn(await dayPlan(db, visit.date), visit, fields);
}

/** the seat a visit would take in a day's plan (seatPlan) */
export function seatIn(plan: DayPlan, visit: Visit, fields: VisitFields = { date: 'date', time: 'time' }): SeatPlan {
  if (plan.closed) throw fieldErrors({ [fields.date]: [m('slots.closed_day')] });
  const key = keyOf(visit);
  if (!plan.starts.includes(key.slot)) throw fieldErrors({ [fields.time]: [m('slots.outside_hours')] });
  return { key, capacity: plan.seats[key.kind] };
}

/** takes the planned seat if the slot has one left; false when it is full. Call it inside the transaction. */
export function takeSeat(db: Db, seat: SeatPlan): Promise<boolean> {
  return q.claim(db, seat.key, seat.capacity);
}

/** one global order of seats: transactions that take several take them in this order, so they never deadlock */
export const seatOrder = (k: q.SeatKey): string => `${k.date} ${k.slot} ${k.kind}`;

/**
 * Claims one seat of the slot the visit's time falls in; call it inside the booking's transaction.
 * A closed day or a time outside the day's hours is the request's mistake (400); a full slot is a 409.
 */
export async function claimSeat(db: Db, visit: Visit, fields: VisitFields = { date: 'date', time: 'time' }): Promise<void> {
  if (!(await takeSeat(db, await seatPlan(db, visit, fields)))) throw conflict(m('slots.full'));
}

/** gives back the seat of a cancelled visit; call it inside the cancellation's transaction */
export async function releaseSeat(db: Db, visit: Visit): Promise<void> {
  await q.release(db, keyOf(visit));
}

const order = seatOrder;

/**
 * Moves a visit's seat (a reschedule), inside its transaction: if the new slot is full the caller's
 * transaction rolls back and the old seat stays held. The two counter rows are touched in one global
 * order, so two reschedules swapping slots wait for each other instead of deadlocking on PostgreSQL.
 */
export async function moveSeat(db: Db, from: Visit, to: Visit, fields: VisitFields): Promise<void> {
  const a = keyOf(from);
  const b = keyOf(to);
  if (order(a) === order(b)) {
    // The same slot: only the day's rules (it may have closed meanwhile) are checked again.
    const plan = await dayPlan(db, to.date);
    if (plan.closed) throw fieldErrors({ [fields.date]: [m('slots.closed_day')] });
    return;
  }
  if (order(a) < order(b)) {
    await releaseSeat(db, from);
    await claimSeat(db, to, fields);
  } else {
    await claimSeat(db, to, fields);
    await releaseSeat(db, from);
  }
}

/** what the tests together ask of the patient (fasting, instructions in the language given, the latest time), or null for nothing */
export async function preparationOf(db: Db, testIds: readonly number[], language: Locale = 'en'): Promise<CombinedPreparation | null> {
  return combinedPreparationIn(await q.preparationsOf(db, testIds), language);
}

/**
 * The combined preparation of the tests booked; a time at or after its latest time (fasting tests are
 * drawn in the morning) is refused, naming the request's time field. Call it inside the transaction.
 */
export async function preparationFor(db: Db, testIds: readonly number[], time: string, timeField = 'time'): Promise<CombinedPreparation | null> {
  return checkPreparation(await preparationOf(db, testIds), time, timeField);
}

/** the combined preparation, refused (naming the time field) when the time is at or after its latest time */
export function checkPreparation(combined: CombinedPreparation | null, time: string, timeField = 'time'): CombinedPreparation | null {
  if (combined?.latestTime && !suitsPreparation(time, combined.latestTime)) throw fieldErrors({ [timeField]: [tooLateMessage(combined.latestTime)] });
  return combined;
}

// --- staff: the week's seats and the dates set apart -------------------------------------------------

/** the most upcoming overrides listed at once: a lab sets a few a month */
export const OVERRIDES_LISTED = 200;

export async function getWeek(db: Db): Promise<SlotWeek> {
  const rows = new Map((await q.weekRows(db)).map((r) => [r.weekday, { centre_seats: r.centre_seats, home_seats: r.home_seats }]));
  return Object.fromEntries(WEEKDAYS.map((d) => [d, rows.get(d) ?? { centre_seats: 0, home_seats: 0 }])) as SlotWeek;
}

export async function putWeek(db: Db, actorUserId: number, week: SlotWeek): Promise<SlotWeek> {
  await db.transaction().execute(async (trx) => {
    const before = await getWeek(trx);
    for (const day of WEEKDAYS) await q.setWeekday(trx, day, week[day]);
    await recordAudit(trx, { actorUserId, entity: 'slot_week', entityId: 'week', action: 'update', before, after: week });
  });
  return getWeek(db);
}

type OverrideRow = NonNullable<Awaited<ReturnType<typeof q.override>>>;

const toOverride = (r: OverrideRow): SlotOverride => ({
  date: r.date,
  closed: r.closed === 1,
  opens: r.opens,
  closes: r.closes,
  centre_seats: r.centre_seats,
  home_seats: r.home_seats,
  note: r.note,
});

export async function listOverrides(db: Db, now: Date): Promise<SlotOverride[]> {
  return (await q.overridesFrom(db, todayIst(0, now), OVERRIDES_LISTED)).map(toOverride);
}

export async function putOverride(db: Db, actorUserId: number, date: string, o: z.output<typeof slotOverrideRequestSchema>): Promise<SlotOverride> {
  const row = { date, closed: o.closed ? (1 as const) : (0 as const), opens: o.opens, closes: o.closes, centre_seats: o.centre_seats, home_seats: o.home_seats, note: o.note };
  await db.transaction().execute(async (trx) => {
    const before = await q.override(trx, date);
    await q.putOverride(trx, row);
    await recordAudit(trx, { actorUserId, entity: 'slot_override', entityId: date, action: before ? 'update' : 'create', before: before ? toOverride(before) : null, after: toOverride(row) });
  });
  return toOverride(row);
}

export async function deleteOverride(db: Db, actorUserId: number, date: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await q.override(trx, date);
    if (!before || !(await q.deleteOverride(trx, date))) throw notFound('No override for this date.');
    await recordAudit(trx, { actorUserId, entity: 'slot_override', entityId: date, action: 'delete', before: toOverride(before), after: null });
  });
}
