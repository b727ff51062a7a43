// The week's seats and the dates set apart join the catalogue version (migration 002), as packages did
// (016): a booking reads the day's plan from a cache kept per version (slots/service.ts DayPlans), so
// a staff edit of either must move it, in every process (decision 027: NOTIFY on PostgreSQL, the data
// version on SQLite). Same trigger shape as 002, which is never edited once shipped. The seat counters
// (slot_seats) change with every booking and stay out.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../index.ts';

const TABLES = ['slot_week', 'slot_overrides'] as const;

export function slotCatalogVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const t of TABLES) {
        if (dialect === 'postgres') {
          await sql`CREATE TRIGGER ${sql.raw(`${t}_catalog_version`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(t)}
            FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()`.execute(db);
          continue;
        }
        for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
          await sql`CREATE TRIGGER ${sql.raw(`${t}_${event.toLowerCase()}_catalog_version`)} AFTER ${sql.raw(event)} ON ${sql.table(t)}
            BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END`.execute(db);
        }
      }
    },
    async down() {
      throw new Error('the slot catalogue version migration is not reversible');
    },
  };
}
