// GET /api/membership/plans/: the plans anyone may subscribe to (public).
import type { MembershipPlan } from '@lab/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export function getPlans(signal?: AbortSignal): Promise<MembershipPlan[]> {
  return api<MembershipPlan[]>('/api/membership/plans/', { auth: 'none', signal });
}

export const plansQueryOptions = queryOptions({
  queryKey: ['membership', 'plans'],
  queryFn: ({ signal }) => getPlans(signal),
});

export function usePlans(enabled = true) {
  return useQuery({ ...plansQueryOptions, enabled });
}
