// The rules of a bill's money, as pure functions: where a bill stands from the sum of its payment
// rows, and the UPI payment link for what is due (NPCI's "upi://pay" deep link).
import type { BillPaymentStatus } from '@lab/contract';

export interface BillMoney {
  totalPaise: number;
  /** confirmed payments, and refunds made */
  paidPaise: number;
  refundedPaise: number;
  /** the appointment was cancelled, or the membership ended early */
  cancelled: boolean;
  /** what the lab keeps of a cancelled bill: nothing for an appointment; per the plan's rule for a membership */
  retainedPaise: number;
  /** a patient's UTR waits for staff */
  pending: boolean;
}

export interface BillState {
  status: BillPaymentStatus;
  /** confirmed payments less refunds made */
  netPaise: number;
  duePaise: number;
  refundOwedPaise: number;
}

export function billState(m: BillMoney): BillState {
  const netPaise = m.paidPaise - m.refundedPaise;
  const charged = m.cancelled ? Math.min(m.retainedPaise, m.totalPaise) : m.totalPaise;
  const duePaise = m.cancelled ? 0 : Math.max(0, charged - netPaise);
  const refundOwedPaise = Math.max(0, netPaise - charged);
  return { status: statusOf(m, netPaise, duePaise, refundOwedPaise), netPaise, duePaise, refundOwedPaise };
}

function statusOf(m: BillMoney, net: number, due: number, refundOwed: number): BillPaymentStatus {
  if (refundOwed > 0) return 'refund_owed';
  if (m.refundedPaise > 0 && net <= 0) return 'refunded';
  if (m.cancelled) return net > 0 ? 'paid' : 'unpaid';
  if (due === 0) return 'paid';
  if (m.pending) return 'awaiting_confirmation';
  return net > 0 ? 'partly_paid' : 'unpaid';
}

/**
 * The UTR in a UPI reference typed at the desk: its digits, when there are the twelve of a UTR ("UTR
 * 1234 5678 9012", "UPI Ref No. 123456789012" and "123456789012" are one UTR); null otherwise. The
 * reuse check and the stored row both take this form, so no spelling of a UTR pays a second bill.
 */
export function utrOf(reference: string): string | null {
  const digits = reference.replace(/\D/g, '');
  return digits.length === 12 ? digits : null;
}

export interface UpiPayment {
  /** the lab's virtual payment address, e.g. "labcentre@okaxis" */
  vpa: string;
  payee: string;
  amountPaise: number;
  /** shown to the payer: the booking reference */
  note: string;
  /** the transaction reference the payee sees: the invoice number */
  reference: string;
}

/**
 * `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…&tr=…` as the NPCI linking specification has it: the amount
 * with two decimals, every value percent-encoded (a space as %20: some UPI apps read "+" literally).
 */
export function upiLink(p: UpiPayment): string {
  const params: Array<[string, string]> = [
    ['pa', p.vpa],
    ['pn', p.payee],
    ['am', (p.amountPaise / 100).toFixed(2)],
    ['cu', 'INR'],
    ['tn', p.note],
    ['tr', p.reference],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** what a membership keeps when it ends early: all of it ('none'), or the days used ('unused_days' refunds the rest) */
export function membershipRetained(rule: 'none' | 'unused_days', totalPaise: number, daysUsed: number, durationDays: number): number {
  if (rule === 'none' || durationDays <= 0) return totalPaise;
  return Math.round((totalPaise * Math.min(Math.max(daysUsed, 0), durationDays)) / durationDays);
}
