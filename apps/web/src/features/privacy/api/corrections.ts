// GET and POST /api/users/me/corrections/: the caller's correction requests and a new one.
import type { CorrectionRequest, CorrectionRequestInput } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function useCorrections(username: string) {
  return useQuery({ queryKey: queryKeys.privacy(username, 'corrections'), queryFn: ({ signal }) => api<CorrectionRequest[]>('/api/users/me/corrections/', { signal }) });
}

export function useFileCorrection(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CorrectionRequestInput) => api<CorrectionRequest>('/api/users/me/corrections/', { method: 'POST', body: input }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.privacy(username, 'corrections') }), queryClient.invalidateQueries({ queryKey: queryKeys.privacy(username, 'summary') })]),
  });
}
