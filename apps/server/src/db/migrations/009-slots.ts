// Time slots with seats: the weekly pattern of seats per slot, single dates that differ from it, and
// the seats taken per slot; the PIN codes served for home collection; each test's preparation (one counter row per date, slot and kind, claimed by a conditional update;
// see docs/decisions/021). Appointments booked before slots existed hold their seats from the start.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

/** the demo's and a new lab's week: staff change it in the console */
const DEFAULT_SEATS = { centre_seats: 10, home_seats: 4 };
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export function slots(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('slot_week')
        .addColumn('weekday', 'text', (c) => c.primaryKey())
        .addColumn('centre_seats', 'integer', (c) => c.notNull())
        .addColumn('home_seats', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('slot_week').values(WEEKDAYS.map((weekday) => ({ weekday, ...DEFAULT_SEATS }))).execute();

      await db.schema
        .createTable('slot_overrides')
        .addColumn('date', 'text', (c) => c.primaryKey())
        .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('opens', 'text')
        .addColumn('closes', 'text')
        .addColumn('centre_seats', 'integer')
        .addColumn('home_seats', 'integer')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await db.schema
        .createTable('slot_seats')
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('slot_seats_pk', ['date', 'slot', 'kind'])
        .execute();

      // Home collection areas: the PIN codes served, and each home collection's PIN and phlebotomist.
      await db.schema
        .createTable('service_pins')
        .addColumn('pin', 'text', (c) => c.primaryKey())
        .addColumn('locality', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('appointments').addColumn('pin', 'text').execute();
      await db.schema.alterTable('appointments').addColumn('phlebotomist_id', 'integer', (c) => c.references('users.id')).execute();

      // Each test's preparation: fasting hours, other instructions, the latest sensible time of day.
      await db.schema.alterTable('tests').addColumn('fasting_hours', 'integer').execute();
      await db.schema.alterTable('tests').addColumn('preparation', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('tests').addColumn('latest_time', 'text').execute();

      // Every appointment not cancelled holds a seat of the slot its time falls in (21:00 belongs to
      // the 20:30 slot), as contract/slots.ts slotStartOf computes it.
      await sql`
        insert into slot_seats (date, slot, kind, taken)
        select date, slot, kind, count(*) from (
          select date,
                 case when time >= '20:30' then '20:30'
                      else substr(time, 1, 3) || case when substr(time, 4, 2) < '30' then '00' else '30' end end as slot,
                 case when home_sample = 1 then 'home' else 'centre' end as kind
          from appointments where status <> 'cancelled'
        ) held
        group by date, slot, kind`.execute(db);
    },
    async down() {
      throw new Error('the slots migration is not reversible');
    },
  };
}
