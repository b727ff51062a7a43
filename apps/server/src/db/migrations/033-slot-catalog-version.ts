// The week's seats and the dates set apart join the catalogue version (migration 002), as packages did
// (016): a booking reads the day's plan from a cache kept per version (booking/catalogue-reads.ts), so
// a staff edit of either must move it, in every process (decision 027: NOTIFY on PostgreSQL, the data
// version on SQLite). The seat counters (slot_seats) change with every booking and stay out.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';
import { addCatalogVersionTriggers } from './catalog-version-triggers.ts';

export function slotCatalogVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await addCatalogVersionTriggers(db, dialect, ['slot_week', 'slot_overrides']);
    },
    async down() {
      throw new Error('the slot catalogue version migration is not reversible');
    },
  };
}
