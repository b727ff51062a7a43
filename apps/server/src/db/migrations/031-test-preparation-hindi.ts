// A test's own preparation instructions in Hindi, beside the English `preparation` staff
// write (migration 009), as migration 024 added the Hindi names: null where nobody wrote one, and the
// English stands in. The fasting and "come before" sentences are the app's own words, already in Hindi.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function testPreparationHindi(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      // A nullable column without a default: added in place on both databases, no row rewritten.
      await db.schema.alterTable('tests').addColumn('preparation_hi', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('tests').dropColumn('preparation_hi').execute();
    },
  };
}
