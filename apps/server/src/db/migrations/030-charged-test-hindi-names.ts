// The Hindi name of each test as charged, beside its English name. A bill keeps the names of
// the day it was booked (later catalogue edits never change it), so the Hindi bill, receipt, e-mails and
// report need the Hindi name of that day too, not the catalogue's name of today. Bookings made before
// this migration take the catalogue's Hindi name where the test still has the English name they were
// charged under; the others (renamed since, or never given a Hindi name) read in English.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function chargedTestHindiNames(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('appointment_tests').addColumn('name_hi', 'text').execute();
      // Only the rows of the few tests with a Hindi name are touched (through the test_id index).
      await sql`
        update appointment_tests set name_hi = (
          select t.name_hi from tests t where t.id = appointment_tests.test_id and t.name = appointment_tests.name
        )
        where test_id in (select id from tests where name_hi is not null)
      `.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('appointment_tests').dropColumn('name_hi').execute();
    },
  };
}
