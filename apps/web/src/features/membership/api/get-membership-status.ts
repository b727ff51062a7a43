// GET /api/membership/status/: the logged-in person's membership, or the empty answer when there is none.
// Keyed by who asks, so another account on the same browser never sees a cached membership.
import type { MembershipStatus, MembershipStatusResponse } from '@lab/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export function getMembershipStatus(signal?: AbortSignal): Promise<MembershipStatusResponse> {
  return api<MembershipStatusResponse>('/api/membership/status/', { signal });
}

export const membershipStatusQueryOptions = (username: string | null) =>
  queryOptions({
    queryKey: ['membership', 'status', username],
    queryFn: ({ signal }) => getMembershipStatus(signal),
    staleTime: 0,
  });

/** asks only for a logged-in person */
export function useMembershipStatus(username: string | null) {
  return useQuery({ ...membershipStatusQueryOptions(username), enabled: username !== null });
}

/** the membership in an answer, or null for the empty answer */
export function membershipOf(answer: MembershipStatusResponse | undefined): MembershipStatus | null {
  return answer && 'plan' in answer ? answer : null;
}
