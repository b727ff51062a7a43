// Contact messages from the public form: kept in the database for the staff to answer. The staff's
// inbox lists them newest first; a message is marked handled once, by whom (audited).
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { contactRequestSchema, contactResponseSchema, StaffContactMessage, StaffContactPage } from '@lab/contract';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { notFound } from '../../lib/errors.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import { nowIso } from '../../lib/time.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export function saveMessage(
  db: Db,
  m: z.output<typeof contactRequestSchema>,
): Promise<z.output<typeof contactResponseSchema>> {
  return q.insertMessage(db, { name: m.name, email: m.email, phone: m.phone, message: m.message, created_at: nowIso() });
}

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
