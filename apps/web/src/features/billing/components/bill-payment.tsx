// How to pay a bill, under the invoice: the amount due, the UPI QR code (an image the server draws,
// shown without any script of its own) and the same payment as a "Pay with a UPI app" link for a
// phone, the form for the UPI transaction reference (UTR) after paying, what staff decided about it,
// and the receipt once the bill is paid. Nothing of it is printed with the invoice.
import type { Bill } from '@lab/contract';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { useStartOnlinePayment, useSubmitUtr } from '../../../shared/api/bills.ts';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { type Translate, useT } from '../../../shared/i18n/i18n.tsx';
import { paymentStatusIds } from './payment-status.ts';

function utrError(e: unknown, t: Translate): string {
  if (e instanceof ApiError && e.body && typeof e.body === 'object') {
    const body = e.body as Record<string, unknown>;
    const field = body.utr;
    if (Array.isArray(field) && typeof field[0] === 'string') return field[0];
    if (typeof body.error === 'string') return body.error;
  }
  return t('patient.pay.utrFailed');
}

function UtrForm({ billKey }: { billKey: string }) {
  const id = useId();
  const t = useT();
  const [utr, setUtr] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const submit = useSubmitUtr(billKey);
  const error = local ?? (submit.isError ? utrError(submit.error, t) : null);
  return (
    <form
      className="mt-4 grid gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const digits = utr.replace(/\s/g, '');
        // the contract's UTR_RULE, in the page's language
        if (!/^\d{12}$/.test(digits)) return setLocal(t('patient.pay.utrRule'));
        setLocal(null);
        submit.mutate(digits);
      }}
    >
      <label htmlFor={`${id}-utr`} className="font-medium text-slate-800">
        {t('patient.pay.utrLabel')}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('patient.pay.utrHint')}
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
          {t(submit.isPending ? 'patient.sending' : 'patient.pay.utrSubmit')}
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

/** how the gateway's return went (`?payment=` on the page the payer comes back to) */
const outcomeIds: Record<string, { id: MessageId; ok: boolean }> = {
  paid: { id: 'patient.pay.outcome.paid', ok: true },
  processing: { id: 'patient.pay.outcome.processing', ok: true },
  failed: { id: 'patient.pay.outcome.failed', ok: false },
  cancelled: { id: 'patient.pay.outcome.cancelled', ok: false },
  invalid: { id: 'patient.pay.outcome.invalid', ok: false },
  problem: { id: 'patient.pay.outcome.problem', ok: false },
};

function errorText(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.body && typeof e.body === 'object' && typeof (e.body as Record<string, unknown>).error === 'string') return (e.body as { error: string }).error;
  return fallback;
}

/** "Pay online": to the gateway's hosted page and back to this bill */
export function OnlinePay({ billKey, from, label }: { billKey: string; from: 'bill' | 'confirmation'; label: MessageId }) {
  const t = useT();
  const start = useStartOnlinePayment(billKey, from);
  // After success the browser is leaving for the gateway: the button stays busy.
  const busy = start.isPending || start.isSuccess;
  return (
    <div className="grid gap-2">
      <button type="button" disabled={busy} onClick={() => start.mutate()} className={buttonStyle('primary', 'small')}>
        {t(busy ? 'patient.pay.onlineStarting' : label)}
      </button>
      {start.isError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errorText(start.error, t('patient.pay.onlineFailed'))}
        </p>
      )}
    </div>
  );
}

export function BillPayment({ bill }: { bill: Bill }) {
  const t = useT();
  const [search] = useSearchParams();
  const outcome = outcomeIds[search.get('payment') ?? ''];
  return (
    <section aria-labelledby="payment-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm print:hidden">
      <h2 id="payment-heading" className="text-lg font-bold text-slate-900">
        {t('patient.pay.title')}
      </h2>
      <p className="mt-1 text-slate-800" role="status">
        {t(paymentStatusIds[bill.payment_status])}
        {bill.amount_due > 0 && <> · {t('patient.pay.due')} <strong className="tabular-nums">{formatRupees(bill.amount_due)}</strong></>}
      </p>
      {bill.submitted_utr && (
        <p className="mt-1 text-sm text-slate-700">
          {t('patient.pay.submitted')} <span className="font-mono">{bill.submitted_utr}</span>
          {t('patient.pay.submittedEnd')}
        </p>
      )}
      {bill.rejected && (
        <p className="mt-2 rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('patient.pay.rejected')} <span className="font-mono">{bill.rejected.utr}</span> {t('patient.pay.rejectedEnd', { reason: bill.rejected.reason })}
        </p>
      )}
      {outcome && (
        <p className={`mt-2 rounded-md border-l-4 px-3 py-2 text-sm ${outcome.ok ? 'border-green-700 bg-green-50 text-green-900' : 'border-red-700 bg-red-50 text-red-800'}`}>{t(outcome.id)}</p>
      )}
      {bill.refund_owed > 0 && <p className="mt-1 text-slate-800">{t('patient.pay.refund', { amount: formatRupees(bill.refund_owed) })}</p>}
      {(bill.refund_pending ?? 0) > 0 && <p className="mt-1 text-slate-800">{t('patient.pay.refundPending', { amount: formatRupees(bill.refund_pending ?? 0) })}</p>}
      {(bill.refunded ?? 0) > 0 && <p className="mt-1 text-slate-800">{t('patient.pay.refunded', { amount: formatRupees(bill.refunded ?? 0) })}</p>}
      {bill.online && (
        <div className="mt-4 grid gap-1">
          <OnlinePay billKey={bill.appointment_id} from="bill" label="patient.pay.online" />
          <p className="text-sm text-slate-600">{t('patient.pay.onlineHint')}</p>
        </div>
      )}
      {bill.upi && (
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={bill.upi.qr_path}
            width={180}
            height={180}
            alt={t('patient.pay.qr', { amount: formatRupees(bill.amount_due), payee: bill.upi.payee })}
            className="h-44 w-44 border border-slate-200"
          />
          <div className="grid gap-2 text-sm text-slate-700">
            <p>{t('patient.pay.scan')}</p>
            <a href={bill.upi.link} className={buttonStyle('primary', 'small')}>
              {t('patient.pay.app')}
            </a>
            <p>
              {t('patient.pay.upiId')} <span className="font-mono">{bill.upi.vpa}</span> ({bill.upi.payee})
            </p>
            <p>{t('patient.pay.invoiceRef', { invoice: bill.invoice_no })}</p>
          </div>
        </div>
      )}
      {bill.amount_due > 0 && !bill.submitted_utr && bill.upi && <UtrForm billKey={bill.appointment_id} />}
      {bill.receipt_path && (
        <a href={bill.receipt_path} download className={`${buttonStyle('secondary', 'small')} mt-4 inline-block`}>
          {t('patient.pay.receipt')}
        </a>
      )}
    </section>
  );
}
