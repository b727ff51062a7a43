// SQL of contact messages.
import type { Insertable, Kysely } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema.ts';

export function insertMessage(db: Kysely<Database>, row: Insertable<ContactMessagesTable>) {
  return db
    .insertInto('contact_messages')
    .values(row)
    .returning(['id', 'name', 'email', 'phone', 'message', 'created_at'])
    .executeTakeFirstOrThrow();
}
