// The patients' grievances and correction requests (docs/personal-data.md): the lists with their filters, and the
// answer or resolution, after which the lists and the audit log are read again.
import type { StaffCorrection, StaffCorrectionPage, StaffGrievance, StaffGrievancePage } from '@lab/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { query, refetchAfterChange, staffApi } from './staff-client.ts';

export const REQUESTS_PAGE = 20;
const grievancesKey = queryKeys.staff('grievances');
const correctionsKey = queryKeys.staff('corrections');

export const useGrievancesPage = (status: '' | 'open' | 'answered', offset: number) =>
  useQuery({
    queryKey: [...grievancesKey, { status, offset }],
    queryFn: ({ signal }) => staffApi<StaffGrievancePage>(`/privacy/grievances${query({ status: status || undefined, limit: REQUESTS_PAGE, offset })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAnswerGrievance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) => staffApi<StaffGrievance>(`/privacy/grievances/${id}/answer`, { method: 'POST', body: { answer } }),
    onSuccess: () => refetchAfterChange(client, [grievancesKey, queryKeys.staff('audit')]),
  });
}

export const useCorrectionsPage = (status: '' | 'open' | 'corrected' | 'declined', offset: number) =>
  useQuery({
    queryKey: [...correctionsKey, { status, offset }],
    queryFn: ({ signal }) => staffApi<StaffCorrectionPage>(`/privacy/corrections${query({ status: status || undefined, limit: REQUESTS_PAGE, offset })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useResolveCorrection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome, resolution }: { id: number; outcome: 'corrected' | 'declined'; resolution: string }) =>
      staffApi<StaffCorrection>(`/privacy/corrections/${id}/resolve`, { method: 'POST', body: { outcome, resolution } }),
    onSuccess: () => refetchAfterChange(client, [correctionsKey, queryKeys.staff('audit')]),
  });
}
