// Referring doctors (docs/families-and-doctors.md): the directory (list, search, add, edit) and the
// referrals per doctor and month, with their CSV.
import type { Doctor, DoctorInput, Referrals } from '@lab/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFile, saveFile } from '../../../shared/api/files.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import type { Draft } from './catalogue.ts';
import { query, refetchAfterChange, staffApi } from './staff-client.ts';

export const useDoctors = (q: string) =>
  useQuery({ queryKey: queryKeys.staff('doctors', q), queryFn: ({ signal }) => staffApi<Doctor[]>(`/doctors${query({ q: q.trim() })}`, { signal }), placeholderData: keepPreviousData });

export function useSaveDoctor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number | undefined; values: Draft<DoctorInput> }) =>
      staffApi<Doctor>(id === undefined ? '/doctors' : `/doctors/${id}`, { method: id === undefined ? 'POST' : 'PATCH', body: values }),
    onSuccess: () => refetchAfterChange(client, [queryKeys.staff('doctors'), queryKeys.staff('audit')]),
  });
}

export const useReferrals = (month: string) =>
  useQuery({ queryKey: queryKeys.staff('referrals', month), queryFn: ({ signal }) => staffApi<Referrals>(`/referrals${query({ month })}`, { signal }), enabled: /^\d{4}-\d{2}$/.test(month) });

export async function downloadReferralsCsv(month: string): Promise<void> {
  saveFile(await apiFile(`/api/staff/referrals.csv${query({ month })}`, { auth: 'send' }), `referrals-${month}.csv`);
}
