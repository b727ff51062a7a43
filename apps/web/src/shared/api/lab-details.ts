// GET /api/lab/: the lab's name, address, phones and e-mail as an admin last saved them, for the
// screens that print them (the bill). Revalidated with its ETag, so asking again costs a 304.
import type { LabDetails } from '@lab/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const labDetailsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.labDetails(),
    queryFn: ({ signal }) => api<LabDetails>('/api/lab/', { auth: 'none', signal }),
    // Details change rarely, but a bill opened after an edit must print the new ones.
    staleTime: 60_000,
  });

export function useLabDetails() {
  return useQuery(labDetailsQueryOptions());
}
