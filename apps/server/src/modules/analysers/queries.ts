// SQL of the analysers: their codes' mappings, the message log (by container, by analyser, and its
// 90-day purge), and the last message per analyser. Every read is by key or an index, newest first.
import { type Kysely, sql, type Transaction } from 'kysely';
import { likePattern } from '../../db/queries.ts';
import { inBatches } from '../../lib/batches.ts';
import type { AnalyserCodesTable, AnalyserMessagesTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function codesOf(db: Db, analyser: string, codes: readonly string[]): Promise<AnalyserCodesTable[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('analyser_codes').selectAll().where('analyser', '=', analyser).where('code', 'in', [...codes]).execute();
}

/** codes first seen in a message: listed for staff, unmapped (a code already listed is left as it is) */
export async function listNewCodes(db: Db, analyser: string, codes: ReadonlyArray<{ code: string; text: string }>, at: string): Promise<void> {
  if (codes.length === 0) return;
  await db
    .insertInto('analyser_codes')
    .values(codes.map((c) => ({ analyser, code: c.code, code_text: c.text, state: 'unmapped' as const, parameter_id: null, unit: null, factor: null, first_seen_at: at, updated_at: at, updated_by: null })))
    .onConflict((oc) => oc.columns(['analyser', 'code']).doNothing())
    .execute();
}

export function allCodes(db: Db, analyser: string) {
  return db
    .selectFrom('analyser_codes as c')
    .leftJoin('test_parameters as p', 'p.id', 'c.parameter_id')
    .leftJoin('tests as t', 't.id', 'p.test_id')
    .select(['c.code', 'c.code_text', 'c.state', 'c.parameter_id', 'c.unit', 'c.factor', 'c.first_seen_at', 'c.updated_at', 'p.name as parameter_name', 'p.unit as parameter_unit', 't.name as test_name'])
    .where('c.analyser', '=', analyser)
    .orderBy('c.state', 'desc')
    .orderBy('c.code')
    .execute();
}

/** active parameters whose name or test's name holds the text, at most `limit` (the catalogue, not a growing table) */
export function findParameters(db: Db, text: string, limit: number) {
  const pattern = likePattern(text);
  return db
    .selectFrom('test_parameters as p')
    .innerJoin('tests as t', 't.id', 'p.test_id')
    .select(['p.id', 't.name as test_name', 'p.name', 'p.unit', 'p.result_type'])
    .where('p.active', '=', 1)
    .where((eb) => eb.or([sql<boolean>`lower(${sql.ref('p.name')}) like ${pattern} escape '\\'`, sql<boolean>`lower(${sql.ref('t.name')}) like ${pattern} escape '\\'`]))
    .orderBy('t.name')
    .orderBy('p.sort_order')
    .limit(limit)
    .execute();
}

export function code(db: Db, analyser: string, c: string) {
  return db.selectFrom('analyser_codes').selectAll().where('analyser', '=', analyser).where('code', '=', c).executeTakeFirst();
}

export async function putCode(db: Db, row: AnalyserCodesTable): Promise<void> {
  await db
    .insertInto('analyser_codes')
    .values(row)
    .onConflict((oc) => oc.columns(['analyser', 'code']).doUpdateSet({ state: row.state, parameter_id: row.parameter_id, unit: row.unit, factor: row.factor, updated_at: row.updated_at, updated_by: row.updated_by }))
    .execute();
}

/**
 * The codes these analysers have for a container's tests (their mapping read backwards): each mapped
 * code whose parameter is an active one of a test the container serves, in the catalogue's order.
 */
export function orderCodesOf(db: Db, analysers: readonly string[], sampleId: number) {
  return db
    .selectFrom('sample_tests as st')
    .innerJoin('test_parameters as p', 'p.test_id', 'st.test_id')
    .innerJoin('analyser_codes as c', 'c.parameter_id', 'p.id')
    .select(['c.analyser', 'c.code', 'c.code_text'])
    .where('st.sample_id', '=', sampleId)
    .where('p.active', '=', 1)
    .where('c.state', '=', 'mapped')
    .where('c.analyser', 'in', [...analysers])
    .orderBy('c.analyser')
    .orderBy('st.test_id')
    .orderBy('p.sort_order')
    .orderBy('c.code')
    .execute();
}

/** an analyser's orders that failed for good since `since` (a partial index holds only those: migration 060) */
export async function failedOrderCount(db: Db, analyser: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('mail_jobs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('channel', '=', 'analyser')
    .where('state', '=', 'failed')
    .where('recipient', '=', analyser)
    .where('updated_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function unmappedCount(db: Db, analyser: string): Promise<number> {
  return db
    .selectFrom('analyser_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('analyser', '=', analyser)
    .where('state', '=', 'unmapped')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function lastMessage(db: Db, analyser: string) {
  return db.selectFrom('analyser_messages').select(['created_at', 'ack_code']).where('analyser', '=', analyser).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** the message whose results were taken under this key, if any */
export function accepted(db: Db, key: string) {
  return db.selectFrom('analyser_messages').select(['id', 'ack_raw']).where('accepted_key', '=', key).executeTakeFirst();
}

export async function logMessage(db: Db, row: Omit<AnalyserMessagesTable, 'id'>): Promise<void> {
  await db.insertInto('analyser_messages').values(row).execute();
}

const messageColumns = ['m.id', 'm.analyser', 'm.direction', 'm.message_type', 'm.control_id', 'm.accession', 'm.raw', 'm.ack_code', 'm.ack_text', 'm.ack_raw', 'm.created_at', 's.appointment_id'] as const;
/** the log with each message's visit (its container's), which the staff read log records */
const messages = (db: Db) => db.selectFrom('analyser_messages as m').leftJoin('samples as s', 's.id', 'm.sample_id').select(messageColumns);

export function messagesOfSample(db: Db, sampleId: number, limit: number) {
  return messages(db).where('m.sample_id', '=', sampleId).orderBy('m.id', 'desc').limit(limit).execute();
}

export function messagesOfAnalyser(db: Db, analyser: string, before: number | undefined, limit: number) {
  let query = messages(db).where('m.analyser', '=', analyser);
  if (before !== undefined) query = query.where('m.id', '<', before);
  return query.orderBy('m.id', 'desc').limit(limit).execute();
}

/** how long the message log is kept (docs/analysers.md) */
export const MESSAGE_DAYS = 90;

/** messages past MESSAGE_DAYS, a batch at a time (the daily retention job); answers how many went */
export function purgeOldMessages(db: Kysely<Database>, now: Date, batch: number): Promise<number> {
  const cutoff = new Date(now.getTime() - MESSAGE_DAYS * 86_400_000).toISOString();
  return inBatches(
    batch,
    async () => (await db.selectFrom('analyser_messages').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(batch).execute()).map((r) => r.id),
    async (ids) => void (await db.deleteFrom('analyser_messages').where('id', 'in', ids).execute()),
  );
}

/** an erased visit's messages go with its results (they name the patient), and so do its orders not yet sent */
export async function forgetMessagesOf(db: Db, appointmentIds: readonly string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  const sampleIds = (await db.selectFrom('samples').select('id').where('appointment_id', 'in', [...appointmentIds]).execute()).map((r) => r.id);
  for (const id of sampleIds) {
    // the container's order keys ("analyser-order:<sample id>:<analyser>": orders.ts), a range of the unique index
    await db
      .updateTable('mail_jobs')
      .set({ message_json: null })
      .where('unique_key', '>=', `analyser-order:${id}:`)
      .where('unique_key', '<', `analyser-order:${id};`)
      .where('message_json', 'is not', null)
      .execute();
  }
  await db
    .deleteFrom('analyser_messages')
    .where('sample_id', 'in', (eb) => eb.selectFrom('samples').select('id').where('appointment_id', 'in', [...appointmentIds]))
    .execute();
}
