// Bills that add up line by line (decision 052): each test as charged keeps its list price and the
// discount that lowered it (a running offer or the member's discount), and a package's bill keeps the
// package price before the member's discount. Bookings made before this migration have none of these:
// their lines read as they were charged (each test at its charged price, a package at what it cost),
// which still add up to their totals.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function billLines(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('appointment_tests').addColumn('list_paise', 'integer').execute();
      await db.schema.alterTable('appointment_tests').addColumn('discount', 'text').execute();
      await db.schema.alterTable('bills').addColumn('package_paise', 'integer').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('bills').dropColumn('package_paise').execute();
      await db.schema.alterTable('appointment_tests').dropColumn('discount').execute();
      await db.schema.alterTable('appointment_tests').dropColumn('list_paise').execute();
    },
  };
}
