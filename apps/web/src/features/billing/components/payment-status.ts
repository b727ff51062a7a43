// A bill's payment status in the page's language (the contract's billPaymentStatusLabels are the
// English of these ids; the staff console keeps those).
import type { BillPaymentStatus } from '@lab/contract';
import type { MessageId } from '../../../shared/i18n/message-id.ts';

export const paymentStatusIds: Record<BillPaymentStatus, MessageId> = {
  unpaid: 'patient.pay.status.unpaid',
  awaiting_confirmation: 'patient.pay.status.awaiting',
  partly_paid: 'patient.pay.status.partlyPaid',
  paid: 'patient.pay.status.paid',
  refund_owed: 'patient.pay.status.refundOwed',
  refunded: 'patient.pay.status.refunded',
};
