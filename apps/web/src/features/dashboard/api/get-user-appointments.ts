// GET /api/users/userappointments/: the logged-in person's appointments, newest first.
import type { UserAppointment } from '@lab/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function getUserAppointments(signal?: AbortSignal): Promise<UserAppointment[]> {
  return api<UserAppointment[]>('/api/users/userappointments/', { signal });
}

export const userAppointmentsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: queryKeys.userAppointments(username),
    queryFn: ({ signal }) => getUserAppointments(signal),
    // Cancellations and reschedules done elsewhere (another tab, the desk) show up on return.
    staleTime: 0,
  });

export function useUserAppointments(username: string | null) {
  return useQuery({ ...userAppointmentsQueryOptions(username ?? ''), enabled: username !== null });
}
