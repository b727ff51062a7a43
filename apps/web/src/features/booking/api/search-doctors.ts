// GET /api/doctors/?q=: the lab's referring doctors whose names start with what was typed (two letters or
// more), names, qualification and clinic only, for the booking form's doctor field.
import type { DoctorPick } from '@lab/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function useDoctorSearch(text: string) {
  const q = text.trim().replace(/^dr\.?\s*/i, '');
  return useQuery({
    queryKey: queryKeys.doctors(q.toLowerCase()),
    queryFn: ({ signal }) => api<DoctorPick[]>(`/api/doctors/?q=${encodeURIComponent(q)}`, { auth: 'none', signal }),
    enabled: q.length >= 2,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
