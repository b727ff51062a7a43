// A content version number that every change to blogs and careers bumps, by database triggers, as the
// catalogue's (002) does for tests, categories and offers. The server-rendered public pages are cached
// under these numbers (decision record 020), so a staff edit made by any process is on the next page.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

const TABLES = ['blogs', 'careers'] as const;

export function contentVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('content_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('content_version').values({ id: 1, version: 1 }).execute();

      if (dialect === 'postgres') {
        // search_path is pinned so the trigger updates the table of its own schema.
        await sql`CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
          BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
        for (const t of TABLES) {
          await sql`CREATE TRIGGER ${sql.raw(`${t}_content_version`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(t)}
            FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()`.execute(db);
        }
        return;
      }
      // SQLite has row triggers only; a bulk insert bumps the number once per row, which is harmless.
      for (const t of TABLES) {
        for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
          await sql`CREATE TRIGGER ${sql.raw(`${t}_${event.toLowerCase()}_content_version`)} AFTER ${sql.raw(event)} ON ${sql.table(t)}
            BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END`.execute(db);
        }
      }
    },
    async down() {
      throw new Error('the content version migration is not reversible');
    },
  };
}
