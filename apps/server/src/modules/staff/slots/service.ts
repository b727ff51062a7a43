// Staff rules of time slots: the weekly seats per slot and single dates set apart (a holiday, a short
// day, an extra phlebotomist), each change audited in its own transaction.
import { type SlotOverride, type slotOverrideRequestSchema, type SlotWeek, WEEKDAYS } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { notFound } from '../../../lib/errors.ts';
import { todayIst } from '../../../lib/time.ts';
import * as q from '../../slots/queries.ts';

type Db = Kysely<Database>;

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
