// How to pay a bill, under the invoice: the amount due, the UPI QR code (an image the server draws,
// shown without any script of its own) and the same payment as a "Pay with a UPI app" link for a
// phone, the form for the UPI transaction reference (UTR) after paying, what staff decided about it,
// and the receipt once the bill is paid. Nothing of it is printed with the invoice.
import { billPaymentStatusLabels, type Bill, UTR_RULE } from '@lab/contract';
import { useId, useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { useSubmitUtr } from '../../../shared/api/bills.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';

function utrError(e: unknown): string {
  if (e instanceof ApiError && e.body && typeof e.body === 'object') {
    const body = e.body as Record<string, unknown>;
    const field = body.utr;
    if (Array.isArray(field) && typeof field[0] === 'string') return field[0];
    if (typeof body.error === 'string') return body.error;
  }
  return 'Could not send the reference. Please try again.';
}

function UtrForm({ billKey }: { billKey: string }) {
  const id = useId();
  const [utr, setUtr] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const submit = useSubmitUtr(billKey);
  const error = local ?? (submit.isError ? utrError(submit.error) : null);
  return (
    <form
      className="mt-4 grid gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const digits = utr.replace(/\s/g, '');
        if (!/^\d{12}$/.test(digits)) return setLocal(UTR_RULE);
        setLocal(null);
        submit.mutate(digits);
      }}
    >
      <label htmlFor={`${id}-utr`} className="font-medium text-slate-800">
        Paid already? UPI transaction reference (UTR)
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        The 12-digit number your UPI app shows after paying (also called UPI Ref No.).
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-utr`}
          name="utr"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={utr}
          onChange={(e) => setUtr(e.target.value)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="w-48 rounded-md border border-slate-400 px-3 py-2 font-mono"
        />
        <button type="submit" disabled={submit.isPending} className={buttonStyle('primary', 'small')}>
          {submit.isPending ? 'Sending...' : 'Submit UTR'}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}

export function BillPayment({ bill }: { bill: Bill }) {
  return (
    <section aria-labelledby="payment-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm print:hidden">
      <h2 id="payment-heading" className="text-lg font-bold text-slate-900">
        Payment
      </h2>
      <p className="mt-1 text-slate-800" role="status">
        {billPaymentStatusLabels[bill.payment_status]}
        {bill.amount_due > 0 && <> · Amount due: <strong className="tabular-nums">{formatRupees(bill.amount_due)}</strong></>}
      </p>
      {bill.submitted_utr && <p className="mt-1 text-sm text-slate-700">Reference submitted: <span className="font-mono">{bill.submitted_utr}</span>. The lab confirms it once the money shows in its account.</p>}
      {bill.rejected && (
        <p className="mt-2 rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800">
          The reference <span className="font-mono">{bill.rejected.utr}</span> was not confirmed: {bill.rejected.reason}
        </p>
      )}
      {bill.refund_owed > 0 && <p className="mt-1 text-slate-800">The lab owes you a refund of {formatRupees(bill.refund_owed)}.</p>}
      {bill.upi && (
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
          <img src={bill.upi.qr_path} width={180} height={180} alt={`UPI QR code: pay ${formatRupees(bill.amount_due)} to ${bill.upi.payee}`} className="h-44 w-44 border border-slate-200" />
          <div className="grid gap-2 text-sm text-slate-700">
            <p>Scan with any UPI app, or on this phone:</p>
            <a href={bill.upi.link} className={buttonStyle('primary', 'small')}>
              Pay with a UPI app
            </a>
            <p>
              UPI ID: <span className="font-mono">{bill.upi.vpa}</span> ({bill.upi.payee})
            </p>
            <p>Invoice {bill.invoice_no} is the payment's reference.</p>
          </div>
        </div>
      )}
      {bill.amount_due > 0 && !bill.submitted_utr && bill.upi && <UtrForm billKey={bill.appointment_id} />}
      {bill.receipt_path && (
        <a href={bill.receipt_path} download className={`${buttonStyle('secondary', 'small')} mt-4 inline-block`}>
          Download receipt
        </a>
      )}
    </section>
  );
}
