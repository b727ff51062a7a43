// The retention job (DPDP Act: erase personal data once its purpose and any legal period end): a
// registry of tasks run once a day (India date) across every process. Each task's run of a day is a
// row of retention_runs, claimed with a lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL; SQLite has one
// writer) exactly as e-mail jobs are (decision 022): one process runs it, and a process killed
// mid-run leaves it to another once the lease runs out. Tasks are idempotent and work in batches, so a
// rerun only finishes what was left. Time is deps.now(), so tests move the clock instead of waiting.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Dialect } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/context.ts';
import { addDays, todayIst } from '../../lib/time.ts';
import { inBatches } from '../../lib/batches.ts';
import { forgetMessagesOf, purgeOldMessages } from '../analysers/queries.ts';
import { purgeOldReads } from './access-log.ts';
import { purgeOldConsents } from './consents.ts';
import { scrubWal } from '../../db/index.ts';
import { addYears, eraseAuditValues, eraseExpiredKeptRecords } from './erasure.ts';
import { forgetReportPdfs } from '../../documents/report-pdf.ts';
import { eraseGuestContact, eraseGuestNames } from '../appointments/lifecycle.ts';

type Db = Kysely<Database>;

export interface RetentionContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  now: Date;
}

export interface RetentionTask {
  /** the row key in retention_runs; never renamed once shipped */
  name: string;
  /** erases what is due as of `now`; answers how many records it changed */
  run(ctx: RetentionContext): Promise<number>;
}

/**
 * Rows a batch changes, each batch one transaction. On SQLite the statements and the commit run on the
 * main thread, and each booking costs some 0.2 ms there (its search-index entry is rewritten with it,
 * decision 024): 25 a batch keep a batch's stall near 6 ms (p99 about 30 ms on a busy machine), where
 * 100 took 20 ms and at worst 150-300 ms (`npm run bench -- retention`). PostgreSQL does the work in
 * its own processes: larger batches, fewer round trips.
 */
export const batchSize = (dialect: Dialect): number => (dialect === 'sqlite' ? 25 : 100);

/**
 * Up to `limit` guest bookings before `before` whose `mark` column is still unset, oldest first,
 * read from the partial index of exactly those rows (migration 021), so the years of rows already
 * erased are never read again. SQLite's planner, without statistics, would rather take the index on
 * user_id (every guest booking ever): it is told which index to use.
 */
async function dueGuestBookings(db: Db, dialect: Dialect, mark: 'contact_erased_at' | 'name_erased_at', before: string, limit: number): Promise<string[]> {
  if (dialect === 'sqlite') {
    const index = mark === 'contact_erased_at' ? 'appointments_guest_contact_due' : 'appointments_guest_name_due';
    const rows = await sql<{ id: string }>`SELECT id FROM appointments INDEXED BY ${sql.raw(index)}
      WHERE user_id IS NULL AND ${sql.ref(mark)} IS NULL AND date < ${before} ORDER BY date LIMIT ${limit}`.execute(db);
    return rows.rows.map((r) => r.id);
  }
  const rows = await db.selectFrom('appointments').select('id').where('user_id', 'is', null).where(mark, 'is', null).where('date', '<', before).orderBy('date').limit(limit).execute();
  return rows.map((r) => r.id);
}

/**
 * A guest booking's e-mail, phone and address are needed to reach the person about the visit and its
 * report; RETENTION_GUEST_CONTACT_DAYS (default 365) after the visit they are erased, with the e-mail
 * log's copies. The name, age and sex stay on the bill and the report for their legal periods (below).
 */
async function guestContactDetails({ db, dialect, config, now }: RetentionContext): Promise<number> {
  const before = addDays(todayIst(0, now), -config.privacy.guestContactDays);
  const at = now.toISOString();
  const size = batchSize(dialect);
  return inBatches(
    size,
    () => dueGuestBookings(db, dialect, 'contact_erased_at', before, size),
    (ids) =>
      db.transaction().execute(async (trx) => {
        await eraseGuestContact(trx, ids, at);
        await trx.updateTable('mail_jobs').set({ recipient: '', message_json: null }).where('appointment_id', 'in', ids).execute();
      }),
  );
}

/**
 * Once both the bill's and the report's legal periods have ended (the longer of RETENTION_BILLS_YEARS
 * and RETENTION_REPORTS_YEARS after the visit), a guest booking loses its name, age and sex, and its
 * results and reports are deleted, with any value the audit log still held of them; the bill's
 * amounts stay, nameless, for the lab's accounts.
 */
async function guestNames({ db, dialect, config, now }: RetentionContext): Promise<number> {
  const before = addYears(todayIst(0, now), -Math.max(config.privacy.billsYears, config.privacy.reportsYears));
  const at = now.toISOString();
  const size = batchSize(dialect);
  return inBatches(
    size,
    () => dueGuestBookings(db, dialect, 'name_erased_at', before, size),
    (ids) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('results').where('appointment_id', 'in', ids).execute();
        await forgetMessagesOf(trx, ids);
        await forgetReportPdfs(trx, ids);
        await trx.deleteFrom('reports').where('appointment_id', 'in', ids).execute();
        // the audit trail of these results keeps references only, from now on (closing an account does the same)
        await eraseAuditValues(trx, ids);
        await eraseGuestNames(trx, ids, at);
      }),
  );
}

/**
 * The delivery log of an e-mail about no booking (a password reset, a grievance's answer, the
 * account-closed e-mail, a breach notice) names its recipient; RETENTION_GUEST_CONTACT_DAYS after it
 * was queued, once it is finished (sent, failed or skipped), the address and any unsent message go.
 * A booking's e-mails go with the booking's contact details (above, and when an account closes).
 */
async function unlinkedMailRecipients({ db, dialect, config, now }: RetentionContext): Promise<number> {
  const before = `${addDays(todayIst(0, now), -config.privacy.guestContactDays)}T00:00:00.000Z`;
  const size = batchSize(dialect) * 4;
  const finished = ['sent', 'failed', 'skipped'] as const;
  // SQLite's planner, without statistics, would take the index by appointment (every such e-mail
  // ever) and sort: it is told to use the partial index of the rows still naming someone (migration 028).
  const pick = async (): Promise<number[]> =>
    dialect === 'sqlite'
      ? (
          await sql<{ id: number }>`SELECT id FROM mail_jobs INDEXED BY mail_jobs_unlinked_recipient
            WHERE appointment_id IS NULL AND recipient <> '' AND created_at < ${before} AND state IN (${sql.join(finished)})
            ORDER BY created_at, id LIMIT ${size}`.execute(db)
        ).rows.map((r) => r.id)
      : (
          await db
            .selectFrom('mail_jobs')
            .select('id')
            .where('appointment_id', 'is', null)
            .where('recipient', '<>', '')
            .where('created_at', '<', before)
            .where('state', 'in', finished)
            .orderBy('created_at')
            .orderBy('id')
            .limit(size)
            .execute()
        ).map((r) => r.id);
  return inBatches(
    size,
    pick,
    async (ids) => {
      await db.updateTable('mail_jobs').set({ recipient: '', message_json: null }).where('id', 'in', ids).execute();
    },
  );
}

/**
 * The e-mail telling a patient their account is closed is the last thing sent to the address: once it
 * is finished (sent, failed or skipped), the delivery log forgets the recipient, the next day at the
 * latest rather than RETENTION_GUEST_CONTACT_DAYS later. The partial index of unlinked rows still
 * naming someone (migration 028) bounds the search.
 */
async function closedAccountMail({ db, dialect }: RetentionContext): Promise<number> {
  const finished = ['sent', 'failed', 'skipped'] as const;
  const ids =
    dialect === 'sqlite'
      ? (
          await sql<{ id: number }>`SELECT id FROM mail_jobs INDEXED BY mail_jobs_unlinked_recipient
            WHERE appointment_id IS NULL AND recipient <> '' AND kind = 'account-closed' AND state IN (${sql.join(finished)})`.execute(db)
        ).rows.map((r) => r.id)
      : (await db.selectFrom('mail_jobs').select('id').where('appointment_id', 'is', null).where('recipient', '<>', '').where('kind', '=', 'account-closed').where('state', 'in', finished).execute()).map((r) => r.id);
  if (ids.length) await db.updateTable('mail_jobs').set({ recipient: '', message_json: null }).where('id', 'in', ids).execute();
  return ids.length;
}

/**
 * The tasks of the daily run, in order. The lead wires the consent part in with one line:
 * `{ name: 'old-consents', run: ({ db, now }) => purgeOldConsents(db, now) }`.
 */
export const retentionTasks: RetentionTask[] = [
  { name: 'guest-contact-details', run: guestContactDetails },
  { name: 'guest-names', run: guestNames },
  { name: 'closed-account-kept-records', run: ({ db, now }) => eraseExpiredKeptRecords(db, now) },
  { name: 'old-consents', run: ({ db, dialect, now, config }) => purgeOldConsents(db, now, config.privacy.consentYears, batchSize(dialect)) },
  { name: 'unlinked-mail-recipients', run: unlinkedMailRecipients },
  { name: 'closed-account-mail', run: closedAccountMail },
  { name: 'old-analyser-messages', run: ({ db, dialect, now }) => purgeOldMessages(db, now, batchSize(dialect) * 20) },
  { name: 'old-staff-reads', run: ({ db, dialect, now, config }) => purgeOldReads(db, now, config.readLogRetentionDays, batchSize(dialect) * 20) },
];

export interface RetentionOptions {
  /** how often a process looks whether today's run is done */
  pollMs: number;
  /** how long a claimed run is held before another process may take it over */
  leaseMs: number;
  /** the wait before a failed task is tried again */
  retryMs: number;
}

export const RETENTION_DEFAULTS: RetentionOptions = { pollMs: 10 * 60_000, leaseMs: 30 * 60_000, retryMs: 60 * 60_000 };

export type RetentionDeps = Pick<Deps, 'db' | 'dialect' | 'config' | 'now'> & { log: FastifyBaseLogger };

/** claims the day's run of a task for this process, or answers false (done, or held by another) */
async function claim(db: Db, dialect: Dialect, task: string, day: string, now: string, leaseUntil: string, token: string): Promise<boolean> {
  await db.insertInto('retention_runs').values({ task, day, lock_token: null, lease_until: null, done_at: null, affected: null, last_error: null }).onConflict((oc) => oc.columns(['task', 'day']).doNothing()).execute();
  const free = db
    .selectFrom('retention_runs')
    .select('task')
    .where('task', '=', task)
    .where('day', '=', day)
    .where('done_at', 'is', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
  const res = await db
    .updateTable('retention_runs')
    .set({ lock_token: token, lease_until: leaseUntil, attempts: sql<number>`attempts + 1` })
    .where('day', '=', day)
    .where('task', 'in', free)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export class RetentionRunner {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<string[]> | null = null;
  private readonly options: RetentionOptions;

  constructor(
    private readonly deps: RetentionDeps,
    options: Partial<RetentionOptions> = {},
    private readonly tasks: readonly RetentionTask[] = retentionTasks,
  ) {
    this.options = { ...RETENTION_DEFAULTS, ...options };
  }

  start(): void {
    const tick = () => void this.runDue().catch((err: unknown) => this.deps.log.error({ err }, 'retention: a pass failed'));
    this.timer ??= setInterval(tick, this.options.pollMs);
    this.timer.unref();
    // the first look soon after start, not a poll interval later
    setTimeout(tick, 5_000).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.pass?.catch(() => {});
  }

  /** runs today's (India) tasks this process can claim; answers the names of those it ran */
  runDue(): Promise<string[]> {
    this.pass ??= this.runTasks().finally(() => {
      this.pass = null;
    });
    return this.pass;
  }

  private async runTasks(): Promise<string[]> {
    const ran: string[] = [];
    let erased = 0;
    for (const task of this.tasks) {
      const now = this.deps.now();
      const day = todayIst(0, now);
      const token = randomUUID();
      if (!(await claim(this.deps.db, this.deps.dialect, task.name, day, now.toISOString(), new Date(now.getTime() + this.options.leaseMs).toISOString(), token))) continue;
      const held = (db: Db) => db.updateTable('retention_runs').where('task', '=', task.name).where('day', '=', day).where('lock_token', '=', token);
      try {
        const affected = await task.run({ db: this.deps.db, dialect: this.deps.dialect, config: this.deps.config, now });
        await held(this.deps.db).set({ done_at: this.deps.now().toISOString(), affected, lock_token: null, lease_until: null, last_error: null }).execute();
        if (affected > 0) this.deps.log.info({ task: task.name, affected }, 'retention: records erased');
        erased += affected;
        ran.push(task.name);
      } catch (err) {
        this.deps.log.error({ err, task: task.name }, 'retention: a task failed; will retry');
        const message = err instanceof Error ? err.message : String(err);
        await held(this.deps.db)
          .set({ lock_token: null, lease_until: new Date(this.deps.now().getTime() + this.options.retryMs).toISOString(), last_error: message.slice(0, 500) })
          .execute();
      }
    }
    // what was erased leaves the SQLite file's WAL too (decision 050)
    if (erased > 0) await scrubWal(this.deps.db);
    return ran;
  }
}
