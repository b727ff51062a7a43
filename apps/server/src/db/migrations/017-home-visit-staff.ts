// The home collections' day view lists the staff a visit can be given to on every request: the users
// table grows with every patient, so the few staff accounts get a partial index of their own. (The
// visit's phlebotomist column came with migration 009; a day's visits are read through
// appointments_date, bounded by the day's seats.)
import { type Kysely, type Migration, sql } from 'kysely';

export function homeVisitStaff(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`CREATE INDEX users_staff ON users (id) WHERE role = 'staff'`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`DROP INDEX users_staff`.execute(db);
    },
  };
}
