// Runs booking transactions. On SQLite every commit is an fsync (synchronous=FULL) on the one
// connection, so bookings that arrive while a commit is under way are queued and written together in
// the next transaction (group commit), each inside its own savepoint so one refused booking never
// undoes another. Nobody is answered before the transaction holding their booking has committed, so
// durability is unchanged. PostgreSQL runs one transaction per booking on its pool and groups the WAL
// flushes of concurrent commits itself.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

export type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

/** the most bookings one transaction carries: bounds the latency a full batch adds to its last member */
export const MAX_BATCH = 64;

export class TransactionWriter {
  private queue: Job[] = [];
  private flushing = false;
  private scheduled = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    if (this.dialect !== 'sqlite') return this.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work: work as Work<unknown>, resolve: resolve as (v: unknown) => void, reject });
      if (!this.flushing && !this.scheduled) {
        // better-sqlite3 is synchronous: a transaction started right here would run to its commit
        // before the event loop reads the next request, so every batch would hold one booking. Waiting
        // for the check phase lets every request that arrived in this poll phase join the batch.
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.flush();
        });
      }
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.commitBatch(batch);
      }
    } finally {
      this.flushing = false;
    }
  }

  private async commitBatch(batch: Job[]): Promise<void> {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const job of batch) {
          if (batch.length === 1) {
            // Alone in its transaction: a failure rolls the whole (one-booking) transaction back.
            outcomes.push({ ok: true, value: await job.work(trx) });
            continue;
          }
          await sql`savepoint booking`.execute(trx);
          try {
            const value = await job.work(trx);
            await sql`release savepoint booking`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`rollback to savepoint booking`.execute(trx);
            await sql`release savepoint booking`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The commit itself failed (or a lone booking failed): nothing of this batch was written.
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }
}
