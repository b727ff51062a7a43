// Every call of the staff console goes through here: the shared API client (bearer token, renewal),
// plus one thing of our own: a 403 from any staff call tells the console the account has no access
// (e.g. it was demoted while signed in), so it shows "You do not have access" instead of the screens.
import { SECOND_FACTOR_REQUIRED, STAFF_ROLE_REFUSAL } from '@lab/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { api, ApiError, type ApiOptions } from '../../../shared/api/client.ts';

type Listener = () => void;
const deniedListeners = new Set<Listener>();

export function onStaffAccessDenied(listener: Listener): () => void {
  deniedListeners.add(listener);
  return () => deniedListeners.delete(listener);
}

export async function staffApi<T>(path: string, options: ApiOptions = {}): Promise<T> {
  try {
    return await api<T>(`/api/staff${path}`, options);
  } catch (e) {
    // A 403 asking for the second step is not a lack of rights (the gate in front of the screens asks),
    // and a route the caller's role may not use is that screen's refusal, not a lost account.
    if (e instanceof ApiError && e.status === 403 && e.message !== SECOND_FACTOR_REQUIRED && e.message !== STAFF_ROLE_REFUSAL) for (const l of deniedListeners) l();
    throw e;
  }
}

/** `?a=1&b=2` from the values that are set; empty strings and undefined are left out */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

/**
 * After a change: drop any fetch of these lists still under way (it may have read the database before
 * the change and would land after it, even a list's very first fetch, which a plain invalidation
 * joins rather than restarts), then fetch them again.
 */
export async function refetchAfterChange(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
