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
      client.setQueriesData<StaffContactPage>({ queryKey: inboxKey }, (page) =>
        page ? { ...page, items: page.items.map((m) => (m.id === changed.id ? changed : m)) } : page,
      );
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
