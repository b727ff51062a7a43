// The payment desk: record a payment or a refund on a bill, confirm or reject a patient's UTR, the
// Collections of a day or range (and its CSV), outstanding dues. Each change refreshes the queue.
import type { Collections, Dues, GatewayRefund, PaymentLinkSent, RecordPayment, RecordRefund, SettlementResult, StaffBill } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFile, saveFile } from '../../../shared/api/files.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { queueKey } from './appointments.ts';
import { query, refetchAfterChange, staffApi } from './staff-client.ts';

const collectionsKey = queryKeys.staff('collections');

export type PaymentAction =
  | { kind: 'record'; billId: number; body: RecordPayment }
  | { kind: 'refund'; billId: number; body: RecordRefund }
  | { kind: 'gateway-refund'; billId: number; body: GatewayRefund }
  | { kind: 'confirm'; paymentId: number }
  | { kind: 'reject'; paymentId: number; reason: string };

function send(action: PaymentAction): Promise<StaffBill> {
  switch (action.kind) {
    case 'record':
      return staffApi<StaffBill>(`/bills/${action.billId}/payments`, { method: 'POST', body: action.body });
    case 'refund':
      return staffApi<StaffBill>(`/bills/${action.billId}/refunds`, { method: 'POST', body: action.body });
    case 'gateway-refund':
      return staffApi<StaffBill>(`/bills/${action.billId}/gateway-refunds`, { method: 'POST', body: action.body });
    case 'confirm':
      return staffApi<StaffBill>(`/payments/${action.paymentId}/confirm`, { method: 'POST' });
    case 'reject':
      return staffApi<StaffBill>(`/payments/${action.paymentId}/reject`, { method: 'POST', body: { reason: action.reason } });
  }
}

export function usePaymentAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void refetchAfterChange(client, [queueKey, collectionsKey, queryKeys.staff('dues'), queryKeys.staff('audit')]),
  });
}

export function useCollections(from: string, to: string) {
  return useQuery({
    queryKey: [...collectionsKey, from, to],
    queryFn: ({ signal }) => staffApi<Collections>(`/collections${query({ from, to })}`, { signal }),
    enabled: from !== '' && to !== '',
    staleTime: 0,
  });
}

export async function downloadCollectionsCsv(from: string, to: string): Promise<void> {
  saveFile(await apiFile(`/api/staff/collections.csv${query({ from, to })}`, { auth: 'send' }), `collections-${from}-to-${to}.csv`);
}

export function useDues() {
  return useQuery({ queryKey: queryKeys.staff('dues'), queryFn: ({ signal }) => staffApi<Dues>('/dues', { signal }), staleTime: 0 });
}

/** "Send payment link": the bill's /pay/{id} link to the patient by e-mail and the booking's phone channels */
export function useSendPaymentLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ billId }: { billId: number; appointmentId: string }) => staffApi<PaymentLinkSent>(`/bills/${billId}/payment-link`, { method: 'POST' }),
    onSuccess: (_sent, { appointmentId }) => void refetchAfterChange(client, [queryKeys.staff('audit'), queryKeys.staff('mail', appointmentId)]),
  });
}

/** the gateway's settlement file (CSV from its dashboard) matched line by line to our payments and refunds */
export function useMatchSettlement() {
  return useMutation({ mutationFn: (csv: string) => staffApi<SettlementResult>('/payments/settlement', { method: 'POST', body: { csv } }) });
}
