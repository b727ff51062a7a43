// POST /api/membership/subscribe/ and DELETE /api/membership/unsubscribe/. A change of membership
// changes every price the person sees, so the membership, the packages and the booking catalogue
// are all asked again.
import type { MessageBody, SubscribeRequest, SubscribeResponse } from '@lab/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export function subscribe(planId: number): Promise<SubscribeResponse> {
  const body: SubscribeRequest = { plan_id: planId };
  return api<SubscribeResponse>('/api/membership/subscribe/', { method: 'POST', body });
}

export function unsubscribe(): Promise<MessageBody> {
  return api<MessageBody>('/api/membership/unsubscribe/', { method: 'DELETE' });
}

export function refreshPrices(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => ['membership', 'packages', 'booking'].includes(String(q.queryKey[0])),
  });
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: subscribe, onSettled: () => refreshPrices(queryClient) });
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unsubscribe, onSettled: () => refreshPrices(queryClient) });
}
