// SQL of contact messages: kept from the public form; listed, newest first, and marked handled by staff.
import type { Insertable, Kysely } from 'kysely';
import { countRows } from '../../db/queries.ts';
import type { ContactMessagesTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export function insertMessage(db: Db, row: Insertable<ContactMessagesTable>) {
  return db
    .insertInto('contact_messages')
    .values(row)
    .returning(['id', 'name', 'email', 'phone', 'message', 'created_at'])
    .executeTakeFirstOrThrow();
}

function messages(db: Db, unhandled: boolean) {
  let query = db.selectFrom('contact_messages as m');
  if (unhandled) query = query.where('m.handled_at', 'is', null);
  return query;
}

export const countMessages = (db: Db, unhandled: boolean) => countRows(messages(db, unhandled));

const messageColumns = ['m.id', 'm.name', 'm.email', 'm.phone', 'm.message', 'm.created_at', 'm.handled_at', 'u.username as handled_by'] as const;

export function messagesPage(db: Db, unhandled: boolean, limit: number, offset: number) {
  return messages(db, unhandled)
    .leftJoin('users as u', 'u.id', 'm.handled_by')
    .select(messageColumns)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type MessageRow = Awaited<ReturnType<typeof messagesPage>>[number];

export function messageById(db: Db, id: number) {
  return db.selectFrom('contact_messages as m').leftJoin('users as u', 'u.id', 'm.handled_by').select(messageColumns).where('m.id', '=', id).executeTakeFirst();
}

/** marks it handled unless someone already did */
export function markHandled(db: Db, id: number, by: number, at: string) {
  return db.updateTable('contact_messages').set({ handled_at: at, handled_by: by }).where('id', '=', id).where('handled_at', 'is', null).executeTakeFirst();
}
