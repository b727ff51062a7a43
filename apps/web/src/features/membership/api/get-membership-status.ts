// GET /api/membership/status/: the logged-in person's running membership, or null when there is none.
// Keyed by who asks, so another account on the same browser never sees a cached membership.
import type { MembershipStatus } from '@lab/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMembershipStatus } from '../../../shared/api/membership-status.ts';

export const membershipStatusQueryOptions = (username: string | null) =>
  queryOptions({
    queryKey: ['membership', 'status', username],
    queryFn: ({ signal }) => fetchMembershipStatus(signal),
    staleTime: 0,
  });

/** asks only for a logged-in person */
export function useMembershipStatus(username: string | null) {
  return useQuery({ ...membershipStatusQueryOptions(username), enabled: username !== null });
}

/** the membership in an answer (null while loading or when there is none) */
export function membershipOf(answer: MembershipStatus | null | undefined): MembershipStatus | null {
  return answer ?? null;
}
