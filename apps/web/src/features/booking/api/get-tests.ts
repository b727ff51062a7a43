// GET /api/tests/: the bookable catalogue, priced by the server for the caller (a member sees their
// own membership price), so it is keyed by who is asking.
import type { LabTest, Locale } from '@lab/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';

// In Hindi the list names tests by their Hindi names where the lab gave one (`?lang=hi`), with the
// English name beside it for the search (`name_en`).
export function getTests(locale: Locale, signal?: AbortSignal): Promise<LabTest[]> {
  return api<LabTest[]>(locale === 'hi' ? '/api/tests/?lang=hi' : '/api/tests/', { auth: 'optional', signal });
}

export const testsQueryOptions = (username: string | null, locale: Locale) =>
  queryOptions({
    queryKey: queryKeys.tests(username, locale),
    queryFn: ({ signal }) => getTests(locale, signal),
    // As docs/product.md#api-contract, #screen-behaviour has it: fetched once and kept while the booking page is open, dropped when it closes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** waits for the stored session to be read, so a member is never shown (and charged) list prices first */
export function useTests(username: string | null, ready: boolean) {
  const { locale } = useLanguage();
  return useQuery({ ...testsQueryOptions(username, locale), enabled: ready });
}
