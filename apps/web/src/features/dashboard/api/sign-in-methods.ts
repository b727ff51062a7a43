// The account's ways to sign in (decision 069): a mobile number proven by its code
// (POST /api/users/me/phone/) and a password or an e-mail added later (POST /api/users/me/credentials/).
// Each success reloads the profile, which says what the account now has (`has_password`, `proven_mobile`).
import type { CredentialsUpdate, MessageBody, MobileProofRequest } from '@lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

function useProfileChange<T>(username: string, call: (body: T) => Promise<MessageBody>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile(username) }),
  });
}

export const useProveMobile = (username: string) =>
  useProfileChange(username, (body: MobileProofRequest) => api<MessageBody>('/api/users/me/phone/', { method: 'POST', body }));

export const useAddCredentials = (username: string) =>
  useProfileChange(username, (body: CredentialsUpdate) => api<MessageBody>('/api/users/me/credentials/', { method: 'POST', body }));
