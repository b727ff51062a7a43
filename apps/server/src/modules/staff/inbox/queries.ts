// SQL of the contact inbox and of the audit trail view.
import type { Kysely } from 'kysely';
import { countRows } from '../../../db/queries.ts';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

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

export interface AuditFilter {
  entity?: string | undefined;
  entity_id?: string | undefined;
}

function auditRows(db: Db, f: AuditFilter) {
  let query = db.selectFrom('audit_log as l');
  if (f.entity) query = query.where('l.entity', '=', f.entity);
  if (f.entity_id) query = query.where('l.entity_id', '=', f.entity_id);
  return query;
}

export const countAudit = (db: Db, f: AuditFilter) => countRows(auditRows(db, f));

export function auditPage(db: Db, f: AuditFilter, limit: number, offset: number) {
  return auditRows(db, f)
    .leftJoin('users as u', 'u.id', 'l.actor_user_id')
    .select(['l.id', 'l.actor_user_id', 'u.username as actor', 'l.entity', 'l.entity_id', 'l.action', 'l.before_json', 'l.after_json', 'l.created_at'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
