// PostgreSQL: the content version (migration 014) and the lab details row (008) announce their bumps on
// the catalogue's channel too (migration 015's function), so each server process knows every version a
// rendered page or `GET /api/lab/` depends on without reading a row per request
// (modules/catalog/catalog-version.ts, decision record 030). SQLite needs nothing: a connection sees
// other connections' commits in its data_version.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

const TABLES = ['content_version', 'lab_details'] as const;

export function publicVersionsNotify(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const t of TABLES) {
        await sql`CREATE TRIGGER ${sql.raw(`${t}_notify`)} AFTER UPDATE ON ${sql.table(t)}
          FOR EACH ROW EXECUTE FUNCTION notify_catalog_version()`.execute(db);
      }
    },
    async down() {
      throw new Error('the public versions notification migration is not reversible');
    },
  };
}
