// The appointment queue: the filtered page and the status changes (payments: payments.ts).
import type { AppointmentStatus, QueuePaymentFilter, StaffAppointment, StaffAppointmentPage } from '@lab/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { query, refetchAfterChange, staffApi } from './staff-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export interface QueueFilters {
  date: string;
  status: AppointmentStatus | '';
  payment: QueuePaymentFilter | '';
  q: string;
  offset: number;
}

export const QUEUE_PAGE = 20;

export const queueKey = queryKeys.staff('appointments');

export function useQueue(f: QueueFilters) {
  return useQuery({
    queryKey: [...queueKey, f],
    queryFn: ({ signal }) =>
      staffApi<StaffAppointmentPage>(`/appointments${query({ date: f.date, status: f.status, payment: f.payment, q: f.q.trim(), limit: QUEUE_PAGE, offset: f.offset })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** puts the changed appointment into every cached page at once, then refetches in the background */
function useApplyChange() {
  const client = useQueryClient();
  return async (changed: StaffAppointment) => {
    await client.cancelQueries({ queryKey: queueKey });
    client.setQueriesData<StaffAppointmentPage>({ queryKey: queueKey }, (page) =>
      page ? { ...page, items: page.items.map((a) => (a.id === changed.id ? changed : a)) } : page,
    );
    void refetchAfterChange(client, [queueKey, queryKeys.staff('audit')]);
  };
}

export function useChangeStatus() {
  const apply = useApplyChange();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AppointmentStatus }) =>
      staffApi<StaffAppointment>(`/appointments/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status } }),
    onSuccess: apply,
  });
}
