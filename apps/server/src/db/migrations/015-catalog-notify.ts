// PostgreSQL: every bump of the catalogue version (migration 002's triggers) also sends a notification,
// so each server process learns of a catalogue change without reading the version row on every request
// (modules/catalog/catalog-version.ts). SQLite needs nothing: a connection sees other connections'
// commits in its data_version.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function catalogNotify(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE FUNCTION notify_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_notify('lab_catalog_version', NEW.version::text); RETURN NULL; END $$`.execute(db);
      await sql`CREATE TRIGGER catalog_version_notify AFTER UPDATE ON catalog_version FOR EACH ROW EXECUTE FUNCTION notify_catalog_version()`.execute(db);
    },
    async down() {
      throw new Error('the catalogue notification migration is not reversible');
    },
  };
}
