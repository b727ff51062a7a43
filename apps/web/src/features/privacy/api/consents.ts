// The signed-in person's consents: GET /api/users/me/consents/, POST (give) and POST …/withdraw/
// (contract privacy-consent.ts). Each change answers the whole list, which replaces the cached one.
import type { ConsentPurpose, ConsentsResponse, GiveConsentRequest, WithdrawConsentResponse } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function useConsents(username: string | null) {
  return useQuery({
    queryKey: queryKeys.consents(username ?? ''),
    queryFn: ({ signal }) => api<ConsentsResponse>('/api/users/me/consents/', { signal }),
    enabled: username !== null,
  });
}

export function useGiveConsent(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GiveConsentRequest) => api<ConsentsResponse>('/api/users/me/consents/', { method: 'POST', body }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.consents(username), answer),
  });
}

export function useWithdrawConsent(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purpose: ConsentPurpose) => api<WithdrawConsentResponse>(`/api/users/me/consents/${purpose}/withdraw/`, { method: 'POST' }),
    onSuccess: ({ message: _message, ...answer }) => queryClient.setQueryData(queryKeys.consents(username), answer),
  });
}
