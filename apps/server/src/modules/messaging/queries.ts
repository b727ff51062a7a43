// SQL of the e-mail jobs: enqueue, claim with a lease, settle, and the delivery log of an appointment.
import type { MessageChannel } from '@lab/contract';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/index.ts';
import { insertMany } from '../../db/insert-many.ts';
import type { Database, MailJobsTable, MailJobState } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type MailJob = Selectable<MailJobsTable>;

/** states a runner picks up once `run_at` has passed (for 'sending', once its lease has run out) */
const CLAIMABLE: MailJobState[] = ['queued', 'retrying', 'sending'];

export interface NewMailJob {
  kind: string;
  appointmentId: string | null;
  uniqueKey: string | null;
  recipient: string;
  subject: string;
  messageJson: string | null;
  runAt: string;
  at: string;
  /** 'email' when left out; a phone message's channel (docs/messaging.md) */
  channel?: MessageChannel;
}

/** a new job as its row: queued, never tried */
const queuedRow = (job: NewMailJob) => ({
  kind: job.kind,
  appointment_id: job.appointmentId,
  unique_key: job.uniqueKey,
  recipient: job.recipient,
  subject: job.subject,
  message_json: job.messageJson,
  state: 'queued' as const,
  run_at: job.runAt,
  attempts: 0,
  created_at: job.at,
  updated_at: job.at,
  channel: job.channel ?? 'email',
});

export async function insertJob(db: Db, job: NewMailJob): Promise<void> {
  await db.insertInto('mail_jobs').values(queuedRow(job)).execute();
}

/** a job of a channel another module delivers (runner.ts, handle()): an analyser's order (analysers/orders.ts) */
export async function insertHandledJob(db: Db, job: Omit<NewMailJob, 'channel'> & { channel: 'analyser' }): Promise<void> {
  const { channel, ...rest } = job;
  await db
    .insertInto('mail_jobs')
    .values({ ...queuedRow(rest), channel })
    .execute();
}

/** several new jobs in one statement (a batch of bookings' confirmations and reminders: booking/writer.ts) */
export async function insertJobs(db: Db, dialect: Dialect, jobs: readonly NewMailJob[]): Promise<void> {
  await insertMany(db, dialect, 'mail_jobs', jobs.map(queuedRow));
}

/** the job of a unique key (a booking's reminder) is due again at `runAt`, queued afresh, whatever it did before */
export async function upsertJob(db: Db, job: NewMailJob & { uniqueKey: string }): Promise<void> {
  await db
    .insertInto('mail_jobs')
    .values(queuedRow(job))
    .onConflict((oc) =>
      oc.column('unique_key').doUpdateSet({
        state: 'queued',
        run_at: job.runAt,
        attempts: 0,
        last_error: null,
        lock_token: null,
        sent_at: null,
        provider_message_id: null,
        delivery: null,
        delivered_at: null,
        read_at: null,
        recipient: job.recipient,
        subject: job.subject,
        updated_at: job.at,
      }),
    )
    .execute();
}

/**
 * Takes up to `limit` due jobs for this runner: each is marked 'sending' with `run_at` moved to the
 * end of its lease and the runner's token, so no other process takes it while the lease holds, and
 * any process takes it again once the lease has run out (its runner was killed). On PostgreSQL
 * `FOR UPDATE SKIP LOCKED` lets several processes claim side by side without waiting on each other;
 * SQLite has one writer, so the statement is atomic by itself.
 */
export async function claimDue(db: Kysely<Database>, dialect: Dialect, opts: { now: string; leaseUntil: string; token: string; limit: number }): Promise<MailJob[]> {
  const due = db
    .selectFrom('mail_jobs')
    .select('id')
    .where('state', 'in', CLAIMABLE)
    .where('run_at', '<=', opts.now)
    .orderBy('run_at')
    .limit(opts.limit)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
  return db
    .updateTable('mail_jobs')
    .set({ state: 'sending', run_at: opts.leaseUntil, lock_token: opts.token, attempts: sql<number>`attempts + 1`, updated_at: opts.now })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** settles a job this runner still holds; false when its lease ran out and another runner took it */
export async function settle(
  db: Db,
  job: Pick<MailJob, 'id' | 'lock_token'>,
  change: { state: MailJobState; runAt?: string; attempts?: number; lastError?: string | null; sentAt?: string; clearMessage?: boolean; messageJson?: string; providerMessageId?: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('mail_jobs')
    .set({
      state: change.state,
      lock_token: null,
      updated_at: change.at,
      ...(change.runAt !== undefined ? { run_at: change.runAt } : {}),
      ...(change.attempts !== undefined ? { attempts: change.attempts } : {}),
      ...(change.lastError !== undefined ? { last_error: change.lastError } : {}),
      ...(change.sentAt !== undefined ? { sent_at: change.sentAt } : {}),
      ...(change.clearMessage ? { message_json: null } : {}),
      ...(change.messageJson !== undefined ? { message_json: change.messageJson } : {}),
      ...(change.providerMessageId !== undefined ? { provider_message_id: change.providerMessageId } : {}),
    })
    .where('id', '=', job.id)
    .where('lock_token', '=', job.lock_token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface Settlement {
  job: Pick<MailJob, 'id' | 'lock_token' | 'channel'>;
  change: Parameters<typeof settle>[2];
}

/**
 * settles the outcomes of a runner's pass together (call it in a transaction: one commit for them all):
 * the jobs sent, the common case, in one statement per claim token (their `sent_at` the moment the
 * last of them went, at most the runner's settling interval after the first), a phone message's
 * provider id written by the same statement (a `case` on the job's id, decision 062), any other outcome
 * on its own
 */
export async function settleAll(db: Db, settlements: readonly Settlement[]): Promise<void> {
  // per claim token: the jobs sent, and the provider's message id of those that have one
  const sent = new Map<string, { ids: number[]; providerIds: Array<[number, string]>; at: string; sentAt: string }>();
  for (const { job, change } of settlements) {
    const plain = change.state === 'sent' && change.clearMessage && change.lastError === null && change.sentAt !== undefined && change.runAt === undefined;
    if (!plain || job.lock_token === null || change.attempts !== undefined || change.messageJson !== undefined) {
      await settle(db, job, change);
      continue;
    }
    const group = sent.get(job.lock_token) ?? { ids: [], providerIds: [], at: change.at, sentAt: change.sentAt! };
    group.ids.push(job.id);
    if (change.providerMessageId !== undefined) group.providerIds.push([job.id, change.providerMessageId]);
    group.at = change.at;
    group.sentAt = change.sentAt!;
    sent.set(job.lock_token, group);
  }
  for (const [token, { ids, providerIds, at, sentAt }] of sent) {
    const providerId =
      providerIds.length === 0
        ? {}
        : { provider_message_id: sql<string | null>`case id ${sql.join(providerIds.map(([id, pid]) => sql`when ${id} then ${pid}`), sql` `)} else provider_message_id end` };
    await db
      .updateTable('mail_jobs')
      .set({ state: 'sent', lock_token: null, updated_at: at, last_error: null, sent_at: sentAt, message_json: null, ...providerId })
      .where('id', 'in', ids)
      .where('lock_token', '=', token)
      .execute();
  }
}

/** an appointment's e-mails and phone messages, oldest first (a handful per appointment; the index on appointment_id serves it); an analyser's orders have no appointment */
export function jobsOfAppointment(db: Db, appointmentId: string) {
  return db
    .selectFrom('mail_jobs')
    .selectAll()
    .where('appointment_id', '=', appointmentId)
    .where('channel', '<>', 'analyser')
    .orderBy('id')
    .$narrowType<{ channel: 'email' | 'whatsapp' | 'sms' }>()
    .execute();
}

/** jobs due or scheduled and not yet done (the jobs_waiting metric); counted on the state index */
export async function waitingCount(db: Db): Promise<number> {
  const row = await db.selectFrom('mail_jobs').select((eb) => eb.fn.countAll<string | number>().as('n')).where('state', 'in', CLAIMABLE).executeTakeFirstOrThrow();
  return Number(row.n);
}
