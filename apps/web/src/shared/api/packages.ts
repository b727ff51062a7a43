// GET /api/packages/: the test packages priced for the caller (a member's discounted_price carries the
// plan discount), for the packages and membership screens alike.
import type { TestPackage } from '@lab/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function getPackages(signal?: AbortSignal): Promise<TestPackage[]> {
  return api<TestPackage[]>('/api/packages/', { auth: 'optional', signal });
}

/** `enabled`: wait for the stored session to be read, so a member never sees list prices first */
export function usePackages(username: string | null, enabled = true) {
  return useQuery({ queryKey: queryKeys.packages(username), queryFn: ({ signal }) => getPackages(signal), enabled });
}
