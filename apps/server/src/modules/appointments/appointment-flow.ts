// The appointment lifecycle as staff move it: booked → approved → sample collected → completed, one
// step at a time (so the audit trail holds every step and the statistics never infer a skipped one),
// and cancelled from any state before completed. A visit whose tests have parameters to report is
// completed only by its report's release (reports/service.ts), never by a status change; a visit of
// tests without parameters (imaging, cultures) is completed by staff here (docs/decisions/046).
// Pure rules, shared by the service and its tests.
import { APPOINTMENT_FLOW, type AppointmentStatus, messagesEn, statusLabels } from '@lab/contract';

const flow: readonly AppointmentStatus[] = APPOINTMENT_FLOW;

const label = (s: AppointmentStatus) => statusLabels[s].toLowerCase();

/** null when `from → to` is allowed, otherwise the message to show */
export function transitionError(from: AppointmentStatus, to: AppointmentStatus): string | null {
  if (from === to) return `The appointment is already ${label(to)}.`;
  if (from === 'completed') return 'A completed appointment cannot change its status.';
  if (from === 'cancelled') return 'A cancelled appointment cannot change its status.';
  if (to === 'cancelled') return null;
  const i = flow.indexOf(from);
  const j = flow.indexOf(to);
  if (j < i) return `An appointment cannot go back from ${label(from)} to ${label(to)}.`;
  const next = flow[i + 1];
  if (j !== i + 1 && next) return `The next step after ${label(from)} is ${label(next)}.`;
  return null;
}

export const COMPLETED_BY_REPORT = messagesEn['booking.completed_by_report'];

/** null when a status change may make the visit `to`; the refusal otherwise (a 409: the move is right, the visit is not ready) */
export function completionError(to: AppointmentStatus, needsReport: boolean): string | null {
  return to === 'completed' && needsReport ? COMPLETED_BY_REPORT : null;
}
