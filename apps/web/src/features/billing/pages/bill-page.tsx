// /billing/{appointmentId}: the bill (spec §2, §6). Reachable only from the booking page or the
// dashboard, which pass `validAccess` in navigation state; otherwise the visitor goes to the
// dashboard (and from there to /login when logged out). "Download PDF" opens the print dialog,
// where the print stylesheet leaves the invoice alone on the page.
import { paths } from '@lab/contract';
import { Navigate, useLocation, useParams } from 'react-router';
import { useBill } from '../../../shared/api/bills.ts';
import { ApiError } from '../../../shared/api/client.ts';
import { Invoice } from '../components/invoice.tsx';

export function meta() {
  return [{ title: 'Bill | Lab Centre Diagnostics' }, { name: 'robots', content: 'noindex' }];
}

function hasValidAccess(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { validAccess?: unknown }).validAccess === true;
}

export default function BillPage() {
  const { appointmentId = '' } = useParams();
  const location = useLocation();
  const allowed = hasValidAccess(location.state);
  const bill = useBill(appointmentId, allowed && appointmentId !== '');

  if (!allowed) return <Navigate to={paths.dashboard} replace />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      {bill.isPending ? (
        <p role="status" className="text-center text-slate-600">
          Loading bill...
        </p>
      ) : bill.isError ? (
        <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
          <p className="font-medium">
            {bill.error instanceof ApiError && bill.error.status === 404
              ? 'No bill found for this appointment.'
              : 'Could not load the bill. Please try again.'}
          </p>
          {bill.error instanceof ApiError && bill.error.status === 404 ? null : (
            <button
              type="button"
              onClick={() => void bill.refetch()}
              className="mt-2 rounded-md border border-red-700 px-3 py-1 text-sm font-medium hover:bg-red-100"
            >
              Try again
            </button>
          )}
        </div>
      ) : (
        <>
          <Invoice bill={bill.data} />
          <div className="mt-6 flex justify-end print:hidden">
            <button
              type="button"
              onClick={() => window.print()}
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              Download PDF
            </button>
          </div>
        </>
      )}
    </div>
  );
}
