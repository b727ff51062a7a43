// PATCH /api/appointments/{id}/cancel/: cancels one of the caller's own appointments (a paid one's refund
// of a payment made online with it, when the cancel step's choice says so).
import type { CancelAppointmentRequest, UserAppointment } from '@lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { userAppointmentsQueryOptions } from './get-user-appointments.ts';

/** `refundOnline`: the cancel step's choice to have a payment made online given back now */
export function cancelAppointment({ id, refundOnline = false }: { id: string; refundOnline?: boolean }): Promise<unknown> {
  const body: CancelAppointmentRequest = { refund_online: true };
  return api(`/api/appointments/${encodeURIComponent(id)}/cancel/`, { method: 'PATCH', ...(refundOnline ? { body } : {}) });
}

export function useCancelAppointment(username: string) {
  const queryClient = useQueryClient();
  const { queryKey } = userAppointmentsQueryOptions(username);
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: async (_answer, { id }) => {
      // The button turns into "Cancelled" at once; the reload confirms it from the server.
      queryClient.setQueryData<UserAppointment[]>(queryKey, (list) =>
        list?.map((a) => (a.id === id ? { ...a, is_cancelled: true, status: 'cancelled' } : a)),
      );
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
