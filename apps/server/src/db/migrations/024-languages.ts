// The language of each person and of what the lab writes. The account's chosen language
// (null until chosen), the language each appointment's e-mails and report are in (fixed at booking, so
// the reminder and the report follow it), and the Hindi text of the content patients read, beside the
// English (null where nobody wrote one: the English stands in). Decision record 035.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

/** the Hindi columns of the bilingual content, by table */
export const HINDI_COLUMNS = {
  categories: ['name_hi'],
  tests: ['name_hi'],
  packages: ['name_hi', 'description_hi'],
  offers: ['description_hi'],
  blogs: ['title_hi', 'content_hi'],
  careers: ['job_title_hi', 'description_hi'],
} as const;

export function languages(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('language', 'text').execute();
      // A constant default: PostgreSQL and SQLite both add it without rewriting the table's rows.
      await db.schema.alterTable('appointments').addColumn('language', 'text', (c) => c.notNull().defaultTo('en')).execute();
      for (const [table, columns] of Object.entries(HINDI_COLUMNS)) {
        for (const column of columns) await db.schema.alterTable(table).addColumn(column, 'text').execute();
      }
    },
    async down() {
      throw new Error('the languages migration is not reversible');
    },
  };
}
