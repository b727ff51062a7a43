// GET /api/tests/: the bookable catalogue, priced by the server for the caller (a member sees their
// own membership price), so it is keyed by who is asking.
import type { LabTest } from '@lab/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function getTests(signal?: AbortSignal): Promise<LabTest[]> {
  return api<LabTest[]>('/api/tests/', { auth: 'optional', signal });
}

export const testsQueryOptions = (username: string | null) =>
  queryOptions({
    queryKey: queryKeys.tests(username),
    queryFn: ({ signal }) => getTests(signal),
    // Spec §3/§4: fetched once and kept while the booking page is open, dropped when it closes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** waits for the stored session to be read, so a member is never shown (and charged) list prices first */
export function useTests(username: string | null, ready: boolean) {
  return useQuery({ ...testsQueryOptions(username), enabled: ready });
}
