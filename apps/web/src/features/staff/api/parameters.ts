// Test parameters and their reference intervals (admin): a test's list, a new one, an edit.
import type { ParameterInput, TestParameter } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { refetchAfterChange, staffApi } from './staff-client.ts';

const key = (testId: number) => queryKeys.staff('parameters', testId);

export const useParameters = (testId: number | null) =>
  useQuery({ queryKey: key(testId ?? 0), queryFn: ({ signal }) => staffApi<TestParameter[]>(`/tests/${testId}/parameters`, { signal }), enabled: testId !== null });

export function useSaveParameter(testId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: ParameterInput }) =>
      id === undefined ? staffApi<TestParameter>(`/tests/${testId}/parameters`, { method: 'POST', body: values }) : staffApi<TestParameter>(`/parameters/${id}`, { method: 'PUT', body: values }),
    onSuccess: () => refetchAfterChange(client, [key(testId), queryKeys.staff('audit')]),
  });
}
