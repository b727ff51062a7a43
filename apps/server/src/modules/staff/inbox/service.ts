// Rules of the contact inbox (newest first, handled once, by whom) and of the audit trail view.
import type { AuditPage, StaffContactMessage, StaffContactPage } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { notFound } from '../../../lib/errors.ts';
import { type PageQuery, paginate } from '../../../lib/paginate.ts';
import { nowIso } from '../../../lib/time.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

const messageOut = (r: q.MessageRow): StaffContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  message: r.message,
  created_at: r.created_at,
  handled_at: r.handled_at,
  handled_by: r.handled_by ?? null,
});

export function listMessages(db: Db, f: PageQuery & { unhandled?: boolean | undefined }): Promise<StaffContactPage> {
  const unhandled = f.unhandled ?? false;
  return paginate(
    f,
    () => q.countMessages(db, unhandled),
    (limit, offset) => q.messagesPage(db, unhandled, limit, offset),
    (rows) => rows.map(messageOut),
  );
}

/** idempotent: a message handled already keeps who handled it first */
export async function markHandled(db: Db, actor: number, id: number): Promise<StaffContactMessage> {
  return db.transaction().execute(async (trx) => {
    if (!(await q.messageById(trx, id))) throw notFound('Message not found.');
    const at = nowIso();
    const res = await q.markHandled(trx, id, actor, at);
    if (Number(res.numUpdatedRows) === 1) {
      await recordAudit(trx, { actorUserId: actor, entity: 'contact_message', entityId: String(id), action: 'handled', before: { handled_at: null }, after: { handled_at: at } });
    }
    return messageOut((await q.messageById(trx, id))!);
  });
}

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
