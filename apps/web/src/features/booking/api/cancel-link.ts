// The reminder's cancel link: GET /api/cancel-links/{token}/ shows the booking it names, POST cancels
// it. No session: the signed link is the permission.
import type { CancelAppointmentRequest, CancelLinkBooking } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

const url = (token: string) => `/api/cancel-links/${encodeURIComponent(token)}/`;

export function useCancelLink(token: string) {
  return useQuery({
    queryKey: queryKeys.cancelLink(token),
    queryFn: ({ signal }) => api<CancelLinkBooking>(url(token), { auth: 'none', signal }),
    // An invalid link stays invalid; only a server or network hiccup is worth one more try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

export function useCancelByLink(token: string) {
  const client = useQueryClient();
  return useMutation({
    // refundOnline: the cancel step's choice to have a payment made online given back now
    mutationFn: (refundOnline: boolean) => {
      const body: CancelAppointmentRequest = { refund_online: true };
      return api<CancelLinkBooking>(url(token), { method: 'POST', auth: 'none', ...(refundOnline ? { body } : {}) });
    },
    onSuccess: (booking) => client.setQueryData(queryKeys.cancelLink(token), booking),
  });
}
