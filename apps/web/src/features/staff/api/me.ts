// The signed-in staff member's role and the staff routes it may call (GET /api/staff/me), as the
// server's one access table lists them: the console hides what the role cannot do (lib/staff-access.ts).
import type { StaffMe } from '@lab/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { staffApi } from './staff-client.ts';

export const useStaffMe = (username: string | undefined) =>
  useQuery({ queryKey: queryKeys.staff('me', username), queryFn: ({ signal }) => staffApi<StaffMe>('/me', { signal }), staleTime: 60_000, enabled: username !== undefined });
