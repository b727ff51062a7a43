// GET /api/billing/{appointmentId}/: the bill of one appointment, for whoever holds its id (the id is
// the capability; the token sent along changes nothing). The dashboard asks for it before opening the bill page (which then finds it
// in the cache); the bill page shows it.
import type { Bill, GatewayCheckout } from '@lab/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function getBill(appointmentId: string, signal?: AbortSignal): Promise<Bill> {
  return api<Bill>(`/api/billing/${encodeURIComponent(appointmentId)}/`, { auth: 'optional', signal });
}

export const billQueryOptions = (appointmentId: string) =>
  queryOptions({
    queryKey: queryKeys.bill(appointmentId),
    queryFn: ({ signal }) => getBill(appointmentId, signal),
    // A bill changes (paid) at the desk, so a reopened page asks again.
    staleTime: 0,
    // A missing bill stays missing; only a server or network hiccup is worth one more try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });

export function useBill(appointmentId: string, enabled: boolean) {
  return useQuery({ ...billQueryOptions(appointmentId), enabled });
}

/** POST /api/billing/{id}/utr/: "I have paid by UPI", with the 12-digit reference; answers the bill as it now stands */
export function useSubmitUtr(appointmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (utr: string) => api<Bill>(`/api/billing/${encodeURIComponent(appointmentId)}/utr/`, { method: 'POST', body: { utr }, auth: 'optional' }),
    onSuccess: (bill) => client.setQueryData(queryKeys.bill(appointmentId), bill),
  });
}

/**
 * POST /api/billing/{id}/pay/: an order at the payment gateway for what is due; the browser then goes to
 * the page the answer names, which posts the payer on to the gateway's hosted page (a redirect flow: no
 * gateway script on our pages). The bill page ("Pay") and the end of booking ("Pay now") use it.
 */
export async function startOnlinePayment(appointmentId: string, from: 'bill' | 'confirmation'): Promise<void> {
  const { checkout_path } = await api<GatewayCheckout>(`/api/billing/${encodeURIComponent(appointmentId)}/pay/`, { method: 'POST', body: { from }, auth: 'optional' });
  window.location.assign(checkout_path);
}

export function useStartOnlinePayment(appointmentId: string, from: 'bill' | 'confirmation') {
  return useMutation({ mutationFn: () => startOnlinePayment(appointmentId, from) });
}
