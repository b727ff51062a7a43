// What the providers' webhooks tell us, applied (the routes verify and parse: webhook-routes.ts). A
// delivery receipt updates its job (sent, delivered, read, failed with the provider's reason), so staff
// see it in the appointment's delivery log; a reply STOP / रुकें (or the provider's opt-out event) stops
// that channel for that number. Each event is applied once: its id is kept (channel_events), so a
// provider's replay changes nothing twice, and a receipt that overtakes its job's outcome waits for it.
// Each in its own transaction with its audit entry, which names the job or the opt-out by id, never the
// number (decision 039: the audit log holds no personal values).
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { recordAudit } from '../../audit/record.ts';
import type { ChannelName, DeliveryReceipt, InboundMessage } from './channel.ts';
import { mobileOf } from './phone.ts';

type Db = Kysely<Database>;
type Trx = Kysely<Database>;

/** what a provider sent, without NUL bytes, which PostgreSQL refuses in text (a 500 for the provider's input otherwise) */
const noNul = (v: string): string => v.replaceAll('\u0000', '');

/** receipts move a message forward only: a late 'sent' after 'delivered' changes nothing */
const RANK = { sent: 1, delivered: 2, read: 3, failed: 4 } as const;

/** true when the event was not seen before (and is now kept) */
async function firstTime(trx: Trx, channel: ChannelName, eventId: string, now: Date): Promise<boolean> {
  const result = await trx
    .insertInto('channel_events')
    .values({ channel, event_id: eventId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['channel', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** an early receipt waits this long for its job; older ones are of messages we never sent, and go */
const EARLY_RECEIPT_KEPT_MS = 24 * 60 * 60_000;

/**
 * a provider's delivery receipt: 'unknown' when no job has that provider message id (the webhook answers
 * 200 and logs it), 'replayed' when the event was applied before. A receipt can overtake its job's
 * outcome (the runner writes outcomes together, every 100 ms: decision 036): an unknown receipt is kept
 * a day and applied when the runner marks its job sent (applyEarlyReceipts).
 */
export async function applyReceipt(db: Db, given: DeliveryReceipt, now: Date): Promise<'applied' | 'replayed' | 'unknown'> {
  const receipt = { ...given, eventId: noNul(given.eventId), providerMessageId: noNul(given.providerMessageId), ...(given.reason === undefined ? {} : { reason: noNul(given.reason) }) };
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('mail_jobs')
      .select(['id', 'state', 'delivery', 'delivered_at', 'read_at'])
      .where('channel', '=', receipt.channel)
      .where('provider_message_id', '=', receipt.providerMessageId)
      .executeTakeFirst();
    if (!job) {
      await trx.deleteFrom('channel_early_receipts').where('created_at', '<', new Date(now.getTime() - EARLY_RECEIPT_KEPT_MS).toISOString()).execute();
      await trx
        .insertInto('channel_early_receipts')
        .values({ channel: receipt.channel, event_id: receipt.eventId, provider_message_id: receipt.providerMessageId, status: receipt.status, reason: receipt.reason?.slice(0, 500) ?? null, at: receipt.at.toISOString(), created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['channel', 'event_id']).doNothing())
        .execute();
      return 'unknown';
    }
    return (await applyToJob(trx, job, receipt, now)) ? 'applied' : 'replayed';
  });
}

type ReceiptJob = { id: number; delivery: 'sent' | 'delivered' | 'read' | 'failed' | null; delivered_at: string | null; read_at: string | null };

/** applies a receipt to its job, once per event (false: seen before), with its audit entry */
async function applyToJob(trx: Trx, job: ReceiptJob, receipt: DeliveryReceipt, now: Date): Promise<boolean> {
  if (!(await firstTime(trx, receipt.channel, receipt.eventId, now))) return false;
  const at = receipt.at.toISOString();
  const before = job.delivery;
  const current = before ? RANK[before] : 0;
  // 'read' implies delivered; a receipt behind the one applied (they can arrive out of order) only fills its time.
  const advances = RANK[receipt.status] > current;
  const change = {
    ...(advances ? { delivery: receipt.status } : {}),
    ...((receipt.status === 'delivered' || receipt.status === 'read') && !job.delivered_at ? { delivered_at: at } : {}),
    ...(receipt.status === 'read' && !job.read_at ? { read_at: at } : {}),
    ...(receipt.status === 'failed' ? { state: 'failed' as const, last_error: (receipt.reason ?? 'The provider reported the message as failed.').slice(0, 500) } : {}),
  };
  if (Object.keys(change).length > 0) {
    await trx.updateTable('mail_jobs').set({ ...change, updated_at: now.toISOString() }).where('id', '=', job.id).execute();
    Object.assign(job, change);
  }
  await recordAudit(trx, {
    actorUserId: null,
    entity: 'mail_job',
    entityId: job.id,
    action: 'delivery_receipt',
    before: { delivery: before },
    after: { delivery: job.delivery, channel: receipt.channel, ...(receipt.status === 'failed' ? { failed: true } : {}) },
  });
  return true;
}

/**
 * the receipts that came before their jobs were marked sent, applied now that they are (the runner calls
 * it in the transaction that writes the jobs' outcomes), in the order they happened
 */
export async function applyEarlyReceipts(trx: Trx, sent: ReadonlyArray<{ id: number; channel: ChannelName; providerMessageId: string }>, now: Date): Promise<void> {
  for (const channel of ['whatsapp', 'sms'] as const) {
    const ofChannel = new Map(sent.filter((j) => j.channel === channel).map((j) => [j.providerMessageId, j.id]));
    if (ofChannel.size === 0) continue;
    const early = await trx.selectFrom('channel_early_receipts').selectAll().where('channel', '=', channel).where('provider_message_id', 'in', [...ofChannel.keys()]).orderBy('at').orderBy('id').execute();
    if (early.length === 0) continue;
    const jobs = new Map<number, ReceiptJob>();
    for (const r of early) {
      const id = ofChannel.get(r.provider_message_id)!;
      const job = jobs.get(id) ?? (await trx.selectFrom('mail_jobs').select(['id', 'delivery', 'delivered_at', 'read_at']).where('id', '=', id).executeTakeFirstOrThrow());
      jobs.set(id, job);
      await applyToJob(trx, job, { channel, eventId: r.event_id, providerMessageId: r.provider_message_id, status: r.status, reason: r.reason ?? undefined, at: new Date(r.at) }, now);
    }
    await trx.deleteFrom('channel_early_receipts').where('id', 'in', early.map((r) => r.id)).execute();
  }
}

/** how people say "stop": trimmed, any case, without trailing punctuation (English and Hindi, the common variants) */
const STOP_WORDS = new Set(['stop', 'stop all', 'stopall', 'unsubscribe', 'opt out', 'optout', 'opt-out', 'end', 'quit', 'रुकें', 'रुको', 'रुके', 'रोकें', 'रोको', 'बंद', 'बंद करें', 'बंद करो']);

/** whether a reply asks to stop the channel */
export function isStopWord(text: string): boolean {
  const said = text
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[\s.!।]+$/u, '')
    .replace(/\s+/g, ' ');
  return STOP_WORDS.has(said);
}

/**
 * a patient's reply or the provider's opt-out event: STOP and its variants stop that channel for that
 * number ('opted-out'); anything else is 'ignored'; an event seen before, 'replayed'
 */
export async function applyInbound(db: Db, given: InboundMessage, now: Date): Promise<'opted-out' | 'replayed' | 'ignored'> {
  const message = { ...given, eventId: noNul(given.eventId), from: noNul(given.from), text: noNul(given.text) };
  return db.transaction().execute(async (trx) => {
    if (!(await firstTime(trx, message.channel, message.eventId, now))) return 'replayed';
    if (!message.optOut && !isStopWord(message.text)) return 'ignored';
    const phone = mobileOf(message.from) ?? message.from.trim();
    const source = message.optOut ? ('provider' as const) : ('reply' as const);
    await trx
      .insertInto('channel_opt_outs')
      .values({ channel: message.channel, phone, source, text: message.optOut ? null : message.text.trim().slice(0, 40), created_at: message.at.toISOString() })
      .onConflict((oc) => oc.columns(['channel', 'phone']).doNothing())
      .execute();
    const row = await trx.selectFrom('channel_opt_outs').select('id').where('channel', '=', message.channel).where('phone', '=', phone).executeTakeFirstOrThrow();
    await recordAudit(trx, { actorUserId: null, entity: 'channel_opt_out', entityId: row.id, action: 'opt_out', before: null, after: { channel: message.channel, source } });
    return 'opted-out';
  });
}

/** the numbers of `phones` that opted out of `channel` (the runner skips their messages) */
export async function optedOut(db: Kysely<Database>, channel: ChannelName, phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db.selectFrom('channel_opt_outs').select('phone').where('channel', '=', channel).where('phone', 'in', [...new Set(phones)]).execute();
  return new Set(rows.map((r) => r.phone));
}
