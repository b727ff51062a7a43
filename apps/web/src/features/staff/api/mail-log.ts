// GET /api/staff/appointments/{id}/mail: the delivery log of one appointment's e-mails.
import type { MailDeliveryLog } from '@lab/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { staffApi } from './staff-client.ts';

export function useMailLog(appointmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.staff('mail', appointmentId),
    queryFn: ({ signal }) => staffApi<MailDeliveryLog>(`/appointments/${encodeURIComponent(appointmentId)}/mail`, { signal }),
    enabled,
    staleTime: 0,
  });
}
