// Writes bookings, several to a transaction (group commit, decisions 005 and 029). A booking arrives
// here fully worked out (priced, checked, its e-mails composed: BookingService.book); what is left is
// what must happen under the transaction's locks: take its seat, insert its rows, number its bill.
// Bookings that arrive while a transaction is under way queue and go together into the next one, on
// SQLite (whose every commit is an fsync on the one connection) and on PostgreSQL alike (one pool
// connection and one commit for the batch instead of one each, and the per-year invoice row, which
// every booking must lock, locked once per batch). Nobody is answered before the commit holding their
// booking, so durability is unchanged, and one refused booking never undoes another:
// - seats first, in one global order (slots/service.ts seatOrder), so two batches on two processes
//   never wait for each other in a cycle; a full slot leaves only its booking out;
// - the rows of every booking still in, with one statement per table; should that fail (two bookings
//   drew the same reference, a one in 2^40 event), each booking is written again in a savepoint of
//   its own and a failing one gives its seat back;
// - the invoice numbers last, one statement for the batch: consecutive, gap-free, and the
//   contended row is held only from there to the commit.
// On SQLite the commit's disk sync waits on libuv's thread pool, not on the event loop (decision 042):
// the next batch is gathered and written meanwhile.
import { m } from '@lab/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { insertMany } from '../../db/insert-many.ts';
import type { AppointmentsTable, AppointmentTestsTable, BillsTable, ConsentsTable, Database } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { insertAppointments } from '../appointments/lifecycle.ts';
import { insertJobs, type NewMailJob } from '../messaging/queries.ts';
import { financialYear, nextInvoiceNumbers } from '../payments/invoice-number.ts';
import { releaseSeat, type SeatPlan, seatOrder, takeSeat } from '../slots/service.ts';

/** one person's rows of a booking */
export interface PlannedRows {
  appointment: Insertable<AppointmentsTable> & { id: string };
  tests: Array<Insertable<AppointmentTestsTable>>;
  /** the bill without its number, which the batch takes at its end */
  bill: Omit<Insertable<BillsTable>, 'invoice_no'>;
  mails: NewMailJob[];
  /** the booking's consent records (privacy/consents.ts) */
  consents: Array<Insertable<ConsentsTable>>;
}

export interface PlannedBooking extends PlannedRows {
  seat: SeatPlan;
  /** the booking's clock: its bill is numbered in this moment's financial year */
  now: Date;
  /** the others of a household drawn at the same home visit: their rows stand or fall with this booking's, under its one seat */
  together?: PlannedRows[];
}

/** every person's rows of a booking: its own, then those drawn at its visit with it */
const peopleOf = (b: PlannedBooking): PlannedRows[] => [b, ...(b.together ?? [])];

interface Job {
  booking: PlannedBooking;
  resolve(): void;
  reject(reason: unknown): void;
}

type Outcome = { ok: true } | { ok: false; error: unknown };

/** the most bookings one transaction carries: bounds the latency a full batch adds to its last member */
export const MAX_BATCH = 64;
/** how long the first booking after a pause waits for others to share its transaction */
export const BATCH_WAIT_MS = 1;

export class BookingWriter {
  private queue: Job[] = [];
  private flushing = false;
  private scheduled = false;

  constructor(
    private readonly transaction: Db['durableTransaction'],
    private readonly dialect: Dialect,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  /** settles once the booking is committed (or refused: a full slot is a 409) */
  write(booking: PlannedBooking): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ booking, resolve, reject });
      if (!this.flushing && !this.scheduled) {
        // better-sqlite3 is synchronous: a transaction started right here would run to its commit
        // before the event loop reads the next request, so every batch would hold one booking. Waiting
        // BATCH_WAIT_MS lets the requests arriving meanwhile join the batch: most of a batch's cost is
        // per page it writes, shared by all its bookings (decision 045).
        this.scheduled = true;
        setTimeout(() => {
          this.scheduled = false;
          void this.flush();
        }, BATCH_WAIT_MS);
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
    let outcomes: Outcome[];
    try {
      outcomes = await this.transaction((trx) => writeBatch(trx, this.dialect, batch.map((j) => j.booking)));
    } catch (error) {
      // The transaction itself failed (e.g. its commit): nothing of this batch was written.
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve();
      else job.reject(o.error);
    });
  }
}

async function writeBatch(trx: Transaction<Database>, dialect: Dialect, bookings: PlannedBooking[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = bookings.map(() => ({ ok: true }));
  const byOrder = bookings.map((_, i) => i).sort((a, b) => {
    const ka = seatOrder(bookings[a]!.seat.key);
    const kb = seatOrder(bookings[b]!.seat.key);
    return ka < kb ? -1 : ka > kb ? 1 : a - b;
  });
  for (const i of byOrder) {
    if (!(await takeSeat(trx, bookings[i]!.seat))) outcomes[i] = { ok: false, error: conflict(m('slots.full')) };
  }
  let kept = bookings.map((_, i) => i).filter((i) => outcomes[i]!.ok);
  if (kept.length === 0) return outcomes;

  if (bookings.length === 1) {
    // Alone in its transaction: a failure rolls the whole (one-booking) transaction back.
    await insertRows(trx, dialect, bookings);
  } else if (!(await inSavepoint(trx, 'batch_rows', () => insertRows(trx, dialect, kept.map((i) => bookings[i]!))))) {
    // One booking's rows were refused: each again on its own, so the others stand.
    for (const i of kept) {
      const b = bookings[i]!;
      let failure: unknown;
      const written = await inSavepoint(trx, 'booking_rows', () => insertRows(trx, dialect, [b]), (e) => (failure = e));
      if (!written) {
        await releaseSeat(trx, { date: b.seat.key.date, time: b.seat.key.slot, homeSample: b.seat.key.kind === 'home' });
        outcomes[i] = { ok: false, error: failure };
      }
    }
    kept = kept.filter((i) => outcomes[i]!.ok);
  }

  // Bills last: their numbers come from the one contended row, held from here to the commit.
  const bills: Array<Insertable<BillsTable>> = [];
  const byYear = new Map<string, number[]>();
  for (const i of kept) {
    const year = financialYear(bookings[i]!.now);
    byYear.set(year, [...(byYear.get(year) ?? []), i]);
  }
  for (const members of byYear.values()) {
    // a household's booking has a bill per person, each numbered
    const ofYear = members.flatMap((i) => peopleOf(bookings[i]!).map((p) => p.bill));
    const numbers = await nextInvoiceNumbers(trx, bookings[members[0]!]!.now, ofYear.length);
    ofYear.forEach((bill, k) => bills.push({ ...bill, invoice_no: numbers[k]! }));
  }
  await insertMany(trx, dialect, 'bills', bills);
  return outcomes;
}

async function insertRows(trx: Transaction<Database>, dialect: Dialect, bookings: PlannedBooking[]): Promise<void> {
  // the booking creates its rows; modules/appointments owns them (and every later change) from here on
  const people = bookings.flatMap(peopleOf);
  await insertAppointments(
    trx,
    dialect,
    people.map((b) => b.appointment),
    people.flatMap((b) => b.tests),
  );
  await insertMany(trx, dialect, 'consents', people.flatMap((b) => b.consents));
  await insertJobs(trx, dialect, people.flatMap((b) => b.mails));
}

/** runs `work` in a savepoint; false (and the savepoint rolled back) when it threw */
async function inSavepoint(trx: Transaction<Database>, name: string, work: () => Promise<void>, failed?: (error: unknown) => void): Promise<boolean> {
  await sql`savepoint ${sql.id(name)}`.execute(trx);
  try {
    await work();
    await sql`release savepoint ${sql.id(name)}`.execute(trx);
    return true;
  } catch (error) {
    failed?.(error);
    await sql`rollback to savepoint ${sql.id(name)}`.execute(trx);
    await sql`release savepoint ${sql.id(name)}`.execute(trx);
    return false;
  }
}
