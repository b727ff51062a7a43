// The triggers that make a table's changes move the catalogue version (migration 002's function on
// PostgreSQL, an UPDATE of its row on SQLite), for the migrations that add tables to it (016, 033).
// Shipped migrations run this: its SQL must stay as it is.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export async function addCatalogVersionTriggers(db: Kysely<any>, dialect: Dialect, tables: readonly string[]): Promise<void> {
  for (const t of tables) {
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
}
