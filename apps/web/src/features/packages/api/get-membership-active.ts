// GET /api/membership/status/: only whether the logged-in person's membership runs today, which
// decides whether the member price is shown (spec §2 Packages). Same key as the membership screen.
import { useQuery } from '@tanstack/react-query';
import { fetchMembershipStatus } from '../../../shared/api/membership-status.ts';

export function useMembershipActive(username: string | null) {
  const query = useQuery({
    queryKey: ['membership', 'status', username],
    queryFn: ({ signal }) => fetchMembershipStatus(signal),
    enabled: username !== null,
    staleTime: 0,
  });
  return { active: query.data?.is_active === true, pending: username !== null && query.isPending };
}
