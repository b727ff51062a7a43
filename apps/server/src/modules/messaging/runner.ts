// Delivers the e-mail jobs: each pass claims the due jobs (queries.ts: a lease per job, so exactly one
// process holds a job at a time and a killed process's jobs run again once the lease runs out), sends
// each through the mailer, and settles it: sent, retrying later with exponential backoff, failed after
// the last attempt, or skipped (a reminder whose appointment was cancelled). The outcomes of a pass are
// written together, with the next claim, in one transaction (decision 036: one commit per e-mail was the
// largest cost of a booking). Time is the app's clock (deps.now), so tests move it on instead of waiting.
// Decision 022.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/context.ts';
import type { MailMessage, MailSender } from './message.ts';
import { labDetails } from '../lab/service.ts';
import { composeReminder } from './reminder-job.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { claimDue, type MailJob, type Settlement, settleAll } from './queries.ts';
import { unprovenJobs } from '../auth/proven.ts';
import { type ChannelAdapter, ChannelError, type ChannelMessage, type ChannelName } from './channels/channel.ts';
import { outboxAdapter } from './channels/outbox.ts';
import { composePhoneReminder } from './channels/phone-queue.ts';
import { applyEarlyReceipts, optedOut } from './channels/receipts.ts';

export interface RunnerOptions {
  /** how often the background loop looks for due jobs */
  pollMs: number;
  /** how long a claimed job is held before another process may take it (longer than any SMTP exchange) */
  leaseMs: number;
  /** the wait before the first retry; each later retry waits twice as long */
  backoffMs: number;
  /** attempts before a job is marked failed */
  maxAttempts: number;
  /** jobs claimed at once */
  batch: number;
  /** the longest a sent job's outcome waits to be written with others (a killed process sends it again) */
  settleWithinMs: number;
  /** e-mails of a pass in flight at once */
  concurrency: number;
}

const OPTED_OUT = 'Not sent: the number opted out of this channel.';

/**
 * Delivers a job of another module's channel (an analyser's order: analysers/orders.ts), told which attempt
 * this is and whether it is the last. It answers how it went; the runner settles the job: sent, retried
 * with the same backoff, or failed (at once when the answer says trying again cannot help).
 */
export type JobHandler = (job: MailJob, attempt: { attempts: number; last: boolean }) => Promise<{ state: 'sent' } | { state: 'retry' | 'failed' | 'skipped'; error: string }>;

export const RUNNER_DEFAULTS: RunnerOptions = { pollMs: 1000, leaseMs: 5 * 60_000, backoffMs: 60_000, maxAttempts: 8, batch: 100, settleWithinMs: 100, concurrency: 4 };

export type RunnerDeps = Pick<Deps, 'db' | 'dialect' | 'mailer' | 'config' | 'now'> & { log: FastifyBaseLogger; channels?: Deps['channels'] };

/** the wait after the `attempts`-th failed attempt: backoff, 2×, 4×, … */
export const retryDelay = (options: Pick<RunnerOptions, 'backoffMs'>, attempts: number) => options.backoffMs * 2 ** Math.max(0, attempts - 1);

export class MailRunner {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> | null = null;
  private stopping = false;
  /** the lab's name and e-mail as its details say, read once a batch: every message goes out from it (decision 051) */
  private sender: MailSender | undefined;
  private readonly options: RunnerOptions;
  /** the outbox of a phone channel with no provider configured, made when first needed */
  private readonly outboxes = new Map<ChannelName, ChannelAdapter>();
  /** the channels other modules deliver (handle()) */
  private readonly handlers = new Map<string, JobHandler>();

  constructor(
    private readonly deps: RunnerDeps,
    options: Partial<RunnerOptions> = {},
  ) {
    this.options = { ...RUNNER_DEFAULTS, ...options };
  }

  /** another module delivers this channel's jobs (before the first pass: its plugin registers it) */
  handle(channel: string, handler: JobHandler): void {
    this.handlers.set(channel, handler);
  }

  /** polls for due jobs until stop(); the timer never keeps the process alive by itself */
  start(): void {
    this.timer ??= setInterval(() => {
      this.runDue().catch((err: unknown) => this.deps.log.error({ err }, 'mail jobs: a pass failed'));
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** stops polling and waits for the pass under way, so shutdown does not cut a delivery in half */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    // A pass ends after the batch in hand: a backlog must not hold shutdown past its grace period.
    this.stopping = true;
    await this.pass?.catch(() => {});
  }

  /** delivers every job due now; answers how many it settled. One pass at a time per process. */
  runDue(): Promise<number> {
    this.pass ??= this.drain().finally(() => {
      this.pass = null;
    });
    return this.pass;
  }

  private async drain(): Promise<number> {
    let settled = 0;
    // Outcomes not yet written: each write is a commit (on SQLite an fsync on the one connection, on
    // PostgreSQL a round trip), so a pass writes them together, with its next claim, in one transaction.
    let pending: Settlement[] = [];
    let oldestPending = 0;
    const flush = async (trx: Kysely<Database> = this.deps.db) => {
      const outcomes = pending;
      pending = [];
      await settleAll(trx, outcomes);
      // Receipts that overtook these outcomes (a fast provider) are applied now that their jobs name the provider's id.
      const sent = outcomes.flatMap(({ job, change }) => (change.providerMessageId ? [{ id: job.id, channel: job.channel as ChannelName, providerMessageId: change.providerMessageId }] : []));
      if (sent.length > 0) await applyEarlyReceipts(trx, sent, this.deps.now());
      settled += outcomes.length;
    };
    try {
      while (!this.stopping) {
        const now = this.deps.now();
        const claim = (db: Kysely<Database>) =>
          claimDue(db, this.deps.dialect, {
            now: now.toISOString(),
            leaseUntil: new Date(now.getTime() + this.options.leaseMs).toISOString(),
            token: randomUUID(),
            limit: this.options.batch,
          });
        const jobs =
          pending.length === 0
            ? await claim(this.deps.db)
            : await this.deps.db.transaction().execute(async (trx) => {
                await flush(trx);
                return claim(trx);
              });
        if (jobs.length === 0) return settled;
        // An account's e-mails wait for its address to be proven (auth/proven.ts), as the account is now.
        const withheld = await unprovenJobs(this.deps.db, jobs.filter((j) => j.channel === 'email'));
        // A phone message to a number that opted out of its channel is not sent (channels/receipts.ts): one query a channel.
        for (const channel of ['whatsapp', 'sms'] as const) {
          const ofChannel = jobs.filter((j) => j.channel === channel);
          const stopped = await optedOut(this.deps.db, channel, ofChannel.map((j) => j.recipient));
          for (const j of ofChannel) if (stopped.has(j.recipient)) withheld.set(j.id, OPTED_OUT);
        }
        const lab = await labDetails(this.deps.db);
        this.sender = { name: lab.name, address: lab.email };
        // Several at once: the mail thread (or SMTP server) works while this thread serves requests, so
        // the e-mails keep pace with the bookings instead of waiting on this thread's every turn.
        let next = 0;
        const sendNext = async (): Promise<void> => {
          for (let job = jobs[next++]; job !== undefined; job = jobs[next++]) {
            // Awaited before `pending` is read: a flush meanwhile replaces the array.
            const outcome = await this.outcome(job, withheld.get(job.id));
            if (pending.length === 0) oldestPending = performance.now();
            pending.push(outcome);
            // A slow mail server: outcomes are written at least this often, so a process killed meanwhile
            // sends again (after the lease) only what it sent in the last moments.
            if (performance.now() - oldestPending >= this.options.settleWithinMs) await this.deps.db.transaction().execute(flush);
          }
        };
        // Every send ends before the pass does (allSettled), so a failure leaves no outcome unwritten.
        const sends = await Promise.allSettled(Array.from({ length: Math.min(this.options.concurrency, jobs.length) }, sendNext));
        const failed = sends.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
        // A short batch took every job due: the rest of the pass is its one write. Claiming again at once
        // would chase each new booking's e-mail with a commit of its own (on SQLite an fsync that holds the
        // event loop); the next poll takes them together.
        if (jobs.length < this.options.batch) break;
      }
    } finally {
      // What was sent is written even when the pass fails, or it would be sent again after the lease.
      if (pending.length > 0) await this.deps.db.transaction().execute(flush);
    }
    return settled;
  }

  /** sends one job's e-mail (or finds it is not to be sent): how the job is to be settled */
  /** `withheld`: why the job is not to be sent (auth/proven.ts), if it is not */
  private async outcome(job: MailJob, withheld?: string): Promise<Settlement> {
    const at = () => this.deps.now().toISOString();
    const settled = (change: Settlement['change']): Settlement => ({ job, change });
    if (withheld) return settled({ state: 'skipped', lastError: withheld, clearMessage: true, at: at() });
    if (job.attempts > this.options.maxAttempts) {
      return settled({ state: 'failed', lastError: job.last_error ?? 'Gave up: the sending process stopped too often.', at: at() });
    }
    const handler = this.handlers.get(job.channel);
    if (handler) return this.handledOutcome(job, handler);
    // a channel whose module is not loaded in this process: left for one that delivers it, the attempt not counted
    if (job.channel === 'analyser') return settled({ state: 'queued', runAt: new Date(this.deps.now().getTime() + this.options.leaseMs).toISOString(), attempts: job.attempts - 1, at: at() });
    if (job.channel !== 'email') return this.phoneOutcome(job);
    let message: MailMessage;
    if (job.kind === 'reminder') {
      const composed = await composeReminder(this.deps, job);
      if ('skip' in composed) return settled({ state: 'skipped', lastError: composed.skip, at: at() });
      // The appointment moved later than this job knew: it waits for the new evening, attempt not counted.
      if ('later' in composed) return settled({ state: 'queued', runAt: composed.later.toISOString(), attempts: job.attempts - 1, at: at() });
      message = composed.message;
    } else {
      message = JSON.parse(job.message_json ?? 'null') as MailMessage;
    }
    // From the lab as its details say now (an admin's edit reaches the next message), never a made-up address.
    message = { ...message, from: this.sender };
    try {
      await this.deps.mailer.send(message);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const last = job.attempts >= this.options.maxAttempts;
      // The appointment id is a capability: only its start goes to the log.
      this.deps.log.error({ err, job: job.id, kind: job.kind, appointment: job.appointment_id?.slice(0, 4), attempt: job.attempts }, last ? 'e-mail failed for good' : 'e-mail failed; will retry');
      return settled({
        state: last ? 'failed' : 'retrying',
        lastError: error.slice(0, 500),
        runAt: last ? undefined : new Date(this.deps.now().getTime() + retryDelay(this.options, job.attempts)).toISOString(),
        at: at(),
      });
    }
    // Links in a sent message are capabilities (bills, resets): the copy is not kept.
    return settled({ state: 'sent', sentAt: at(), lastError: null, clearMessage: true, at: at() });
  }

  /** a job of a channel another module delivers (handle()); its copy is dropped once it is done either way */
  private async handledOutcome(job: MailJob, handler: JobHandler): Promise<Settlement> {
    const at = () => this.deps.now().toISOString();
    const last = job.attempts >= this.options.maxAttempts;
    let answer: Awaited<ReturnType<JobHandler>>;
    try {
      answer = await handler(job, { attempts: job.attempts, last });
    } catch (err) {
      answer = { state: 'retry', error: err instanceof Error ? err.message : String(err) };
    }
    if (answer.state === 'sent') return { job, change: { state: 'sent', sentAt: at(), lastError: null, clearMessage: true, at: at() } };
    if (answer.state === 'skipped') return { job, change: { state: 'skipped', lastError: answer.error.slice(0, 500), clearMessage: true, at: at() } };
    const failed = answer.state === 'failed' || last;
    this.deps.log.warn({ job: job.id, kind: job.kind, channel: job.channel, attempt: job.attempts, reason: answer.error.slice(0, 200) }, failed ? 'job failed for good' : 'job failed; will retry');
    return {
      job,
      change: {
        state: failed ? 'failed' : 'retrying',
        lastError: answer.error.slice(0, 500),
        runAt: failed ? undefined : new Date(this.deps.now().getTime() + retryDelay(this.options, job.attempts)).toISOString(),
        ...(failed ? { clearMessage: true } : {}),
        at: at(),
      },
    };
  }

  /** the adapter of a phone channel: the configured provider's, else the outbox (docs/messaging.md) */
  private adapterOf(channel: ChannelName): ChannelAdapter {
    const configured = this.deps.channels?.[channel];
    if (configured) return configured;
    let outbox = this.outboxes.get(channel);
    if (!outbox) {
      const { mailer } = this.deps;
      outbox = outboxAdapter(channel, { dir: this.deps.config.channelOutboxDir, publicUrl: this.deps.config.publicUrl, now: this.deps.now, ...(mailer.writeFile ? { write: (file, data) => mailer.writeFile!(file, data) } : {}) });
      this.outboxes.set(channel, outbox);
    }
    return outbox;
  }

  /**
   * sends one WhatsApp or SMS job (one whose number opted out of its channel was skipped before), retried with the
   * e-mail's backoff when the provider is down or rate-limits, failed at once when it refuses for good
   * (a template not approved, a number not on WhatsApp), with the provider's reason in the log
   */
  private async phoneOutcome(job: MailJob): Promise<Settlement> {
    const at = () => this.deps.now().toISOString();
    const settled = (change: Settlement['change']): Settlement => ({ job, change });
    const channel = job.channel as ChannelName;
    if (job.recipient === '') return settled({ state: 'skipped', lastError: 'Not sent: the number was erased.', clearMessage: true, at: at() });
    let message: ChannelMessage;
    if (job.kind === 'reminder') {
      const composed = await composePhoneReminder(this.deps, job);
      if ('skip' in composed) return settled({ state: 'skipped', lastError: composed.skip, at: at() });
      if ('later' in composed) return settled({ state: 'queued', runAt: composed.later.toISOString(), attempts: job.attempts - 1, at: at() });
      message = composed.message;
    } else {
      message = JSON.parse(job.message_json ?? 'null') as ChannelMessage;
    }
    try {
      const { providerMessageId } = await this.adapterOf(channel).send(message);
      // The message's link is a capability (a bill, a report, a cancel link): the copy is not kept.
      return settled({ state: 'sent', sentAt: at(), lastError: null, clearMessage: true, providerMessageId, at: at() });
    } catch (err) {
      const refusedForGood = err instanceof ChannelError && !err.retryable;
      const last = refusedForGood || job.attempts >= this.options.maxAttempts;
      const reason = err instanceof ChannelError ? `${err.reason}: ${err.message}` : err instanceof Error ? err.message : String(err);
      // Neither the number nor the appointment id (a capability) goes to the log.
      this.deps.log.error({ job: job.id, kind: job.kind, channel, attempt: job.attempts, reason: err instanceof ChannelError ? err.reason : undefined }, last ? 'phone message failed for good' : 'phone message failed; will retry');
      return settled({
        state: last ? 'failed' : 'retrying',
        lastError: reason.slice(0, 500),
        runAt: last ? undefined : new Date(this.deps.now().getTime() + retryDelay(this.options, job.attempts)).toISOString(),
        ...(last ? { clearMessage: true } : {}),
        at: at(),
      });
    }
  }
}
