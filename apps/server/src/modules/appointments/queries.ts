// SQL that reads appointments: the staff queue's filtered pages with their bills (payments:
// modules/payments), the tests as charged, and which visits have results to report. Text search goes
// through the trigram index of migration 012 (decision record 024). Every write is in lifecycle.ts.
import { type Expression, type Kysely, PostgresAdapter, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { searchDocumentSql } from '../../db/search-document.ts';
import type { AppointmentStatus, Database } from '../../db/schema.ts';
import { countRows, likePattern } from '../../db/queries.ts';
import { normalizeReference, type QueuePaymentFilter } from '@lab/contract';
import { paymentFilter } from '../payments/queries.ts';
import { nameKey } from '../../lib/name-key.ts';

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

/**
 * A search the trigram index finds at most this many bookings for (and a test's name at most this
 * many) is read through the index and counted exactly: some 10 ms at this size. A broader one (a
 * common first name) is read in steps down the date index instead (queueStepStart, queueIds).
 */
export const NARROW_SEARCH_MAX = 5000;

/**
 * How a filter's text is matched: `index`, through the trigram index (PostgreSQL, a narrow search);
 * `found`, among the rows SQLite's FTS5 index already gave for a narrow search (its rowids), so the
 * count and the page do not ask it again; `row`, on each row read (the rows of one day, or of one step
 * down the date index), never through the index, whose whole answer SQLite would gather first (62,500
 * rows for a common name: 70 ms holding the process).
 */
export type TextMatch = 'index' | 'row' | 'email' | { found: number[] };

/**
 * A text that reads as an e-mail address (something, an @, perhaps more): it is looked up as a prefix of
 * the bookings' e-mail addresses, lower-cased, through their own index (migration 029) instead of the
 * trigram index, whose phrase for a whole address reads the long posting lists of trigrams nearly
 * every address has (decision 040). A prefix that finds no booking falls back to the substring search.
 */
export const looksLikeEmail = (text: string): boolean => /^[^\s@]+@[^\s@]*$/.test(text);

/** past every character a prefix can be followed by, in a byte-wise comparison of UTF-8 */
const PAST_PREFIX = '\u{10FFFF}';

/** the booking's e-mail address begins with `prefix` (lower-cased): a range of appointments_email_key */
function emailPrefixMatch(db: Db, prefix: string) {
  const key = isPostgres(db) ? sql`lower(a.user_email) collate "C"` : sql`lower(a.user_email)`;
  return sql<boolean>`(${key} >= ${prefix} and ${key} < ${prefix + PAST_PREFIX})`;
}

/** the terms a text is looked for by: its name key, and its digits alone when it reads as a phone number */
function searchTerms(text: string): { key: string; digits: string; terms: string[] } {
  const key = nameKey(text);
  const digits = text.replace(/[\s()+-]/g, '');
  return { key, digits, terms: [key, ...(/^\d{3,}$/.test(digits) ? [digits] : [])] };
}

function filtered(db: Db, f: QueueFilter, match: TextMatch) {
  let query = db.selectFrom('appointments as a');
  if (f.date) query = query.where('a.date', '=', f.date);
  if (f.status) query = query.where('a.status', '=', f.status);
  if (f.payment) query = query.where((eb) => paymentFilter(eb, f.payment!));
  const text = f.q?.trim();
  if (text) {
    const { key, digits, terms } = searchTerms(text);
    query = query.where((eb) => {
      const short = key.length < INDEXED_SEARCH_MIN;
      const ors: Expression<SqlBool>[] = [
        match === 'email'
          ? emailPrefixMatch(db, text.toLowerCase())
          : short
            ? scannedMatch(text, digits)
            : match === 'row'
              ? rowDocumentMatch(db, terms)
              : match === 'index'
                ? documentMatch(terms)
                : sql<boolean>`a.rowid in (select value from json_each(${JSON.stringify(match.found)}))`,
      ];
      // A booking reference read out in any case, with or without its dashes, finds its booking.
      const reference = normalizeReference(text);
      if (reference) ors.push(eb('a.reference', '=', reference));
      // A test's name: matched in the (small) catalogue first, then through appointment_tests' indexes.
      if (f.testIds?.length) {
        ors.push(
          match !== 'row'
            ? eb('a.id', 'in', eb.selectFrom('appointment_tests as at').select('at.appointment_id').where('at.test_id', 'in', f.testIds))
            : eb.exists(eb.selectFrom('appointment_tests as at').select('at.appointment_id').whereRef('at.appointment_id', '=', 'a.id').where('at.test_id', 'in', f.testIds)),
        );
      }
      return eb.or(ors);
    });
  }
  return query;
}

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** any of `terms` inside the search document (name key, e-mail, phone, its digits, id, reference): a LIKE pg_trgm's GIN index on the document's expression answers */
function documentMatch(terms: string[]) {
  const doc = sql.raw(searchDocumentSql('a.'));
  return sql<boolean>`(${sql.join(
    terms.map((t) => sql`(${doc}) like ${likePattern(t)} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * Any of `terms` inside the search document, computed from each row read: a plain substring test
 * (instr, strpos), which the planner cannot hand to the trigram index. For a broad text PostgreSQL
 * would otherwise build the index's whole bitmap (68,000 rows for a common name, 20-40 ms) at every
 * step down the date index. The document and the terms are lower-cased alike, so it finds what the
 * LIKE finds.
 */
function rowDocumentMatch(db: Db, terms: string[]) {
  const doc = sql.raw(searchDocumentSql('a.'));
  const contains = (t: string) => (isPostgres(db) ? sql`strpos(${doc}, ${t}) > 0` : sql`instr(${doc}, ${t}) > 0`);
  return sql<boolean>`(${sql.join(terms.map(contains), sql` or `)})`;
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

/**
 * How a narrow search (NARROW_SEARCH_MAX or fewer bookings, and as few for the tests whose name holds
 * the text) is matched, or undefined for a broad one. SQLite: the FTS5 index is asked for one more
 * than that many rowids, which it stops at (a quoted phrase matches as a substring with the trigram
 * tokenizer, and the matches come one by one); the rowids found are what the count and the page read.
 * PostgreSQL: the planner's estimate, from the statistics ANALYZE keeps of the indexed document (a GIN
 * index builds its whole bitmap before the first row: 40-80 ms for a common name); the estimate only
 * picks the way, both ways answer alike. Texts too short for a trigram are never narrow.
 */
export async function narrowSearch(db: Db, f: QueueFilter): Promise<TextMatch | undefined> {
  const text = f.q?.trim();
  if (!text) return undefined;
  const { key, terms } = searchTerms(text);
  if (key.length < INDEXED_SEARCH_MIN) return undefined;
  const probe = NARROW_SEARCH_MAX + 1;
  let match: TextMatch;
  if (looksLikeEmail(text) && (await db.selectFrom('appointments as a').select('a.id').where(emailPrefixMatch(db, text.toLowerCase())).limit(1).executeTakeFirst())) {
    match = 'email';
  } else if (isPostgres(db)) {
    if ((await estimatedRows(db, db.selectFrom('appointments as a').select('a.id').where(documentMatch(terms)))) >= probe) return undefined;
    match = 'index';
  } else {
    const phrases = terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
    const found = await sql<{ rowid: number }>`select rowid from appointments_search where appointments_search match ${phrases} limit ${probe}`.execute(db);
    if (found.rows.length >= probe) return undefined;
    match = { found: found.rows.map((r) => r.rowid) };
  }
  if (!f.testIds?.length) return match;
  const booked = await countRows(db.selectFrom(db.selectFrom('appointment_tests as at').select('at.appointment_id').where('at.test_id', 'in', f.testIds).limit(probe).as('m')));
  return booked < probe ? match : undefined;
}

/** PostgreSQL's estimate of the rows a query answers (EXPLAIN: planned with the values given, not run) */
async function estimatedRows(db: Db, query: Expression<unknown>): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>`explain (format json) ${query}`.execute(db);
  return plan.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows'];
}

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
  'a.visit_id',
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

/**
 * The queue's order (decision 052): today's work first, then the coming days, earliest first; then the
 * past, latest first, reachable but never in the way. Within a day, in the order of the day. `today`
 * is India's date.
 */
function inQueueOrder<Q extends SelectQueryBuilder<Database & { a: Database['appointments'] }, 'a', object>>(query: Q, today: string): Q {
  return query
    .orderBy(sql`case when a.date >= ${today} then 0 else 1 end`)
    .orderBy(sql`case when a.date >= ${today} then a.date end`)
    .orderBy('a.date', 'desc')
    .orderBy('a.time', 'asc')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id') as Q;
}

/** the page's rows by id, in the queue's order */
export function queueRowsById(db: Db, ids: string[], today: string) {
  if (!ids.length) return Promise.resolve([]);
  return inQueueOrder(db.selectFrom('appointments as a').leftJoin('bills as b', 'b.appointment_id', 'a.id').select(appointmentColumns).where('a.id', 'in', ids), today).execute();
}

/** a range of dates, each bound optional: a span of the queue (today on, or before today) or one step of it */
export interface DateRange {
  gte?: string | undefined;
  gt?: string | undefined;
  lte?: string | undefined;
  lt?: string | undefined;
}

function inRange<Q extends SelectQueryBuilder<Database & { a: Database['appointments'] }, 'a', object>>(query: Q, r: DateRange): Q {
  let out = query;
  if (r.gte !== undefined) out = out.where('a.date', '>=', r.gte) as Q;
  if (r.gt !== undefined) out = out.where('a.date', '>', r.gt) as Q;
  if (r.lte !== undefined) out = out.where('a.date', '<=', r.lte) as Q;
  if (r.lt !== undefined) out = out.where('a.date', '<', r.lt) as Q;
  return out;
}

/** rows of the date index one step of a broad search reads: some 5 ms of SQLite's time (2 µs a row) */
export const QUEUE_STEP_ROWS = 5000;

/**
 * The far end of the next step through the date index within `range`, read from the index alone: the
 * date QUEUE_STEP_ROWS rows along (`asc`: up from the range's start; `desc`: down from its end), so a
 * step holds that many rows and the rest of its last day, or undefined when fewer rows are left (the
 * step is then the rest of the range).
 */
export async function queueStepEnd(db: Db, range: DateRange, order: 'asc' | 'desc'): Promise<string | undefined> {
  return (await queueStepEndQuery(db, range, order).executeTakeFirst())?.date;
}

/** queueStepEnd's statement (its test reads the plan) */
export const queueStepEndQuery = (db: Db, range: DateRange, order: 'asc' | 'desc') =>
  inRange(db.selectFrom('appointments as a'), range).select('a.date').orderBy('a.date', order).limit(1).offset(QUEUE_STEP_ROWS - 1);

/** Up to `limit` ids of the filter's appointments in the queue's order, matched as `match` says; within `range` when given: a step. */
export async function queueIds(db: Db, f: QueueFilter, match: TextMatch, limit: number, today: string, range: DateRange = {}): Promise<string[]> {
  const rows = await inQueueOrder(inRange(filtered(db, f, match).select('a.id'), range), today)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export type QueueRow = Awaited<ReturnType<typeof queueRowsById>>[number];

export function appointmentById(db: Db, id: string) {
  return db
    .selectFrom('appointments as a')
    .leftJoin('bills as b', 'b.appointment_id', 'a.id')
    .select(appointmentColumns)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export interface ChargedTest {
  appointment_id: string;
  test_id: number;
  name: string;
  name_hi: string | null;
  price_paise: number;
  list_paise: number | null;
  discount: 'offer' | 'member' | null;
}

/** the tests of these appointments as charged, in the order booked */
export function chargedTests(db: Db, appointmentIds: readonly string[]): Promise<ChargedTest[]> {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('appointment_tests')
    .select(['appointment_id', 'test_id', 'name', 'name_hi', 'price_paise', 'list_paise', 'discount'])
    .where('appointment_id', 'in', [...appointmentIds])
    .orderBy('appointment_id')
    .orderBy('position')
    .execute();
}

/** of these appointments, those whose tests have active parameters: they are completed only by a report's release (decision 046) */
export async function needingReport(db: Db, appointmentIds: readonly string[]): Promise<Set<string>> {
  if (appointmentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('appointment_tests as at')
    .innerJoin('test_parameters as p', 'p.test_id', 'at.test_id')
    .select('at.appointment_id')
    .distinct()
    .where('at.appointment_id', 'in', [...appointmentIds])
    .where('p.active', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.appointment_id));
}

/** the appointments of a household's shared visit other than `exceptId` that still hold its seat (not cancelled) */
export async function othersAtVisit(db: Db, visitId: string, exceptId: string) {
  return db
    .selectFrom('appointments')
    .select(['id', 'status', 'user_id', 'reference', 'user_email', 'language'])
    .where('visit_id', '=', visitId)
    .where('id', '!=', exceptId)
    .where('status', '!=', 'cancelled')
    .execute();
}
