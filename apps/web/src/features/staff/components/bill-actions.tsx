// A bill in the queue and what the front desk does with it: record cash or UPI taken (at the desk or
// at a home collection, all of the amount due or part of it), confirm or reject a patient's UTR (with
// a reason the patient reads), send the patient the link to pay online, and record a refund of a
// cancelled, paid appointment (or make it through the payment gateway). Each step asks
// in the console's confirmation dialog (mounted only while open), which traps focus and returns it to
// the button.
import { billPaymentStatusLabels, type BillPaymentStatus, type PaymentLinkSent, type StaffAppointment } from '@lab/contract';
import { useState } from 'react';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { type PaymentAction, usePaymentAction, useSendPaymentLink } from '../api/payments.ts';
import { useStaffAccess } from '../lib/staff-access.ts';
import { SelectInput, TextInput } from './fields.tsx';
import { Badge, btn } from './ui.tsx';

const statusTone: Record<BillPaymentStatus, 'green' | 'amber' | 'red' | 'slate' | 'blue'> = {
  unpaid: 'slate',
  awaiting_confirmation: 'blue',
  partly_paid: 'amber',
  paid: 'green',
  refund_owed: 'red',
  refunded: 'slate',
};

const channelLabels: Record<PaymentLinkSent['sent'][number], string> = { email: 'e-mail', whatsapp: 'WhatsApp', sms: 'SMS' };

/** the patient's words, shorter where the desk needs no explanation */
const deskLabels: Record<BillPaymentStatus, string> = {
  ...billPaymentStatusLabels,
  awaiting_confirmation: 'Awaiting confirmation',
};

type Dialog = 'record' | 'refund' | 'gateway-refund' | 'payment-link' | 'confirm' | 'reject' | null;

type Mode = 'cash' | 'upi';

/** the payment and refund dialogs' amount (empty: all of `whole`) and how the money moved */
function AmountAndMode({ whole, amount, onAmount, mode, onMode }: { whole: number; amount: string; onAmount(amount: string): void; mode: Mode; onMode(mode: Mode): void }) {
  return (
    <>
      <TextInput
        label="Amount (Rs)"
        type="number"
        min="0.01"
        step="0.01"
        inputMode="decimal"
        placeholder={String(whole)}
        value={amount}
        onChange={(e) => onAmount(e.target.value)}
      />
      <SelectInput label="Mode" value={mode} onChange={(e) => onMode(e.target.value as Mode)}>
        <option value="cash">Cash</option>
        <option value="upi">UPI</option>
      </SelectInput>
    </>
  );
}

export function BillActions({ a, onResult }: { a: StaffAppointment; onResult(message: string, tone: 'success' | 'error', error?: unknown): void }) {
  const action = usePaymentAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [mode, setMode] = useState<Mode>('cash');
  const [place, setPlace] = useState<'desk' | 'home'>('desk');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  // The money buttons are the front desk's (the access table); other roles read the bill's state.
  const access = useStaffAccess();
  const mayTakeMoney = access.can('POST /api/staff/bills/:id/payments');
  const mayRefundOnline = access.can('POST /api/staff/bills/:id/gateway-refunds');
  const maySendLink = access.can('POST /api/staff/bills/:id/payment-link');
  const sendLink = useSendPaymentLink();
  if (a.bill_id === null || a.payment_status === null) return null;
  const billId = a.bill_id;
  const due = Math.max(0, Math.round((a.amount_due - a.amount_paid) * 100) / 100);
  const pending = a.pending_payment;

  const open = (d: Dialog) => {
    setAmount('');
    setReference('');
    setReason('');
    setDialog(d);
  };
  const run = (act: PaymentAction, done: string) =>
    action.mutate(act, {
      onSuccess: (bill) => onResult(`${a.user_name}: ${done} (${billPaymentStatusLabels[bill.payment_status].toLowerCase()}).`, 'success'),
      onError: (e) => onResult('', 'error', e),
    });
  const money = amount.trim() === '' ? {} : { amount: Number(amount) };
  const ref = reference.trim() === '' ? {} : { reference: reference.trim() };

  return (
    <div className="grid gap-1">
      <div className="font-mono text-xs text-slate-600">{a.invoice_no}</div>
      <div>{formatRupees(a.amount_due)}</div>
      {a.amount_paid > 0 && a.payment_status !== 'paid' && <div className="text-slate-700">Paid {formatRupees(a.amount_paid)}</div>}
      <div>
        <Badge tone={statusTone[a.payment_status]}>{deskLabels[a.payment_status]}</Badge>
      </div>
      {pending && (
        <div className="text-slate-700">
          UTR <span className="font-mono">{pending.utr}</span> for {formatRupees(pending.amount)}
        </div>
      )}
      <div className="mt-1 flex flex-wrap gap-2" hidden={!mayTakeMoney}>
        {pending && (
          <>
            <button type="button" className={btn.primary} disabled={action.isPending} onClick={() => open('confirm')}>
              Confirm UTR
            </button>
            <button type="button" className={btn.secondary} disabled={action.isPending} onClick={() => open('reject')}>
              Reject UTR
            </button>
          </>
        )}
        {due > 0 && a.status !== 'cancelled' && (
          <button type="button" className={btn.secondary} disabled={action.isPending} onClick={() => open('record')}>
            Record payment
          </button>
        )}
        {due > 0 && a.status !== 'cancelled' && maySendLink && (
          <button type="button" className={btn.secondary} disabled={sendLink.isPending} onClick={() => open('payment-link')}>
            Send payment link
          </button>
        )}
        {a.refund_owed > 0 && (
          <button type="button" className={btn.secondary} disabled={action.isPending} onClick={() => open('refund')}>
            Record refund
          </button>
        )}
        {a.refund_owed > 0 && mayRefundOnline && (
          <button type="button" className={btn.secondary} disabled={action.isPending} onClick={() => open('gateway-refund')}>
            Refund online
          </button>
        )}
      </div>

      {dialog === 'record' && (
        <ConfirmDialog
          open
          title="Record a payment"
          body={`${a.user_name}, invoice ${a.invoice_no}: ${formatRupees(due)} due. Leave the amount empty to record all of it.`}
          confirmLabel="Record payment"
          cancelLabel="Cancel"
          confirmLook="primary"
          onConfirm={() =>
            run(
              {
                kind: 'record',
                billId,
                body: { mode, place, ...money, ...ref },
              },
              'payment recorded',
            )
          }
          onClose={() => setDialog(null)}
        >
          <AmountAndMode whole={due} amount={amount} onAmount={setAmount} mode={mode} onMode={setMode} />
          <SelectInput label="Taken at" value={place} onChange={(e) => setPlace(e.target.value as 'desk' | 'home')}>
            <option value="desk">The desk</option>
            <option value="home">Home collection</option>
          </SelectInput>
          <TextInput label="Reference (UTR or receipt number, optional)" value={reference} onChange={(e) => setReference(e.target.value)} />
        </ConfirmDialog>
      )}

      {dialog === 'refund' && (
        <ConfirmDialog
          open
          title="Record a refund"
          body={`${a.user_name}, invoice ${a.invoice_no}: ${formatRupees(a.refund_owed)} owed back. Leave the amount empty to record all of it.`}
          confirmLabel="Record refund"
          cancelLabel="Cancel"
          confirmLook="primary"
          onConfirm={() => run({ kind: 'refund', billId, body: { mode, ...money, ...ref } }, 'refund recorded')}
          onClose={() => setDialog(null)}
        >
          <AmountAndMode whole={a.refund_owed} amount={amount} onAmount={setAmount} mode={mode} onMode={setMode} />
          <TextInput label="Reference (optional)" value={reference} onChange={(e) => setReference(e.target.value)} />
        </ConfirmDialog>
      )}

      {dialog === 'gateway-refund' && (
        <ConfirmDialog
          open
          title="Refund through the payment gateway"
          body={`${a.user_name}, invoice ${a.invoice_no}: ${formatRupees(a.refund_owed)} owed back. The gateway returns it to the patient's online payment; the bill shows it pending until the gateway says it is done. Leave the amount empty to refund all of it.`}
          confirmLabel="Refund online"
          cancelLabel="Cancel"
          confirmLook="primary"
          onConfirm={() => run({ kind: 'gateway-refund', billId, body: { ...money, reason } }, 'refund sent to the gateway')}
          onClose={() => setDialog(null)}
        >
          <TextInput label="Amount (Rs)" type="number" min="0.01" step="0.01" inputMode="decimal" placeholder={String(a.refund_owed)} value={amount} onChange={(e) => setAmount(e.target.value)} />
          <TextInput label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
        </ConfirmDialog>
      )}

      {dialog === 'payment-link' && (
        <ConfirmDialog
          open
          title="Send the payment link"
          body={`${a.user_name}, invoice ${a.invoice_no}: ${formatRupees(due)} due. The link to pay online goes by e-mail and on the phone channels chosen at booking (WhatsApp, SMS), in the booking's language; it opens for whoever holds it, signed in or not.`}
          confirmLabel="Send payment link"
          cancelLabel="Cancel"
          confirmLook="primary"
          onConfirm={() =>
            sendLink.mutate(
              { billId, appointmentId: a.id },
              {
                onSuccess: (answer) => onResult(`${a.user_name}: payment link sent (${answer.sent.map((c) => channelLabels[c]).join(', ')}).`, 'success'),
                onError: (e) => onResult('', 'error', e),
              },
            )
          }
          onClose={() => setDialog(null)}
        />
      )}

      {pending && (
        <>
          {dialog === 'confirm' && (
            <ConfirmDialog
              open
              title="Confirm this UPI payment?"
              body={`Confirm only once ${formatRupees(pending.amount)} with UTR ${pending.utr} shows in the lab's account.`}
              confirmLabel="Confirm payment"
              cancelLabel="Cancel"
              confirmLook="primary"
              onConfirm={() => run({ kind: 'confirm', paymentId: pending.id }, 'UTR confirmed')}
              onClose={() => setDialog(null)}
            />
          )}
          {dialog === 'reject' && (
            <ConfirmDialog
              open
              title="Reject this UTR?"
              body={`The patient reads the reason on the bill, and may pay again or send another reference.`}
              confirmLabel="Reject UTR"
              cancelLabel="Cancel"
              onConfirm={() => run({ kind: 'reject', paymentId: pending.id, reason }, 'UTR rejected')}
              onClose={() => setDialog(null)}
            >
              <TextInput label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
            </ConfirmDialog>
          )}
        </>
      )}
    </div>
  );
}
