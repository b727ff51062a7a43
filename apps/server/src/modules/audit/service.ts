// The audit trail as an admin reads it: a page of entries, each change's before and after as they
// were recorded (JSON, or the text itself when it is not JSON).
import type { AuditPage } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

function parse(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

export function listAudit(db: Db, f: PageQuery & q.AuditFilter): Promise<AuditPage> {
  return paginate(
    f,
    () => q.countAudit(db, f),
    (limit, offset) => q.auditPage(db, f, limit, offset),
    (rows) =>
      rows.map((r) => ({
        id: r.id,
        actor_user_id: r.actor_user_id,
        actor: r.actor ?? null,
        entity: r.entity,
        entity_id: r.entity_id,
        action: r.action,
        before: parse(r.before_json),
        after: parse(r.after_json),
        created_at: r.created_at,
      })),
  );
}
