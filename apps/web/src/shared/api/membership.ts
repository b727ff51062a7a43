// The caller's membership (GET /api/membership/status/), the plans (GET /api/membership/plans/),
// and subscribe/unsubscribe, for every screen that shows or changes a membership (dashboard,
// /membership, /packages). The server answers "no membership" (none, cancelled or run out) with
// 404 {"error": "No active membership."}, as clients of the original API expect; asked with
// `?none=null`, as here, with 200 and null, so the patient's browser logs no failed request (it logs
// every answer that is not 2xx as an error). A membership this module answers is always a running one.
import type { Locale, MembershipPlan, MembershipStatus, MessageBody, SubscribeRequest, SubscribeResponse } from '@lab/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './client.ts';
import { queryKeys } from './query-keys.ts';

export async function getMembershipStatus(signal?: AbortSignal): Promise<MembershipStatus | null> {
  try {
    return await api<MembershipStatus | null>('/api/membership/status/?none=null', { signal });
  } catch (error) {
    // a server from before `?none=null` (during an update) answers as to the original API's clients
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const membershipStatusQueryOptions = (username: string | null) =>
  queryOptions({
    queryKey: queryKeys.membershipStatus(username),
    queryFn: ({ signal }) => getMembershipStatus(signal),
    // A membership ends or is changed at the desk; a screen opened again asks again.
    staleTime: 0,
  });

/** asks only for a logged-in person; `data` is the membership or null */
export function useMembershipStatus(username: string | null) {
  return useQuery({ ...membershipStatusQueryOptions(username), enabled: username !== null });
}

/** the plans named in the screen's language: a Hindi screen asks with `?lang=hi`, whatever the cookie says */
export function getPlans(locale: Locale, signal?: AbortSignal): Promise<MembershipPlan[]> {
  return api<MembershipPlan[]>(locale === 'hi' ? '/api/membership/plans/?lang=hi' : '/api/membership/plans/', { auth: 'none', signal });
}

/** kept per language, so a switch of language never shows the plans named in the other */
export function usePlans(locale: Locale, enabled = true) {
  return useQuery({ queryKey: queryKeys.membershipPlans(locale), queryFn: ({ signal }) => getPlans(locale, signal), enabled });
}

export function subscribe(planId: number): Promise<SubscribeResponse> {
  const body: SubscribeRequest = { plan_id: planId };
  return api<SubscribeResponse>('/api/membership/subscribe/', { method: 'POST', body });
}

export function unsubscribe(): Promise<MessageBody> {
  return api<MessageBody>('/api/membership/unsubscribe/', { method: 'DELETE' });
}

/** a change of membership changes every price the person sees */
export function refreshPrices(queryClient: QueryClient): Promise<void> {
  return Promise.all(queryKeys.pricedForCaller().map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: subscribe, onSettled: () => refreshPrices(queryClient) });
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unsubscribe, onSettled: () => refreshPrices(queryClient) });
}
