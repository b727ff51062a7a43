// The run sheet's "On the way" per visit (docs/messaging.md): the front desk or the collector presses it
// as the collector sets off, which queues the "collector on the way" message (with the collector's name)
// on the patient's SMS and WhatsApp. Once sent it is disabled and says when; a visit nobody collects yet
// cannot send it. Hidden in print.
import type { HomeVisit } from '@lab/contract';
import { ApiError } from '../../../shared/api/client.ts';
import { useOnTheWay } from '../api/slots.ts';
import { formatDateTime } from '../lib/format.ts';
import { btn } from './ui.tsx';

/** the server's refusal in words (its field message, else its error), or a plain network failure */
function refusalOf(e: unknown): string {
  if (e instanceof ApiError) {
    const body = e.body as { errors?: Record<string, unknown> } | Record<string, unknown> | null;
    const fields = body && typeof body === 'object' && 'errors' in body && body.errors && typeof body.errors === 'object' ? body.errors : body;
    const first = fields && typeof fields === 'object' ? Object.values(fields)[0] : null;
    if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
    if (typeof first === 'string') return first;
    return e.message;
  }
  return 'Could not reach the server. Please try again.';
}

export function OnTheWayButton({ visit, allowed }: { visit: HomeVisit; allowed: boolean }) {
  const send = useOnTheWay();
  const sentAt = visit.on_the_way_at ?? send.data?.on_the_way_at ?? null;
  const who = visit.phlebotomist?.name;
  return (
    <div className="print:hidden">
      <button
        type="button"
        className={btn.secondary}
        disabled={!allowed || sentAt !== null || !visit.phlebotomist || send.isPending}
        aria-label={`On the way: ${visit.patient_name}`}
        onClick={() => send.mutate(visit.id)}
      >
        On the way
      </button>
      {sentAt ? (
        <div className="mt-1 text-xs text-slate-700">Sent {formatDateTime(sentAt)}</div>
      ) : !who ? (
        <div className="mt-1 text-xs text-slate-700">Assign a collector first</div>
      ) : null}
      {send.isError ? (
        <div role="alert" className="mt-1 text-xs text-red-800">
          {refusalOf(send.error)}
        </div>
      ) : null}
    </div>
  );
}
