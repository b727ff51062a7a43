// GET /api/membership/status/ for every feature that asks: the running membership, or null. The API
// answers "no membership" (none, cancelled or run out) with 404 {"error": "No active membership."},
// as clients of the original API expect, so that 404 is turned into null here, once.
import type { MembershipStatus } from '@lab/contract';
import { api, ApiError } from './client.ts';

export async function fetchMembershipStatus(signal?: AbortSignal): Promise<MembershipStatus | null> {
  try {
    return await api<MembershipStatus>('/api/membership/status/', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
