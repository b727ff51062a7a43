// GET /api/home-collection/pins/{pin}/: whether the lab collects at home in a PIN code, asked as soon
// as six digits are typed, so an unserved PIN is told before booking (with the choice of the centre).
import { type ServedPin } from '@lab/contract';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** the PIN's locality, or null when the lab does not collect there */
export async function getServedPin(pin: string, signal?: AbortSignal): Promise<ServedPin | null> {
  try {
    return await api<ServedPin>(`/api/home-collection/pins/${encodeURIComponent(pin)}/`, { auth: 'none', signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useServedPin(pin: string) {
  return useQuery({
    queryKey: queryKeys.servedPin(pin),
    queryFn: ({ signal }) => getServedPin(pin, signal),
    enabled: /^[1-9]\d{5}$/.test(pin),
    staleTime: 10 * 60_000,
  });
}
