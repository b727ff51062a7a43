// The audit trail: who changed what, when, from which state to which. Written inside the same
// transaction as the change itself, so a change and its record are committed (or lost) together.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from './time.ts';

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

export async function recordAudit(trx: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
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
