// The contact inbox and the audit trail.
import type { AuditPage, StaffContactMessage, StaffContactPage } from '@lab/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { query, refetchAfterChange, staffApi } from './staff-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const INBOX_PAGE = 20;
const inboxKey = queryKeys.staff('contact-messages');

export const useMessages = (unhandled: boolean, offset: number) =>
  useQuery({
    queryKey: [...inboxKey, { unhandled, offset }],
    queryFn: ({ signal }) => staffApi<StaffContactPage>(`/contact-messages${query({ unhandled: unhandled || undefined, limit: INBOX_PAGE, offset })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useMarkHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => staffApi<StaffContactMessage>(`/contact-messages/${id}/handled`, { method: 'POST' }),
    onSuccess: async (changed) => {
      await client.cancelQueries({ queryKey: inboxKey });
      // A message marked handled leaves the "not yet handled" list at once; elsewhere it shows its badge.
      for (const { queryKey } of client.getQueryCache().findAll({ queryKey: inboxKey })) {
        const onlyUnhandled = (queryKey.at(-1) as { unhandled?: boolean } | undefined)?.unhandled === true;
        client.setQueryData<StaffContactPage>(queryKey, (page) => {
          if (!page) return page;
          if (!onlyUnhandled) return { ...page, items: page.items.map((m) => (m.id === changed.id ? changed : m)) };
          const items = page.items.filter((m) => m.id !== changed.id);
          return { ...page, items, total: page.total - (page.items.length - items.length) };
        });
      }
      void refetchAfterChange(client, [inboxKey, queryKeys.staff('audit')]);
    },
  });
}

export const AUDIT_PAGE = 25;

export const useAudit = (f: { entity: string; entity_id: string; offset: number }) =>
  useQuery({
    queryKey: queryKeys.staff('audit', f),
    queryFn: ({ signal }) => staffApi<AuditPage>(`/audit${query({ entity: f.entity, entity_id: f.entity_id.trim(), limit: AUDIT_PAGE, offset: f.offset })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
