// POST /api/appointments/{id}/reschedule/ {new_date, new_time}: moves one of the caller's appointments.
import type { RescheduleRequest } from '@lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { userAppointmentsQueryOptions } from './get-user-appointments.ts';

export interface RescheduleInput extends RescheduleRequest {
  id: string;
}

export function rescheduleAppointment({ id, new_date, new_time }: RescheduleInput): Promise<unknown> {
  return api(`/api/appointments/${encodeURIComponent(id)}/reschedule/`, { method: 'POST', body: { new_date, new_time } });
}

export function useRescheduleAppointment(username: string) {
  const queryClient = useQueryClient();
  const { queryKey } = userAppointmentsQueryOptions(username);
  return useMutation({
    mutationFn: rescheduleAppointment,
    // As docs/product.md#screen-behaviour has it: after a reschedule the list is reloaded.
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
