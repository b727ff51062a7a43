// The DPDP safeguards in the console (admins): the staff read log, paged by its keyset cursor, and
// the breach register.
import type { Breach, BreachInput, BreachList, StaffReadPage } from '@lab/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { query, refetchAfterChange, staffApi } from './staff-client.ts';

export interface ReadLogFilters {
  staff_user_id: string;
  patient_email: string;
  from: string;
  to: string;
}

export const READ_LOG_PAGE = 25;

export const useReadLog = (f: ReadLogFilters) =>
  useInfiniteQuery({
    queryKey: queryKeys.staff('access-log', f),
    queryFn: ({ pageParam, signal }) =>
      staffApi<StaffReadPage>(`/access-log${query({ ...f, patient_email: f.patient_email.trim(), limit: READ_LOG_PAGE, cursor: pageParam ?? undefined })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });

const breachesKey = queryKeys.staff('breaches');

export const useBreaches = () =>
  useQuery({
    queryKey: breachesKey,
    queryFn: ({ signal }) => staffApi<BreachList>('/breaches', { signal }),
    staleTime: 0,
  });

export const useBreach = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.staff('breaches', id),
    queryFn: ({ signal }) => staffApi<Breach>(`/breaches/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });

/** record, send notices, mark the report sent: each answers the breach as it now is */
function useBreachChange<Vars>(call: (vars: Vars) => Promise<Breach>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (breach) => {
      client.setQueryData(queryKeys.staff('breaches', breach.id), breach);
      await refetchAfterChange(client, [breachesKey, queryKeys.staff('audit')]);
    },
  });
}

export const useRecordBreach = () => useBreachChange((input: BreachInput) => staffApi<Breach>('/breaches', { method: 'POST', body: input }));
export const useSendNotices = () => useBreachChange((id: number) => staffApi<Breach>(`/breaches/${id}/notices`, { method: 'POST' }));
export const useMarkReportSent = () => useBreachChange((id: number) => staffApi<Breach>(`/breaches/${id}/board-report`, { method: 'POST' }));
