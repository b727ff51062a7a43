// Rules of test parameters in the staff catalogue: list a test's parameters with their intervals,
// add one, and edit one with its intervals replaced as a whole. Each is audited with what changed. An
// edit applies to results entered after it; released reports keep the intervals they were released with.
import type { TestParameter } from '@lab/contract';
import type { parameterInputSchema } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { auditedCreate, auditedUpdate } from '../audit/record.ts';
import { notFound, oneOrNotFound } from '../../lib/errors.ts';
import { parameterFields } from '../reports/rules.ts';
import * as q from './parameters-queries.ts';

type Db = Kysely<Database>;
type Input = z.output<typeof parameterInputSchema>;
type Row = NonNullable<Awaited<ReturnType<typeof q.parameterById>>>;
type IntervalRow = Awaited<ReturnType<typeof q.intervalsOf>>[number];

const NO_PARAMETER = 'Parameter not found.';

function shape(p: Row, intervals: IntervalRow[]): TestParameter {
  return {
    id: p.id,
    ...parameterFields(p),
    sort_order: p.sort_order,
    active: p.active === 1,
    loinc_code: p.loinc_code,
    loinc_display: p.loinc_display,
    specimen_code: p.specimen_code,
    intervals: intervals
      .filter((i) => i.parameter_id === p.id)
      .map(({ sex, age_unit, age_from, age_to, lower, upper, critical_low, critical_high }) => ({ sex, age_unit, age_from, age_to, lower, upper, critical_low, critical_high })),
  };
}

export async function listParameters(db: Db, testId: number): Promise<TestParameter[]> {
  if (!(await q.testExists(db, testId))) throw notFound('Test not found.');
  const rows = await q.parametersOfTest(db, testId);
  const intervals = await q.intervalsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => shape(r, intervals));
}

export async function getParameter(db: Db, id: number): Promise<TestParameter> {
  const row = await oneOrNotFound(q.parameterById(db, id).then((r) => (r ? [r] : [])), NO_PARAMETER);
  return shape(row, await q.intervalsOf(db, [id]));
}

const columns = (p: Input) => ({
  name: p.name,
  unit: p.unit,
  result_type: p.result_type,
  decimals: p.result_type === 'number' ? p.decimals : 0,
  choices_json: p.result_type === 'choice' && p.choices ? JSON.stringify(p.choices) : null,
  normal_choice: p.result_type === 'choice' ? p.normal_choice : null,
  method: p.method,
  sample_type: p.sample_type,
  sort_order: p.sort_order,
  active: p.active ? (1 as const) : (0 as const),
  loinc_code: p.loinc_code,
  loinc_display: p.loinc_code ? p.loinc_display : null,
  specimen_code: p.specimen_code,
});

export async function createParameter(db: Db, actorUserId: number, testId: number, p: Input): Promise<TestParameter> {
  if (!(await q.testExists(db, testId))) throw notFound('Test not found.');
  const id = await auditedCreate(db, actorUserId, 'test_parameter', async (trx) => {
    const row = await q.insertParameter(trx, { ...columns(p), test_id: testId });
    await q.replaceIntervals(trx, row.id, p.intervals);
    return { id: row.id, after: { test_id: testId, ...columns(p), intervals: p.intervals } };
  });
  return getParameter(db, id);
}

export async function updateParameter(db: Db, actorUserId: number, id: number, p: Input): Promise<TestParameter> {
  await auditedUpdate(db, { actorUserId, entity: 'test_parameter', entityId: id, missing: NO_PARAMETER }, {
    load: async (trx) => {
      const row = await q.parameterById(trx, id);
      return row && { row, intervals: shape(row, await q.intervalsOf(trx, [id])).intervals };
    },
    next: () => ({ ...columns(p), intervals: p.intervals }),
    save: async (trx, v) => {
      const { intervals, ...cols } = v;
      await q.updateParameter(trx, id, cols);
      await q.replaceIntervals(trx, id, intervals);
    },
    audited: (current, v) => {
      const { id: _id, test_id: _t, ...before } = current.row;
      return { before: { ...before, intervals: current.intervals }, after: v };
    },
  });
  return getParameter(db, id);
}

