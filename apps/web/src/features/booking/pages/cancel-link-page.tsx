// /cancel/{token}: the link of the reminder e-mail. It shows the booking the signed link names and,
// after a confirmation in a dialog, cancels it; no login, on any phone. Once used, after the sample is
// collected or past its time, it says why it cannot cancel.
import { formatDayDate, type CancelLinkBooking } from '@lab/contract';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useCancelByLink, useCancelLink } from '../api/cancel-link.ts';

export function meta() {
  return [{ title: 'Cancel your appointment | Lab Centre Diagnostics' }, { name: 'robots', content: 'noindex' }];
}

const reasonOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Could not reach the server. Please try again.');

function BookingSummary({ booking }: { booking: CancelLinkBooking }) {
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-slate-800">
      <dt className="font-medium">Reference</dt>
      <dd>{booking.reference}</dd>
      <dt className="font-medium">When</dt>
      <dd>
        {formatDayDate(booking.date)} at {booking.time}
      </dd>
      <dt className="font-medium">Where</dt>
      <dd>{booking.home_sample ? 'Home sample collection' : 'At the centre'}</dd>
      <dt className="font-medium">Tests</dt>
      <dd>
        <ul>
          {booking.tests.map((name, i) => (
            <li key={i}>{name}</li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}

export default function CancelLinkPage() {
  const { token = '' } = useParams();
  const booking = useCancelLink(token);
  const cancel = useCancelByLink(token);
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmed = () =>
    cancel.mutate(undefined, {
      // The answer replaces the button: focus goes to the heading so the outcome is read next.
      onSettled: () => heading.current?.focus(),
    });

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-brand-900 focus:outline-none">
        Cancel your appointment
      </h1>
      {booking.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading your booking…
        </p>
      ) : booking.isError ? (
        <p role="alert" className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
          {reasonOf(booking.error)}
        </p>
      ) : (
        <>
          <BookingSummary booking={booking.data} />
          <StatusMessage
            className="mt-4"
            tone={cancel.isError ? 'error' : cancel.isSuccess ? 'success' : 'error'}
            message={cancel.isError ? reasonOf(cancel.error) : cancel.isSuccess ? `Your appointment ${booking.data.reference} is cancelled. Nothing more to do.` : booking.data.refusal}
          />
          {booking.data.refusal === null ? (
            <button type="button" onClick={() => setAsking(true)} disabled={cancel.isPending} className={`${buttonStyle('danger')} mt-6`}>
              {cancel.isPending ? 'Cancelling…' : 'Cancel this appointment'}
            </button>
          ) : null}
          <ConfirmDialog
            open={asking}
            title={`Cancel appointment ${booking.data.reference}?`}
            body={`The lab will no longer expect you on ${formatDayDate(booking.data.date)} at ${booking.data.time}. This cannot be undone; you can book again at any time.`}
            confirmLabel="Yes, cancel it"
            cancelLabel="Keep it"
            onConfirm={confirmed}
            onClose={() => setAsking(false)}
          />
        </>
      )}
    </div>
  );
}
