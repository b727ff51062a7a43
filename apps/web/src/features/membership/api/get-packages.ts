// GET /api/packages/: the test packages priced for the caller (a member's discounted_price carries the
// plan discount). The same key as the packages screen, so both read one cached answer.
import type { TestPackage } from '@lab/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export function getPackages(signal?: AbortSignal): Promise<TestPackage[]> {
  return api<TestPackage[]>('/api/packages/', { auth: 'optional', signal });
}

export const packagesQueryOptions = (username: string | null) =>
  queryOptions({
    queryKey: ['packages', username],
    queryFn: ({ signal }) => getPackages(signal),
  });

export function usePackages(username: string | null, enabled = true) {
  return useQuery({ ...packagesQueryOptions(username), enabled });
}
