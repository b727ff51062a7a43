// The appointment queue: filter by date, status, payment and text; move an appointment to its next
// step or cancel it (a booking paid online: the cancel step offers its refund through the gateway); the
// bill's payments (components/bill-actions.tsx). A change shows in the row at once (the server's answer
// replaces the row) and the list is refetched behind it. A visit whose tests have results to report
// has no "Complete" button: its report's release completes it (docs/decisions/046); a visit of tests
// without parameters (imaging, cultures) is completed here, after a confirmation.
import { type AppointmentStatus, appointmentStatusSchema, nextStatus, queuePaymentFilterSchema, type StaffAppointment, staffPaths, statusLabels } from '@lab/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { QUEUE_PAGE, type QueueFilters, useChangeStatus, useQueue } from '../api/appointments.ts';
import { usePaymentAction } from '../api/payments.ts';
import { BillActions } from '../components/bill-actions.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { SelectInput, TextInput } from '../components/fields.tsx';
import { DataTable } from '../components/data-table.tsx';
import { MailLog } from '../components/mail-log.tsx';
import { Badge, btn, ListState, Pager, tdClass } from '../components/ui.tsx';
import { formatDate, todayInIndia } from '../lib/format.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { ScreenError, staffMeta } from '../components/screen-route.tsx';

export const meta = () => staffMeta('Appointments');
export const ErrorBoundary = ScreenError;

const actionLabel: Record<string, string> = {
  approved: 'Approve',
  sample_collected: 'Sample collected',
  completed: 'Complete (no report)',
};

const statusTone: Record<AppointmentStatus, 'blue' | 'amber' | 'green' | 'red' | 'slate'> = {
  booked: 'blue',
  approved: 'amber',
  sample_collected: 'amber',
  completed: 'green',
  cancelled: 'red',
};

const paymentFilterLabels = { unpaid: 'Unpaid', awaiting_confirmation: 'Awaiting confirmation', paid: 'Paid', refund_owed: 'Refund owed' } as const;

function messageOf(e: unknown): string {
  if (e instanceof ApiError) {
    const body = e.body as Record<string, unknown> | null;
    const first = body && typeof body === 'object' ? Object.values(body)[0] : null;
    if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
    return e.message;
  }
  return 'Could not reach the server. Please try again.';
}

function Row({ a, onResult }: { a: StaffAppointment; onResult(message: string, tone: 'success' | 'error'): void }) {
  const status = useChangeStatus();
  const busy = status.isPending;
  const next = nextStatus(a.status);
  // completed only by the report's release when the tests have results to report
  const byReport = next === 'completed' && a.needs_report;
  const open = a.status !== 'completed' && a.status !== 'cancelled';
  const [cancelling, setCancelling] = useState(false);
  const [refundNow, setRefundNow] = useState(true);
  const refund = usePaymentAction();

  const move = (to: AppointmentStatus) =>
    status.mutate(
      { id: a.id, status: to },
      {
        onSuccess: (changed) => onResult(`${changed.user_name}: ${statusLabels[changed.status].toLowerCase()}.`, 'success'),
        onError: (e) => onResult(messageOf(e), 'error'),
      },
    );

  /** cancels, then (when chosen) refunds what was paid online through the gateway */
  const cancelWithRefund = () =>
    status.mutate(
      { id: a.id, status: 'cancelled' },
      {
        onSuccess: (changed) => {
          if (!refundNow || a.bill_id === null) return onResult(`${changed.user_name}: ${statusLabels[changed.status].toLowerCase()}.`, 'success');
          refund.mutate(
            { kind: 'gateway-refund', billId: a.bill_id, body: { amount: a.refundable_online, reason: 'Booking cancelled' } },
            {
              onSuccess: () => onResult(`${changed.user_name}: cancelled; ${formatRupees(a.refundable_online)} refund sent to the gateway.`, 'success'),
              onError: (e) => onResult(`${changed.user_name}: cancelled, but the refund was not made: ${messageOf(e)}`, 'error'),
            },
          );
        },
        onError: (e) => onResult(messageOf(e), 'error'),
      },
    );

  return (
    <tr>
      <td className={tdClass}>
        <div className="font-semibold">{formatDate(a.date)}</div>
        <div>{a.time}</div>
      </td>
      <th scope="row" className={`${tdClass} font-normal`}>
        <div className="font-semibold">{a.user_name}</div>
        <div className="text-slate-700">{a.user_phone}</div>
        <div className="break-all text-slate-700">{a.user_email}</div>
        {a.home_sample && <div className="text-slate-700">Home collection: {a.address}</div>}
        <div className="mt-1 font-mono text-sm font-semibold text-slate-800">{a.reference}</div>
        <div className="font-mono text-xs text-slate-500">{a.id}</div>
        <MailLog appointmentId={a.id} />
      </th>
      <td className={tdClass}>
        <ul>
          {a.tests.map((t, i) => (
            <li key={`${t.id}-${i}`}>{t.name}</li>
          ))}
        </ul>
      </td>
      <td className={tdClass}>
        <BillActions a={a} onResult={(message, tone, error) => onResult(error === undefined ? message : messageOf(error), tone)} />
      </td>
      <td className={tdClass}>
        <Badge tone={statusTone[a.status]}>{statusLabels[a.status]}</Badge>
      </td>
      <td className={tdClass}>
        <div className="flex flex-wrap gap-2">
          {next && !byReport && (
            <button
              type="button"
              className={btn.primary}
              disabled={busy}
              onClick={() => {
                if (next !== 'completed' || window.confirm(`Complete the visit of ${a.user_name}? Its tests have no results to report in the lab's report.`)) move(next);
              }}
            >
              {actionLabel[next]}
            </button>
          )}
          {byReport && (
            <Link className="self-center text-sm font-semibold text-brand-800 underline" to={staffPaths.staffResult(a.id)}>
              Completed by its report<span className="sr-only"> (results of {a.user_name})</span>
            </Link>
          )}
          {open && (
            <button
              type="button"
              className={btn.danger}
              disabled={busy}
              onClick={() => {
                // a booking paid online: the cancel step offers the refund through the gateway
                if (a.refundable_online > 0) {
                  setRefundNow(true);
                  setCancelling(true);
                } else if (window.confirm(`Cancel the appointment of ${a.user_name} on ${formatDate(a.date)} at ${a.time}?`)) move('cancelled');
              }}
            >
              Cancel
            </button>
          )}
          {cancelling && (
            <ConfirmDialog
              open
              title="Cancel this appointment?"
              body={`${a.user_name}, ${formatDate(a.date)} at ${a.time}: ${formatRupees(a.refundable_online)} was paid online. A cancelled booking's payment is owed back in full.`}
              confirmLabel="Cancel appointment"
              cancelLabel="Keep it"
              onConfirm={cancelWithRefund}
              onClose={() => setCancelling(false)}
            >
              <label className="flex items-start gap-2 text-sm text-slate-900">
                <input type="checkbox" className="mt-1" checked={refundNow} onChange={(e) => setRefundNow(e.target.checked)} />
                <span>Refund {formatRupees(a.refundable_online)} online now (back to the patient's UPI, card or bank through the payment gateway)</span>
              </label>
            </ConfirmDialog>
          )}
        </div>
      </td>
    </tr>
  );
}

export default function AppointmentsScreen() {
  const [date, setDate] = useState('');
  const [status, setStatus] = useState<QueueFilters['status']>('');
  const [payment, setPayment] = useState<QueueFilters['payment']>('');
  const [text, setText] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDebounced(text);
  const queue = useQueue({ date, status, payment, q, offset });
  const [result, setResult] = useState<{ message: string; tone: 'success' | 'error' } | null>(null);

  const filtersChanged = () => {
    setOffset(0);
    setResult(null);
  };

  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading" className="mb-4 text-xl font-bold text-slate-900">
        Appointments queue
      </h2>
      <form role="search" aria-label="Filter appointments" className="mb-4 grid gap-3 sm:grid-cols-[auto_auto_auto_1fr_auto] sm:items-end" onSubmit={(e) => e.preventDefault()}>
        <TextInput label="Date" type="date" value={date} onChange={(e) => (setDate(e.target.value), filtersChanged())} />
        <SelectInput label="Status" value={status} onChange={(e) => (setStatus(e.target.value as QueueFilters['status']), filtersChanged())}>
          <option value="">All statuses</option>
          {appointmentStatusSchema.options.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </SelectInput>
        <SelectInput label="Payment" value={payment} onChange={(e) => (setPayment(e.target.value as QueueFilters['payment']), filtersChanged())}>
          <option value="">All payments</option>
          {queuePaymentFilterSchema.options.map((p) => (
            <option key={p} value={p}>
              {paymentFilterLabels[p]}
            </option>
          ))}
        </SelectInput>
        <TextInput label="Search" type="search" placeholder="Name, phone, e-mail, reference or test" value={text} onChange={(e) => (setText(e.target.value), filtersChanged())} />
        <div className="flex gap-2">
          <button type="button" className={btn.secondary} onClick={() => (setDate(todayInIndia()), filtersChanged())}>
            Today
          </button>
          <button type="button" className={btn.secondary} onClick={() => (setDate(''), setStatus(''), setPayment(''), setText(''), filtersChanged())}>
            Clear filters
          </button>
        </div>
      </form>

      <StatusMessage message={result?.message} tone={result?.tone ?? 'success'} className="mb-3" />
      <ListState isLoading={queue.isLoading} error={queue.error} loadingText="Loading appointments..." />

      {queue.data &&
        (queue.data.items.length === 0 ? (
          <p className="py-4 text-slate-700">No appointments match these filters.</p>
        ) : (
          <div className="overflow-x-auto">
            <DataTable caption="Appointments, latest dates first" columns={['When', 'Patient', 'Tests', 'Bill', 'Status', 'Actions']}>
              {queue.data.items.map((a) => (
                <Row key={a.id} a={a} onResult={(message, tone) => setResult({ message, tone })} />
              ))}
            </DataTable>
          </div>
        ))}
      {queue.data && <Pager label="Appointments" total={queue.data.total} capped={queue.data.count_capped} offset={offset} limit={QUEUE_PAGE} onChange={setOffset} />}
    </section>
  );
}
