// The signed-in holder's family members (docs/families-and-doctors.md): listed, added, changed and removed
// (GET, POST, PATCH, DELETE /api/users/me/members/). Shared because the dashboard keeps them, the booking
// form books for them and the trends screen switches between them.
import type { Member, MemberCreate, MemberInvite, MemberRemoved, MemberUpdate, TakeOverRequest } from '@lab/contract';
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

/** POST …/members/{id}/invite: the one-time link the holder passes on to an adult member */
export function useInviteMember() {
  return useMutation({ mutationFn: (id: number) => api<MemberInvite>(`/api/users/me/members/${id}/invite`, { method: 'POST' }) });
}

/** POST /api/users/me/take-over: the invited member, signed in to their own account, takes their records over */
export function useTakeOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TakeOverRequest) => api<{ moved_appointments: number; message: string }>('/api/users/me/take-over', { method: 'POST', body }),
    // their bookings and reports are now the account's
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

export function useRemoveMember(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<MemberRemoved>(`/api/users/me/members/${id}/`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.members(username) }),
  });
}
