// GET and POST /api/users/me/grievances/: the caller's grievances with the lab's answers, and a new one.
import type { Grievance, GrievanceInput } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function useGrievances(username: string) {
  return useQuery({ queryKey: queryKeys.privacy(username, 'grievances'), queryFn: ({ signal }) => api<Grievance[]>('/api/users/me/grievances/', { signal }) });
}

export function useFileGrievance(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GrievanceInput) => api<Grievance>('/api/users/me/grievances/', { method: 'POST', body: input }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.privacy(username, 'grievances') }), queryClient.invalidateQueries({ queryKey: queryKeys.privacy(username, 'summary') })]),
  });
}
