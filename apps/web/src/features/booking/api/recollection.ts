// The rejected sample's e-mail link: GET /api/recollections/{token}/ shows what is drawn again and the
// slot picked; POST picks the slot, once. No session: the signed link is the permission (docs/samples.md).
import type { Recollection, RecollectionRequest } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

const url = (token: string) => `/api/recollections/${encodeURIComponent(token)}/`;

export function useRecollection(token: string) {
  return useQuery({
    queryKey: queryKeys.recollection(token),
    queryFn: ({ signal }) => api<Recollection>(url(token), { auth: 'none', signal }),
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

export function usePickRecollection(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecollectionRequest) => api<Recollection>(url(token), { method: 'POST', auth: 'none', body }),
    onSuccess: (recollection) => client.setQueryData(queryKeys.recollection(token), recollection),
  });
}
