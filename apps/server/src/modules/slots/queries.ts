// SQL of time slots: the weekly seats, date overrides, and the seats taken per slot.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SlotOverridesTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export interface SeatKey {
  date: string;
  slot: string;
  kind: 'centre' | 'home';
}

export function weekRow(db: Q, weekday: string) {
  return db.selectFrom('slot_week').select(['centre_seats', 'home_seats']).where('weekday', '=', weekday).executeTakeFirst();
}

export function weekRows(db: Q) {
  return db.selectFrom('slot_week').select(['weekday', 'centre_seats', 'home_seats']).execute();
}

export async function setWeekday(db: Q, weekday: string, seats: { centre_seats: number; home_seats: number }): Promise<void> {
  await db
    .insertInto('slot_week')
    .values({ weekday, ...seats })
    .onConflict((oc) => oc.column('weekday').doUpdateSet(seats))
    .execute();
}

export function override(db: Q, date: string) {
  return db.selectFrom('slot_overrides').selectAll().where('date', '=', date).executeTakeFirst();
}

/** the overrides from a date on, soonest first (a lab sets a few a month; bounded all the same) */
export function overridesFrom(db: Q, from: string, limit: number) {
  return db.selectFrom('slot_overrides').selectAll().where('date', '>=', from).orderBy('date').limit(limit).execute();
}

export async function putOverride(db: Q, row: Selectable<SlotOverridesTable>): Promise<void> {
  const { date: _date, ...changes } = row;
  await db
    .insertInto('slot_overrides')
    .values(row)
    .onConflict((oc) => oc.column('date').doUpdateSet(changes))
    .execute();
}

export async function deleteOverride(db: Q, date: string): Promise<boolean> {
  const res = await db.deleteFrom('slot_overrides').where('date', '=', date).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** seats taken per slot of one date and kind */
export function takenOn(db: Q, date: string, kind: SeatKey['kind']) {
  return db.selectFrom('slot_seats').select(['slot', 'taken']).where('date', '=', date).where('kind', '=', kind).execute();
}

/**
 * Takes one seat if fewer than `capacity` are taken: one conditional UPDATE of the slot's counter row.
 * On PostgreSQL concurrent claims queue on the row's lock and each re-reads `taken` before its WHERE
 * holds (READ COMMITTED re-checks the updated row), so a slot never goes past its capacity, across any
 * number of processes. SQLite writes one transaction at a time. The slot's first seat inserts the row;
 * when another booking inserted it first, the conditional update is tried again.
 */
export async function claim(db: Q, key: SeatKey, capacity: number): Promise<boolean> {
  if (await takeIfFree(db, key, capacity)) return true;
  if (capacity < 1) return false;
  // RETURNING answers a row only when this insert made it (not when another booking's row was there).
  const inserted = await db
    .insertInto('slot_seats')
    .values({ ...key, taken: 1 })
    .onConflict((oc) => oc.columns(['date', 'slot', 'kind']).doNothing())
    .returning('taken')
    .executeTakeFirst();
  if (inserted) return true;
  return takeIfFree(db, key, capacity);
}

async function takeIfFree(db: Q, key: SeatKey, capacity: number): Promise<boolean> {
  const res = await db
    .updateTable('slot_seats')
    .set((eb) => ({ taken: eb('taken', '+', 1) }))
    .where('date', '=', key.date)
    .where('slot', '=', key.slot)
    .where('kind', '=', key.kind)
    .where('taken', '<', capacity)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function release(db: Q, key: SeatKey): Promise<void> {
  await db
    .updateTable('slot_seats')
    .set((eb) => ({ taken: eb('taken', '-', 1) }))
    .where('date', '=', key.date)
    .where('slot', '=', key.slot)
    .where('kind', '=', key.kind)
    .where('taken', '>', 0)
    .execute();
}

/** the preparation columns of the tests booked */
export function preparationsOf(db: Q, testIds: readonly number[]) {
  if (testIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('tests').select(['id', 'fasting_hours', 'preparation', 'latest_time', 'preparation_hi']).where('id', 'in', [...new Set(testIds)]).execute();
}
