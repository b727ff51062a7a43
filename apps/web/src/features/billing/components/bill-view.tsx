// The bill of one appointment with its loading and error states and the "Download PDF" button, shared
// by the in-app /billing route (guarded) and the /bill capability route that e-mails link to.
import { useBill } from '../../../shared/api/bills.ts';
import { ApiError } from '../../../shared/api/client.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { BillPayment } from './bill-payment.tsx';
import { Invoice } from './invoice.tsx';

export function BillView({ appointmentId, enabled = true }: { appointmentId: string; enabled?: boolean }) {
  const bill = useBill(appointmentId, enabled && appointmentId !== '');
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      {bill.isPending ? (
        <p role="status" className="text-center text-slate-600">
          {t('patient.bill.loading')}
        </p>
      ) : bill.isError ? (
        <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
          <p className="font-medium">
            {bill.error instanceof ApiError && bill.error.status === 404
              ? t('patient.dash.billNotFound')
              : t('patient.bill.failed')}
          </p>
          {bill.error instanceof ApiError && bill.error.status === 404 ? null : (
            <button
              type="button"
              onClick={() => void bill.refetch()}
              className="mt-2 rounded-md border border-red-700 px-3 py-1 text-sm font-medium hover:bg-red-100"
            >
              {t('patient.tryAgain')}
            </button>
          )}
        </div>
      ) : (
        <>
          <Invoice bill={bill.data} />
          <BillPayment bill={bill.data} />
          <div className="mt-6 flex justify-end print:hidden">
            <button
              type="button"
              onClick={() => window.print()}
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              {t('patient.bill.pdf')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
