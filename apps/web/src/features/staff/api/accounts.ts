// Staff accounts (admin): the list, giving a registered account a role, changing or removing a role.
import type { StaffAccount, StaffAccountCreate, StaffAccountUpdate } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { refetchAfterChange, staffApi } from './staff-client.ts';

const accountsKey = queryKeys.staff('accounts');

export const useStaffAccounts = () => useQuery({ queryKey: accountsKey, queryFn: ({ signal }) => staffApi<StaffAccount[]>('/accounts', { signal }), staleTime: 0 });

export function useAccountChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: { kind: 'grant'; body: StaffAccountCreate } | { kind: 'update'; id: number; body: StaffAccountUpdate }) =>
      c.kind === 'grant' ? staffApi<StaffAccount>('/accounts', { method: 'POST', body: c.body }) : staffApi<StaffAccount>(`/accounts/${c.id}`, { method: 'PATCH', body: c.body }),
    onSuccess: () => void refetchAfterChange(client, [accountsKey, queryKeys.staff('audit')]),
  });
}
