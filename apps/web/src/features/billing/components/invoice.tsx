// The printable invoice of one appointment or membership (spec §2 Bill, §3): the centre, the invoice
// number, the patient, the tests and the amounts. Its element id is what the print stylesheet keeps on paper.
import { type Bill, billPaymentStatusLabels } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { useLabDetails } from '../../../shared/lib/lab-info.ts';
import './invoice-print.css';

const generatedFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

function formatGeneratedAt(value: string): string {
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : generatedFormat.format(t);
}

export function Invoice({ bill }: { bill: Bill }) {
  const lab = useLabDetails();
  return (
    <article
      id="invoice"
      aria-labelledby="invoice-title"
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-4 sm:flex-row sm:items-start sm:justify-between print:flex-row">
        <div>
          <p className="text-xl font-bold text-brand-800">{lab.name}</p>
          <address className="mt-1 text-sm text-slate-600 not-italic">
            {lab.address_lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">Phone: {lab.phones.join(', ')}</span>
            <span className="block">{lab.email}</span>
          </address>
        </div>
        <div className="sm:text-right print:text-right">
          <h1 id="invoice-title" className="text-2xl font-bold text-slate-900">
            Invoice
          </h1>
          <dl className="mt-1 text-sm text-slate-700">
            <div>
              <dt className="inline font-medium">Invoice number: </dt>
              <dd className="inline font-semibold">{bill.invoice_no}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Booking reference: </dt>
              <dd className="inline font-semibold">{bill.reference}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Appointment ID: </dt>
              <dd className="inline break-all">{bill.appointment_id}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Generated at: </dt>
              <dd className="inline">{formatGeneratedAt(bill.generated_at)}</dd>
            </div>
          </dl>
        </div>
      </header>

      <section aria-label="Patient" className="grid gap-4 border-b border-slate-200 py-4 sm:grid-cols-2 print:grid-cols-2">
        <dl className="text-sm text-slate-700">
          <div>
            <dt className="inline font-medium">Patient name: </dt>
            <dd className="inline">{bill.patient_name}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Email: </dt>
            <dd className="inline break-all">{bill.user_email}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Phone: </dt>
            <dd className="inline">{bill.user_phone}</dd>
          </div>
        </dl>
        {bill.kind === 'appointment' && (
        <dl className="text-sm text-slate-700">
          <div>
            <dt className="inline font-medium">Appointment: </dt>
            <dd className="inline">
              {formatDate(bill.date)} at {bill.time}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Sample: </dt>
            <dd className="inline">{bill.home_sample ? 'Home collection' : 'At the centre'}</dd>
          </div>
        </dl>
        )}
      </section>

      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">Tests billed</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left">
            <th scope="col" className="py-2 font-semibold">
              Test
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.tests.map((t, i) => (
            <tr key={`${t.name}-${i}`} className="border-b border-slate-100">
              <td className="py-2">{t.name}</td>
              <td className="py-2 text-right tabular-nums">{formatRupees(t.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-left font-semibold">
              Total Amount
            </th>
            <td className="pt-3 text-right font-semibold tabular-nums" data-testid="bill-total">
              {formatRupees(bill.total_price)}
            </td>
          </tr>
          <tr>
            <th scope="row" className="pt-1 text-left font-semibold">
              Offer Amount
            </th>
            <td className="pt-1 text-right tabular-nums" data-testid="bill-offer">
              {bill.offer_price === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">none</span>
                </>
              ) : (
                formatRupees(bill.offer_price)
              )}
            </td>
          </tr>
        </tfoot>
      </table>

      <p className="mt-6 text-sm">
        <span className="font-medium text-slate-700">Payment status: </span>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${bill.payment_status === 'paid' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
          data-testid="bill-payment-status"
        >
          {billPaymentStatusLabels[bill.payment_status]}
        </span>
      </p>
    </article>
  );
}
