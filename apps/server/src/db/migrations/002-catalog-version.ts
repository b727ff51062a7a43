// A catalogue version number that every change to tests, categories or offers bumps, by database
// triggers. The server caches the priced test list in memory and checks this one-row table on each
// read, so a catalogue edit made by any process (or by hand in SQL) is seen at once.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

const TABLES = ['tests', 'categories', 'offers'] as const;

export function catalogVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('catalog_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('catalog_version').values({ id: 1, version: 1 }).execute();

      if (dialect === 'postgres') {
        // search_path is pinned so the trigger updates the table of its own schema.
        await sql`CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
          BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
        for (const t of TABLES) {
          await sql`CREATE TRIGGER ${sql.raw(`${t}_catalog_version`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(t)}
            FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()`.execute(db);
        }
        return;
      }
      // SQLite has row triggers only; a bulk insert bumps the number once per row, which is harmless.
      for (const t of TABLES) {
        for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
          await sql`CREATE TRIGGER ${sql.raw(`${t}_${event.toLowerCase()}_catalog_version`)} AFTER ${sql.raw(event)} ON ${sql.table(t)}
            BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END`.execute(db);
        }
      }
    },
    async down() {
      throw new Error('the catalog version migration is not reversible');
    },
  };
}
