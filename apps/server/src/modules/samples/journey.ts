// What other modules read from or tell samples, kept apart from the samples service (which reaches into
// appointments, slots and messaging) so that reports and booking import nothing more than this: a visit's
// report is released (its containers count in the TAT report and leave the turnaround queue, in the release's transaction), and a
// visit's journey for the patient's card (received at the lab, report expected by), and the time its report
// is expected, before receipt from the booked slot, for the confirmation, the bill and the card.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addTatCounts, journeyOf, markReported, testIdsOfSamples } from './queries.ts';
import { addCounts, tatCountOf } from './tat.ts';
import { openingHoursFrom } from '../slots/service.ts';
import { type TestTurnaroundRow, visitTurnarounds } from './queries.ts';
import { expectedFromSlot, type OpenHoursOf, type Turnaround, turnaroundOf } from './turnaround.ts';

export { testTurnarounds, type TestTurnaroundRow } from './queries.ts';
export type { OpenHoursOf } from './turnaround.ts';

/**
 * The visit's report is released: its containers leave the queue, and each test of those received counts
 * in the TAT report (decision 072). Only containers not reported before are marked, so a later release of
 * an amendment never counts one twice; a rejected container does not count.
 */
export async function reportReleased(trx: Kysely<Database>, appointmentId: string, at: string): Promise<void> {
  const marked = (await markReported(trx, appointmentId, at)).filter((s) => s.status === 'received' && s.received_at !== null);
  const of = new Map(marked.map((s) => [s.id, s]));
  const tests = await testIdsOfSamples(trx, [...of.keys()]);
  await addTatCounts(trx, addCounts(tests.map((t) => tatCountOf(t.test_id, of.get(t.sample_id)!.received_at!, at, of.get(t.sample_id)!.expected_at))));
}

/** per visit: when the lab received its first container and when its report is expected (null: not yet) */
export function sampleJourneys(db: Kysely<Database>, appointmentIds: readonly string[]) {
  return journeyOf(db, appointmentIds);
}

/** a visit as the expected time before receipt needs it */
export interface VisitSlot {
  id: string;
  date: string;
  time: string;
  home_sample: boolean | number;
  status: string;
}

/**
 * Per visit: when its report is expected, for the patient's pages (the dashboard card, the booking
 * confirmation, the bill). Once the lab has received a container, the latest expected time of those
 * received (a late report's renewed one, decision 071); before, the time computed from the booked slot
 * with each test's turnaround and the lab's hours (turnaround.ts expectedFromSlot). None for a cancelled
 * or completed visit.
 */
export async function reportExpectations(db: Kysely<Database>, visits: readonly VisitSlot[]): Promise<Map<string, { received_at: string | null; expected_at: string | null }>> {
  const live = visits.filter((v) => v.status !== 'cancelled' && v.status !== 'completed');
  const out = new Map<string, { received_at: string | null; expected_at: string | null }>();
  if (live.length === 0) return out;
  const received = await journeyOf(db, live.filter((v) => v.status === 'sample_collected').map((v) => v.id));
  const before = live.filter((v) => !received.get(v.id)?.received_at);
  if (before.length > 0) {
    const open = await openingHoursFrom(db, before.reduce((a, v) => (v.date < a ? v.date : a), before[0]!.date));
    const byVisit = new Map<string, Turnaround[]>();
    for (const row of await visitTurnarounds(db, before.map((v) => v.id))) {
      byVisit.set(row.appointment_id, [...(byVisit.get(row.appointment_id) ?? []), turnaroundOf(row)]);
    }
    for (const v of before) {
      const tats = byVisit.get(v.id);
      if (!tats?.length) continue;
      out.set(v.id, { received_at: null, expected_at: expectedFromSlot({ date: v.date, time: v.time, homeSample: v.home_sample === true || v.home_sample === 1 }, tats, open).toISOString() });
    }
  }
  for (const [id, j] of received) if (j.received_at) out.set(id, j);
  return out;
}

/**
 * The same time for a visit just booked, from the rows a booking already holds (its tests' turnarounds and
 * the lab's hours, kept per catalogue version by booking/catalogue-reads.ts), so its answer asks the
 * database nothing after the commit; null when it has no test.
 */
export function expectedForBooking(slot: { date: string; time: string; homeSample: boolean }, turnarounds: readonly TestTurnaroundRow[], open: OpenHoursOf): string | null {
  if (turnarounds.length === 0) return null;
  return expectedFromSlot(slot, turnarounds.map(turnaroundOf), open).toISOString();
}
