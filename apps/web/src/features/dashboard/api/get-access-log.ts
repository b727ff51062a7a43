// GET /api/users/me/access-log/: when staff opened the caller's appointments, results or reports, by
// role and time (never a name), newest first, a page at a time.
import type { AccessLogPage } from '@lab/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function getAccessLog(cursor: string | null, signal?: AbortSignal): Promise<AccessLogPage> {
  return api<AccessLogPage>(`/api/users/me/access-log/${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
}

export function useAccessLog(username: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.accessLog(username),
    queryFn: ({ pageParam, signal }) => getAccessLog(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}
