// SQL of test parameters and their reference intervals, as staff edit them in the catalogue.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, ReferenceIntervalsTable, TestParametersTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function testExists(db: Db, testId: number) {
  return db.selectFrom('tests').select('id').where('id', '=', testId).executeTakeFirst();
}

export function parametersOfTest(db: Db, testId: number) {
  return db.selectFrom('test_parameters').selectAll().where('test_id', '=', testId).orderBy('sort_order').orderBy('id').execute();
}

export function parameterById(db: Db, id: number) {
  return db.selectFrom('test_parameters').selectAll().where('id', '=', id).executeTakeFirst();
}

export function intervalsOf(db: Db, parameterIds: number[]) {
  if (parameterIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('reference_intervals').selectAll().where('parameter_id', 'in', parameterIds).orderBy('id').execute();
}

export function insertParameter(db: Db, row: Insertable<TestParametersTable>) {
  return db.insertInto('test_parameters').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function updateParameter(db: Db, id: number, row: Omit<Insertable<TestParametersTable>, 'test_id'>): Promise<void> {
  await db.updateTable('test_parameters').set(row).where('id', '=', id).execute();
}

/** intervals are replaced as a whole: results keep their flags and reports their snapshots, so nothing points at an interval */
export async function replaceIntervals(db: Db, parameterId: number, rows: Array<Omit<Insertable<ReferenceIntervalsTable>, 'parameter_id'>>): Promise<void> {
  await db.deleteFrom('reference_intervals').where('parameter_id', '=', parameterId).execute();
  if (rows.length > 0) await db.insertInto('reference_intervals').values(rows.map((r) => ({ ...r, parameter_id: parameterId }))).execute();
}
