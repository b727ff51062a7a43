// SQL of the audit trail view: the audit log (written by record.ts in each change's transaction),
// newest first, filtered by entity.
import type { Kysely } from 'kysely';
import { countRows } from '../../db/queries.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

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
