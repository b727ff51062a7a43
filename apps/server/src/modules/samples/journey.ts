// What other modules read from or tell samples, kept apart from the samples service (which reaches into
// appointments, slots and messaging) so that reports and booking import nothing more than this: a visit's
// report is released (its containers leave the turnaround queue, in the release's transaction), and a
// visit's journey for the patient's card (received at the lab, report expected by).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { journeyOf, markReported } from './queries.ts';

export function reportReleased(trx: Kysely<Database>, appointmentId: string, at: string): Promise<void> {
  return markReported(trx, appointmentId, at);
}

/** per visit: when the lab received its first container and when its report is expected (null: not yet) */
export function sampleJourneys(db: Kysely<Database>, appointmentIds: readonly string[]) {
  return journeyOf(db, appointmentIds);
}
