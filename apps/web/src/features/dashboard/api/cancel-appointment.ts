// PATCH /api/appointments/{id}/cancel/: cancels one of the caller's own appointments.
import type { UserAppointment } from '@lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { userAppointmentsQueryOptions } from './get-user-appointments.ts';

export function cancelAppointment(id: string): Promise<unknown> {
  return api(`/api/appointments/${encodeURIComponent(id)}/cancel/`, { method: 'PATCH' });
}

export function useCancelAppointment(username: string) {
  const queryClient = useQueryClient();
  const { queryKey } = userAppointmentsQueryOptions(username);
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: async (_answer, id) => {
      // The button turns into "Cancelled" at once; the reload confirms it from the server.
      queryClient.setQueryData<UserAppointment[]>(queryKey, (list) =>
        list?.map((a) => (a.id === id ? { ...a, is_cancelled: true, status: 'cancelled' } : a)),
      );
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
