// The signed-in holder's family members (docs/families-and-doctors.md): listed, added, changed and removed
// (GET, POST, PATCH, DELETE /api/users/me/members/). Shared because the dashboard keeps them, the booking
// form books for them and the trends screen switches between them.
import type { Member, MemberCreate, MemberRemoved, MemberUpdate } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function useMembers(username: string | null) {
  return useQuery({
    queryKey: queryKeys.members(username ?? ''),
    queryFn: ({ signal }) => api<Member[]>('/api/users/me/members/', { signal }),
    enabled: username !== null,
  });
}

export function useSaveMember(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MemberCreate | MemberUpdate }) =>
      id === null ? api<Member>('/api/users/me/members/', { method: 'POST', body }) : api<Member>(`/api/users/me/members/${id}/`, { method: 'PATCH', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.members(username) }),
  });
}

export function useRemoveMember(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<MemberRemoved>(`/api/users/me/members/${id}/`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.members(username) }),
  });
}
