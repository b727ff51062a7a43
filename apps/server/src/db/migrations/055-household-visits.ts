// One home visit for several people of a household (docs/families-and-doctors.md, decision 068): each person's
// booking stays an appointment of its own (tests, bill, report), and the appointments drawn at one visit
// share `visit_id`, the first person's appointment id, so the visit holds one seat. Single bookings: null.
// A referring doctor who agreed to WhatsApp messages (staff tick it in the directory) is sent the one-time link
// there as well as by SMS to the registered phone.
import { sql, type Kysely, type Migration } from 'kysely';

export function householdVisits(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('appointments').addColumn('visit_id', 'text').execute();
      // partial: only shared visits are indexed ("who else is drawn at this visit?")
      await db.schema
        .createIndex('appointments_visit')
        .on('appointments')
        .columns(['visit_id', 'id'])
        .where(sql.ref('visit_id'), 'is not', null)
        .execute();
      await db.schema.alterTable('referring_doctors').addColumn('whatsapp', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down() {
      throw new Error('the household visits migration is not reversible');
    },
  };
}
