// The staff search by a whole e-mail address (decision 040): an index on the booking's
// e-mail, lower-cased, read as a prefix range. FTS5's phrase of a whole address read the posting lists
// of trigrams nearly every booking has ("@gm", "com", ".co": 25-33 ms a search on SQLite); a range of
// this index answers in well under a millisecond on both databases. PostgreSQL compares it in the "C"
// collation, byte by byte, so that a range `>= prefix and < prefix || U+10FFFF` is exactly a prefix
// whatever the database's own collation.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function appointmentEmailPrefix(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const key = dialect === 'postgres' ? sql`(lower(user_email) collate "C")` : sql`lower(user_email)`;
      await db.schema.createIndex('appointments_email_key').on('appointments').expression(key).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('appointments_email_key').execute();
    },
  };
}
