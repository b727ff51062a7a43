// The staff read log (issue 17, DPDP security safeguards; decision 033): every staff request that
// shows a patient's personal data writes one row per patient record shown, in one INSERT per request
// (the appointments' owners are read by the same statement), so a queue page of 25 costs one round
// trip. Patients see their rows as role and time (never a name); admins page through all of them.
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

/**
 * Records that `reader` was shown these appointments (`kind`: what of them). One statement: the
 * owner of each appointment is read by the INSERT … SELECT itself; unknown ids write nothing.
 */
export async function recordAppointmentReads(db: Db, reader: Reader, at: Date, kind: ReadKind, appointmentIds: readonly string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  const ids = [...new Set(appointmentIds)];
  await db
    .insertInto('personal_data_reads')
    .columns(['staff_user_id', 'staff_role', 'patient_user_id', 'appointment_id', 'kind', 'subject_id', 'read_at'])
    .expression(
      db
        .selectFrom('appointments')
        .select([
          sql<number>`CAST(${reader.userId} AS integer)`.as('staff_user_id'),
          sql<string>`CAST(${reader.role} AS text)`.as('staff_role'),
          'user_id',
          'id',
          sql<string>`CAST(${kind} AS text)`.as('kind'),
          'id as subject_id',
          sql<string>`CAST(${at.toISOString()} AS text)`.as('read_at'),
        ])
        .where('id', 'in', ids),
    )
    .execute();
}

/** records that `reader` was shown these contact messages (senders are not accounts: no patient id) */
export async function recordMessageReads(db: Db, reader: Reader, at: Date, messageIds: readonly number[]): Promise<void> {
  if (messageIds.length === 0) return;
  const read_at = at.toISOString();
  await db
    .insertInto('personal_data_reads')
    .values(
      messageIds.map((id) => ({
        staff_user_id: reader.userId,
        staff_role: reader.role,
        patient_user_id: null,
        appointment_id: null,
        kind: 'contact_message',
        subject_id: String(id),
        read_at,
      })),
    )
    .execute();
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
    patient_name: r.user_name ?? r.message_name ?? null,
    patient_email: r.user_email ?? r.message_email ?? null,
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
