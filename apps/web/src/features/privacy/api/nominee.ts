// GET, PUT and DELETE /api/users/me/nominee/: the person who may use the caller's rights for them.
import type { Nominee, NomineeInput } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

type Answer = { nominee: Nominee | null };

export function useNominee(username: string) {
  return useQuery({ queryKey: queryKeys.privacy(username, 'nominee'), queryFn: ({ signal }) => api<Answer>('/api/users/me/nominee/', { signal }) });
}

export function useSaveNominee(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NomineeInput | null) => (input ? api<Answer>('/api/users/me/nominee/', { method: 'PUT', body: input }) : api<Answer>('/api/users/me/nominee/', { method: 'DELETE' })),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.privacy(username, 'nominee'), answer);
      await queryClient.invalidateQueries({ queryKey: queryKeys.privacy(username, 'summary') });
    },
  });
}
