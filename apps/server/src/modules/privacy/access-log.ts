// The staff read log (DPDP security safeguards; decision 033): every staff request that
// shows a patient's personal data logs one row per patient record shown, handed to the process's
// ReadLog and written with others in one transaction (decision 040). Patients see their rows as role
// and time (never a name); admins page through all of them.
// Rows are kept READ_LOG_RETENTION_DAYS (≥ 365) and then purged by purgeOldReads.
import { inBatches } from '../../lib/batches.ts';
import type { AccessLogPage, ReadKind, StaffReadPage, StaffRole } from '@lab/contract';
import { ACCESS_LOG_PAGE_SIZE, staffRoleSchema } from '@lab/contract';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays, indiaMoment } from '../../lib/time.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** the staff member reading: who and in which role at that moment */
export interface Reader {
  userId: number;
  role: StaffRole;
}

/** the reader of a staff request (after requireStaffRole, which has read the role) */
export function readerOf(request: FastifyRequest): Reader {
  const role = request.staffRole;
  if (!request.auth || !role) throw new Error('readerOf: not a staff request past requireStaffRole');
  return { userId: request.auth.userId, role };
}

type PendingRead =
  | { kind: ReadKind; reader: Reader; at: string; appointmentIds: string[] }
  | { kind: 'bill'; reader: Reader; at: string; billIds: number[] }
  | { kind: 'contact_message'; reader: Reader; at: string; messageIds: number[] }
  | { kind: RequestKind; reader: Reader; at: string; requestIds: number[] };

/** a patient's own requests to the lab, read by the staff who answer them: their tables */
export type RequestKind = 'correction' | 'grievance';
const REQUEST_TABLES = { correction: 'correction_requests', grievance: 'grievances' } as const;

const rowsOf = (p: PendingRead) =>
  'messageIds' in p ? p.messageIds.length : 'billIds' in p ? p.billIds.length : 'requestIds' in p ? p.requestIds.length : p.appointmentIds.length;

/** the most entries one flush carries before another starts at once (a queue page is 25) */
export const READ_LOG_BATCH_ROWS = 2000;

/**
 * The staff read log's writer (decision 040): a request that shows patients hands its entries to this
 * process's buffer and answers; the buffer is written in one transaction (group commit) at most
 * `delayMs` after its first entry, or at once past READ_LOG_BATCH_ROWS rows. Before, each page wrote
 * and committed its own rows, and on SQLite (synchronous = FULL) that commit's fsync ran on the event
 * loop. On SQLite the read log's transaction is committed with synchronous = NORMAL: it survives the
 * process dying (it is in the WAL), and the next FULL commit or checkpoint puts it on the disk.
 *
 * What a crash can lose, honestly: entries of the last `delayMs` (100 ms) if the process dies before
 * they are written, and on SQLite, after a power loss or an OS crash, entries committed since the last
 * booking, status change or checkpoint (the WAL's sync). A clean shutdown (`close`, from the app's
 * onClose) writes everything first. A write that fails is logged and its entries are kept for the
 * next one; the answer that showed the data has gone already. Whoever reads the log in this process
 * (the admin view, the patient's "Who looked", the export, the breach register) calls `flush` first,
 * so a read is visible there as soon as its page was answered; another process of a PostgreSQL
 * cluster sees it at most `delayMs` later.
 */
export class ReadLog {
  private pending: PendingRead[] = [];
  private rows = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
    private readonly onError: (err: unknown) => void,
    private readonly delayMs = 100,
  ) {}

  /** `reader` was shown these appointments (`kind`: what of them); unknown ids write nothing */
  appointments(reader: Reader, at: Date, kind: ReadKind, appointmentIds: readonly string[]): void {
    if (appointmentIds.length === 0) return;
    this.add({ kind, reader, at: at.toISOString(), appointmentIds: [...new Set(appointmentIds)] }, appointmentIds.length);
  }

  /**
   * `reader` was shown these bills (a payment's, a due's): logged against the bill's appointment, or
   * for a membership's bill against its member (subject: the bill's id)
   */
  bills(reader: Reader, at: Date, billIds: readonly number[]): void {
    if (billIds.length === 0) return;
    this.add({ kind: 'bill', reader, at: at.toISOString(), billIds: [...new Set(billIds)] }, billIds.length);
  }

  /** `reader` was shown these contact messages (senders are not accounts: no patient id) */
  messages(reader: Reader, at: Date, messageIds: readonly number[]): void {
    if (messageIds.length === 0) return;
    this.add({ kind: 'contact_message', reader, at: at.toISOString(), messageIds: [...messageIds] }, messageIds.length);
  }

  /**
   * `reader` was shown these of a patient's correction requests or grievances: logged against the
   * patient who made them (subject: the request's id); unknown ids write nothing
   */
  requests(reader: Reader, at: Date, kind: RequestKind, requestIds: readonly number[]): void {
    if (requestIds.length === 0) return;
    this.add({ kind, reader, at: at.toISOString(), requestIds: [...new Set(requestIds)] }, requestIds.length);
  }

  /** writes every entry handed over before this call; settles when they are committed */
  async flush(): Promise<void> {
    while (this.writing) await this.writing.catch(() => {});
    if (this.pending.length === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.rows = 0;
    this.writing = this.write(batch)
      .catch((err: unknown) => {
        // kept for the next write, before anything handed over since
        this.pending = [...batch, ...this.pending];
        this.rows = this.pending.reduce((n, p) => n + rowsOf(p), 0);
        this.schedule();
        throw err;
      })
      .finally(() => {
        this.writing = undefined;
      });
    return this.writing;
  }

  /** for a clean shutdown: nothing handed over is left unwritten */
  close(): Promise<void> {
    return this.flush();
  }

  private add(entry: PendingRead, rows: number): void {
    this.pending.push(entry);
    this.rows += rows;
    this.schedule();
  }

  private schedule(): void {
    if (this.rows >= READ_LOG_BATCH_ROWS) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      this.flush().catch(this.onError);
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush().catch(this.onError);
      }, this.delayMs);
      this.timer.unref();
    }
  }

  private async write(batch: PendingRead[]): Promise<void> {
    const inOne = (trx: Transaction<Database>) => writeReads(trx, batch);
    if (this.dialect === 'postgres') return this.db.transaction().execute(inOne);
    // SQLite's one connection, held from the pragma to its reset: no other transaction runs between
    await this.db.connection().execute(async (conn) => {
      await sql`pragma synchronous = NORMAL`.execute(conn);
      try {
        await conn.transaction().execute(inOne);
      } finally {
        await sql`pragma synchronous = FULL`.execute(conn);
      }
    });
  }
}

/** a bill's read: against its appointment, or a membership's bill against its member (subject: the bill's id) */
async function insertBillReads(db: Db, entry: { reader: Reader; at: string; billIds: number[] }): Promise<void> {
      await db
    .insertInto('personal_data_reads')
    .columns(['staff_user_id', 'staff_role', 'patient_user_id', 'appointment_id', 'kind', 'subject_id', 'read_at'])
    .expression(
      db
        .selectFrom('bills as b')
        .leftJoin('appointments as a', 'a.id', 'b.appointment_id')
        .leftJoin('memberships as m', 'm.id', 'b.membership_id')
        .select((eb) => [
          sql<number>`CAST(${entry.reader.userId} AS integer)`.as('staff_user_id'),
          sql<string>`CAST(${entry.reader.role} AS text)`.as('staff_role'),
          eb.fn.coalesce('a.user_id', 'm.user_id').as('user_id'),
          'b.appointment_id',
          sql<string>`CAST('bill' AS text)`.as('kind'),
          eb.fn.coalesce('b.appointment_id', sql<string>`CAST(b.id AS text)`).as('subject_id'),
          sql<string>`CAST(${entry.at} AS text)`.as('read_at'),
        ])
        .where('b.id', 'in', entry.billIds),
    )
    .execute();
}

/** a correction request's or grievance's read: against the patient who made it (subject: its id) */
async function insertRequestReads(db: Db, entry: { kind: RequestKind; reader: Reader; at: string; requestIds: number[] }): Promise<void> {
  await db
    .insertInto('personal_data_reads')
    .columns(['staff_user_id', 'staff_role', 'patient_user_id', 'appointment_id', 'kind', 'subject_id', 'read_at'])
    .expression(
      db
        .selectFrom(REQUEST_TABLES[entry.kind])
        .select([
          sql<number>`CAST(${entry.reader.userId} AS integer)`.as('staff_user_id'),
          sql<string>`CAST(${entry.reader.role} AS text)`.as('staff_role'),
          'user_id',
          sql<string | null>`CAST(NULL AS text)`.as('appointment_id'),
          sql<string>`CAST(${entry.kind} AS text)`.as('kind'),
          sql<string>`CAST(id AS text)`.as('subject_id'),
          sql<string>`CAST(${entry.at} AS text)`.as('read_at'),
        ])
        .where('id', 'in', entry.requestIds),
    )
    .execute();
}

/**
 * The entries of one write: an `INSERT … SELECT` per page of appointments, bills, correction requests
 * or grievances (the patient of each is read by the statement itself) and one multi-row insert for
 * every contact message among them.
 */
async function writeReads(db: Db, batch: PendingRead[]): Promise<void> {
  const messages = [];
  for (const entry of batch) {
    if ('messageIds' in entry) {
      for (const id of entry.messageIds) {
        messages.push({
          staff_user_id: entry.reader.userId,
          staff_role: entry.reader.role,
          patient_user_id: null,
          appointment_id: null,
          kind: 'contact_message',
          subject_id: String(id),
          read_at: entry.at,
        });
      }
      continue;
    }
    if ('billIds' in entry) {
      for (let i = 0; i < entry.billIds.length; i += READ_LOG_BATCH_ROWS) await insertBillReads(db, { ...entry, billIds: entry.billIds.slice(i, i + READ_LOG_BATCH_ROWS) });
      continue;
    }
    if ('requestIds' in entry) {
      for (let i = 0; i < entry.requestIds.length; i += READ_LOG_BATCH_ROWS) await insertRequestReads(db, { ...entry, requestIds: entry.requestIds.slice(i, i + READ_LOG_BATCH_ROWS) });
      continue;
    }
    await db
      .insertInto('personal_data_reads')
      .columns(['staff_user_id', 'staff_role', 'patient_user_id', 'appointment_id', 'kind', 'subject_id', 'read_at'])
      .expression(
        db
          .selectFrom('appointments')
          .select([
            sql<number>`CAST(${entry.reader.userId} AS integer)`.as('staff_user_id'),
            sql<string>`CAST(${entry.reader.role} AS text)`.as('staff_role'),
            'user_id',
            'id',
            sql<string>`CAST(${entry.kind} AS text)`.as('kind'),
            'id as subject_id',
            sql<string>`CAST(${entry.at} AS text)`.as('read_at'),
          ])
          .where('id', 'in', entry.appointmentIds),
      )
      .execute();
  }
  if (messages.length) await db.insertInto('personal_data_reads').values(messages).execute();
}

// ---------------------------------------------------------------------------------------------------
// Reading the log: newest first, paged by a keyset cursor "<read_at>~<id>" on (…, read_at, id) indexes

/** the reads after `cursor`, newest first, one more than a page (to know whether another follows) */
function readsAfter(db: Db, cursor: string | undefined, limit: number) {
  let q = db.selectFrom('personal_data_reads as r');
  if (cursor) {
    const [at = '', id = '0'] = cursor.split('~');
    q = q.where((eb) => eb(eb.refTuple('r.read_at', 'r.id'), '<', eb.tuple(at, Number(id))));
  }
  return q
    .orderBy('r.read_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit + 1);
}

/** a page of `rows` (read one past the page) and the cursor of the next one */
function pageOf<Row extends { read_at: string; id: number }, Item>(rows: Row[], limit: number, shape: (row: Row) => Item): { items: Item[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(shape),
    next_cursor: rows.length > limit && last ? `${last.read_at}~${last.id}` : null,
  };
}

/** GET /api/users/me/access-log/: when staff opened this patient's records, by role, never by name */
export async function patientAccessLog(db: Db, userId: number, query: { cursor?: string | undefined; limit?: number | undefined }): Promise<AccessLogPage> {
  const limit = query.limit ?? ACCESS_LOG_PAGE_SIZE;
  const rows = await readsAfter(db, query.cursor, limit)
    .leftJoin('appointments as a', 'a.id', 'r.appointment_id')
    .select(['r.id', 'r.read_at', 'r.staff_role', 'r.kind', 'a.reference'])
    .where('r.patient_user_id', '=', userId)
    .execute();
  return pageOf(rows, limit, (r) => ({
    at: r.read_at,
    role: staffRoleSchema.parse(r.staff_role),
    kind: r.kind as ReadKind,
    appointment_reference: r.reference ?? null,
  }));
}

/** everything of the patient's read log, for the data export (GET /api/users/me/export/): role, time, what */
export async function accessLogForExport(
  db: Db,
  userId: number,
): Promise<
  {
    at: string;
    role: StaffRole;
    what: ReadKind;
    appointment_reference: string | null;
  }[]
> {
  const rows = await db
    .selectFrom('personal_data_reads as r')
    .leftJoin('appointments as a', 'a.id', 'r.appointment_id')
    .select(['r.read_at', 'r.staff_role', 'r.kind', 'a.reference'])
    .where('r.patient_user_id', '=', userId)
    .orderBy('r.read_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((r) => ({
    at: r.read_at,
    role: r.staff_role,
    what: r.kind as ReadKind,
    appointment_reference: r.reference ?? null,
  }));
}

/** the instant an India date begins */
const startOfIndiaDay = (date: string) => indiaMoment(date, '00:00').toISOString();

/** GET /api/staff/access-log: the whole log for admins, filtered by staff member, patient and India dates */
export async function staffReadLog(
  db: Db,
  query: {
    staff_user_id?: number | undefined;
    patient_email?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  },
): Promise<StaffReadPage> {
  const limit = query.limit ?? ACCESS_LOG_PAGE_SIZE;
  let patientId: number | undefined;
  if (query.patient_email) {
    const user = await db.selectFrom('users').select('id').where('email_key', '=', query.patient_email.trim().toLowerCase()).executeTakeFirst();
    if (!user) return { items: [], next_cursor: null };
    patientId = user.id;
  }
  let q = readsAfter(db, query.cursor, limit)
    .leftJoin('users as s', 's.id', 'r.staff_user_id')
    .leftJoin('appointments as a', 'a.id', 'r.appointment_id')
    .leftJoin('contact_messages as c', (join) => join.on('r.kind', '=', 'contact_message').on(sql`CAST(c.id AS text)`, '=', sql.ref('r.subject_id')))
    // a correction request's or grievance's patient: their account's name and e-mail
    .leftJoin('users as p', (join) => join.on('r.kind', 'in', ['correction', 'grievance']).onRef('p.id', '=', 'r.patient_user_id'))
    .select([
      'r.id',
      'r.read_at',
      'r.staff_user_id',
      'r.staff_role',
      'r.patient_user_id',
      'r.appointment_id',
      'r.kind',
      'r.subject_id',
      's.first_name',
      's.last_name',
      's.username',
      'a.reference',
      'a.user_name',
      'a.user_email',
      'c.name as message_name',
      'c.email as message_email',
      'p.first_name as requester_first_name',
      'p.last_name as requester_last_name',
      'p.email as requester_email',
    ]);
  if (query.staff_user_id !== undefined) q = q.where('r.staff_user_id', '=', query.staff_user_id);
  if (patientId !== undefined) q = q.where('r.patient_user_id', '=', patientId);
  if (query.from) q = q.where('r.read_at', '>=', startOfIndiaDay(query.from));
  if (query.to) q = q.where('r.read_at', '<', startOfIndiaDay(addDays(query.to, 1)));
  const rows = await q.execute();
  return pageOf(rows, limit, (r) => ({
    id: r.id,
    at: r.read_at,
    staff_user_id: r.staff_user_id,
    staff_name: r.username === null ? null : `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username,
    staff_role: r.staff_role,
    patient_user_id: r.patient_user_id,
    patient_name: r.user_name ?? r.message_name ?? (r.requester_email === null ? null : `${r.requester_first_name ?? ''} ${r.requester_last_name ?? ''}`.trim() || null),
    patient_email: r.user_email ?? r.message_email ?? r.requester_email ?? null,
    appointment_id: r.appointment_id,
    appointment_reference: r.reference ?? null,
    kind: r.kind as ReadKind,
    subject_id: r.subject_id,
  }));
}

/**
 * For the retention job: deletes reads older than `retentionDays` (≥ 365, config) before `now`, in
 * batches of `batch` (oldest first, from the read_at index), each a short statement with a turn of the
 * event loop after it. Answers how many were deleted.
 */
export async function purgeOldReads(db: Kysely<Database>, now: Date, retentionDays: number, batch = 500): Promise<number> {
  if (retentionDays < 365) throw new Error('the read log is kept for at least 365 days');
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  return inBatches(
    batch,
    async () => (await db.selectFrom('personal_data_reads').select('id').where('read_at', '<', cutoff).orderBy('read_at').limit(batch).execute()).map((r) => r.id),
    async (ids) => void (await db.deleteFrom('personal_data_reads').where('id', 'in', ids).execute()),
  );
}
