// POST /api/appointments/: books the selected tests (guest or logged in). The server prices the
// booking; the answer's id is the capability to read the bill.
import type { AppointmentCreated, AppointmentRequest } from '@lab/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

/** As docs/product.md#messages has it: an answer without an id is a failure like any other. */
export class BookingRejected extends Error {}

export async function createAppointment(payload: AppointmentRequest): Promise<AppointmentCreated> {
  const answer = await api<Partial<AppointmentCreated> | null>('/api/appointments/', { method: 'POST', body: payload, auth: 'optional' });
  if (!answer || typeof answer.id !== 'string' || answer.id === '') throw new BookingRejected('answer without id');
  return answer as AppointmentCreated;
}

export function useCreateAppointment() {
  return useMutation({ mutationFn: createAppointment });
}
