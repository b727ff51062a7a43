// Offers that name the tests they apply to: a link table from offers to tests. An offer
// that names tests applies to those tests only; one that names none keeps applying to its category
// (or to every test). The catalogue version triggers of migration 002 fire on it too, so the priced
// test list each process caches is renewed when an offer's tests change.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function offerTests(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('offer_tests')
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id'))
        .addPrimaryKeyConstraint('offer_tests_pk', ['offer_id', 'test_id'])
        .execute();
      // The foreign key to tests is checked on every change of a test's row in PostgreSQL only
      // through this index; it also finds the offers of a test.
      await db.schema.createIndex('offer_tests_test').on('offer_tests').column('test_id').execute();

      if (dialect === 'postgres') {
        await sql`CREATE TRIGGER offer_tests_catalog_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offer_tests
          FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()`.execute(db);
        return;
      }
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        await sql`CREATE TRIGGER ${sql.raw(`offer_tests_${event.toLowerCase()}_catalog_version`)} AFTER ${sql.raw(event)} ON offer_tests
          BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END`.execute(db);
      }
    },
    async down() {
      throw new Error('the offer tests migration is not reversible');
    },
  };
}
