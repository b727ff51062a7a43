// The language of each breach notice's reader, kept when the breach is recorded. A guest has
// no account to choose a language in, but booked in one: the notice to a guest who booked in Hindi is in
// Hindi. (A person with an account still gets the language the account holds when the notice goes.)
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function breachNoticeLanguage(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      // A constant default: both databases add it without rewriting the rows.
      await db.schema.alterTable('breach_notices').addColumn('language', 'text', (c) => c.notNull().defaultTo('en')).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('breach_notices').dropColumn('language').execute();
    },
  };
}
