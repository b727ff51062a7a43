// Packages and their tests join the catalogue version (migration 002): the home page lists popular
// packages and is cached under that version, so a staff edit of a package shows on the next request,
// in every process (decision 027). Same trigger shape as 002, which is never edited once shipped.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../index.ts';

const TABLES = ['packages', 'package_tests'] as const;

export function packageCatalogVersion(dialect: Dialect): Migration {
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
      throw new Error('the package catalogue version migration is not reversible');
    },
  };
}
