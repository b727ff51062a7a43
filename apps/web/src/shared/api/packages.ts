// GET /api/packages/: the test packages priced for the caller (a member's discounted_price carries the
// plan discount), for the packages and membership screens alike, in the screen's language: a Hindi screen
// asks with `?lang=hi` and gets the names and descriptions staff wrote in Hindi (English where none is).
import type { Locale, TestPackage } from '@lab/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function getPackages(locale: Locale, signal?: AbortSignal): Promise<TestPackage[]> {
  return api<TestPackage[]>(locale === 'hi' ? '/api/packages/?lang=hi' : '/api/packages/', { auth: 'optional', signal });
}

/** `enabled`: wait for the stored session to be read, so a member never sees list prices first */
export function usePackages(username: string | null, locale: Locale, enabled = true) {
  return useQuery({ queryKey: queryKeys.packages(username, locale), queryFn: ({ signal }) => getPackages(locale, signal), enabled });
}
