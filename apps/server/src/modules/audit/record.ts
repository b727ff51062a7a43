// The audit trail: who changed what, when, from which state to which. Written inside the same
// transaction as the change itself, so a change and its record are committed (or lost) together.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  /** null when the system itself acted */
  actorUserId: number | null;
  /** what kind of thing changed, e.g. 'appointment', 'bill', 'test' */
  entity: string;
  entityId: string | number;
  /** e.g. 'cancel', 'reschedule', 'update' */
  action: string;
  /** any JSON-serialisable state; null for a creation or a deletion */
  before: unknown;
  after: unknown;
}

export async function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      action: entry.action,
      before_json: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: nowIso(),
    })
    .execute();
}

/** what an edit changed, for the audit trail: only the fields whose values differ, before and after */
export interface Change {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** null when nothing changed */
export function diff<T extends Record<string, unknown>>(before: T, after: T): Change | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a };
}

/** who acts on which row; `missing` is the 404's message when there is no such row */
export interface AuditTarget {
  actorUserId: number;
  entity: string;
  entityId: number;
  missing: string;
}

export interface AuditedUpdate<Row, Values> {
  load(trx: Db): Promise<Row | undefined>;
  /** the values after the edit, from the current row; may refuse with field errors */
  next(current: Row, trx: Db): Values | Promise<Values>;
  save(trx: Db, values: Values): Promise<unknown>;
  /** the fields the audit trail shows, as they were and as they will be */
  audited(current: Row, values: Values): { before: Record<string, unknown>; after: Record<string, unknown> };
  /** the action recorded; 'update' when not given */
  action?(change: Change, values: Values): string;
}

/**
 * An edit as every staff editor makes it, in one transaction: read the row (404 when it is gone),
 * work out the new values, and when anything the trail shows has changed, save them and record the
 * fields that changed. An edit that changes nothing writes nothing.
 */
export async function auditedUpdate<Row, Values>(db: Kysely<Database>, target: AuditTarget, u: AuditedUpdate<Row, Values>): Promise<void> {
  const { actorUserId, entity, entityId } = target;
  await db.transaction().execute(async (trx) => {
    const current = await u.load(trx);
    if (current === undefined) throw notFound(target.missing);
    const values = await u.next(current, trx);
    const shown = u.audited(current, values);
    const change = diff(shown.before, shown.after);
    if (!change) return;
    await u.save(trx, values);
    const action = u.action?.(change, values) ?? 'update';
    await recordAudit(trx, { actorUserId, entity, entityId, action, before: change.before, after: change.after });
  });
}

/** a creation and its record in the trail, in one transaction; answers the new row's id */
export async function auditedCreate(
  db: Kysely<Database>,
  actorUserId: number,
  entity: string,
  create: (trx: Db) => Promise<{ id: number; after: Record<string, unknown> }>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id, after } = await create(trx);
    await recordAudit(trx, { actorUserId, entity, entityId: id, action: 'create', before: null, after });
    return id;
  });
}
