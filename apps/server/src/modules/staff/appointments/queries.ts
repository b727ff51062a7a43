// SQL of the staff appointment queue: filtered pages of appointments with their tests and bills, and
// the guarded update of the status (payments: modules/payments). Text search goes through the
// trigram index of migration 012 (decision record 024).
import { type Expression, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import { searchDocumentSql } from '../../../db/search-document.ts';
import type { AppointmentStatus, Database } from '../../../db/schema.ts';
import { countRows, likePattern } from '../../../db/queries.ts';
import { normalizeReference, type QueuePaymentFilter } from '@lab/contract';
import { paymentFilter } from '../../payments/queries.ts';
import { nameKey } from '../../../lib/name-key.ts';

type Db = Kysely<Database>;

export interface QueueFilter {
  date?: string | undefined;
  status?: AppointmentStatus | undefined;
  q?: string | undefined;
  payment?: QueuePaymentFilter | undefined;
  /** the catalogue's tests whose name holds `q` (testsNamed), looked up before the queue is read */
  testIds?: number[] | undefined;
}

/** ids of the tests whose name holds `text`: a scan of the catalogue, a few thousand rows at most */
export async function testsNamed(db: Db, text: string): Promise<number[]> {
  const rows = await db
    .selectFrom('tests as t')
    .select('t.id')
    .where(sql<boolean>`coalesce(${sql.ref('t.name_key')}, lower(${sql.ref('t.name')})) like ${likePattern(nameKey(text))} escape '\\'`)
    .execute();
  return rows.map((r) => r.id);
}

/** the shortest text the trigram indexes can look up; shorter ones are compared row by row */
export const INDEXED_SEARCH_MIN = 3;

function filtered(db: Db, f: QueueFilter) {
  let query = db.selectFrom('appointments as a');
  if (f.date) query = query.where('a.date', '=', f.date);
  if (f.status) query = query.where('a.status', '=', f.status);
  if (f.payment) query = query.where((eb) => paymentFilter(eb, f.payment!));
  const text = f.q?.trim();
  if (text) {
    const key = nameKey(text);
    const digits = text.replace(/[\s()+-]/g, '');
    query = query.where((eb) => {
      const ors: Expression<SqlBool>[] = [key.length >= INDEXED_SEARCH_MIN ? indexedMatch(db, [key, ...(/^\d{3,}$/.test(digits) ? [digits] : [])]) : scannedMatch(text, digits)];
      // A booking reference read out in any case, with or without its dashes, finds its booking.
      const reference = normalizeReference(text);
      if (reference) ors.push(eb('a.reference', '=', reference));
      // A test's name: matched in the (small) catalogue first, then through appointment_tests' test index.
      if (f.testIds?.length) ors.push(eb('a.id', 'in', eb.selectFrom('appointment_tests as at').select('at.appointment_id').where('at.test_id', 'in', f.testIds)));
      return eb.or(ors);
    });
  }
  return query;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Any of `terms` inside the search document (name key, e-mail, phone, its digits, id, reference),
 * through the trigram index: pg_trgm's GIN index on the document's expression, or SQLite's FTS5
 * trigram table (a quoted phrase matches as a substring there).
 */
function indexedMatch(db: Db, terms: string[]) {
  if (isPostgres(db)) {
    const doc = sql.raw(searchDocumentSql('a.'));
    return sql<boolean>`(${sql.join(
      terms.map((t) => sql`(${doc}) like ${likePattern(t)} escape '\\'`),
      sql` or `,
    )})`;
  }
  const phrase = terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
  return sql<boolean>`a.rowid in (select rowid from appointments_search where appointments_search match ${phrase})`;
}

/** one or two characters: too short for a trigram, so compared on each row as before the index */
function scannedMatch(text: string, digits: string) {
  const like = likePattern(text);
  const lowerLike = (col: 'a.user_email' | 'a.user_phone' | 'a.id') => sql<boolean>`lower(${sql.ref(col)}) like ${like} escape '\\'`;
  const key = sql<boolean>`coalesce(${sql.ref('a.user_name_key')}, lower(${sql.ref('a.user_name')})) like ${likePattern(nameKey(text))} escape '\\'`;
  const ors = [key, lowerLike('a.user_email'), lowerLike('a.user_phone'), lowerLike('a.id')];
  if (/^\d+$/.test(digits)) ors.push(sql<boolean>`replace(replace(replace(${sql.ref('a.user_phone')}, ' ', ''), '-', ''), '+', '') like ${`%${digits}%`}`);
  return sql<boolean>`(${sql.join(ors, sql` or `)})`;
}

export const countQueue = (db: Db, f: QueueFilter) => countRows(filtered(db, f));

const appointmentColumns = [
  'a.id',
  'a.reference',
  'a.user_id',
  'a.user_name',
  'a.user_email',
  'a.user_phone',
  'a.date',
  'a.time',
  'a.home_sample',
  'a.address',
  'a.status',
  'a.package_id',
  'a.created_at',
  'a.updated_at',
  'b.total_paise',
  'b.offer_paise',
  'b.is_paid',
  'b.paid_at',
  'b.id as bill_id',
] as const;

/** the latest appointment dates first; within a day, in the order of the day */
export function queuePage(db: Db, f: QueueFilter, limit: number, offset: number) {
  return filtered(db, f)
    .leftJoin('bills as b', 'b.appointment_id', 'a.id')
    .select(appointmentColumns)
    .orderBy('a.date', 'desc')
    .orderBy('a.time', 'asc')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type QueueRow = Awaited<ReturnType<typeof queuePage>>[number];

export function appointmentById(db: Db, id: string) {
  return db
    .selectFrom('appointments as a')
    .leftJoin('bills as b', 'b.appointment_id', 'a.id')
    .select(appointmentColumns)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** moves the status only if nobody changed it meanwhile; false when the guard failed */
export async function setStatus(db: Db, id: string, from: AppointmentStatus, to: AppointmentStatus, now: string): Promise<boolean> {
  const res = await db
    .updateTable('appointments')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
