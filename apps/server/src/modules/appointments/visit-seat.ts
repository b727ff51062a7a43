// The seat of a household's shared home visit (docs/families-and-doctors.md, decision 068): the people drawn
// at one visit hold one seat between them, so a cancelled appointment gives the seat back only when it was
// the last of its visit still standing. Called in the cancel's transaction, after the status change.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { releaseSeat } from '../slots/service.ts';
import { lockVisit } from './lifecycle.ts';
import { othersAtVisit } from './queries.ts';

/** a cancelled appointment's seat back to its slot, unless others of its shared visit still stand */
export async function releaseSeatOf(trx: Kysely<Database>, row: { id: string; visit_id: string | null; date: string; time: string; home_sample: number }): Promise<void> {
  if (row.visit_id !== null && (await othersAtVisit(trx, row.visit_id, row.id)).length > 0) return;
  await releaseSeat(trx, { date: row.date, time: row.time, homeSample: row.home_sample === 1 });
}

/** locks the shared visit of `row`, if it has one, before a cancel or reschedule decides about its seat */
export async function lockVisitOf(trx: Kysely<Database>, row: { visit_id: string | null }): Promise<void> {
  if (row.visit_id !== null) await lockVisit(trx, row.visit_id);
}
