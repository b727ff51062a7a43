// The server's reason for refusing a booking, in its own words ("This time slot is full. Please choose
// another time.", "The lab is closed on this day…", "This time has already passed today…"), shown under
// the spec's generic message (issue 12). Only a refusal of the request has one; a network failure or a
// fault of ours (5xx) leaves the generic message alone.
import { ApiError } from '../../../shared/api/client.ts';

export function refusalReason(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return null;
  const body = err.body;
  if (typeof body !== 'object' || body === null) return null;
  if ('error' in body && typeof body.error === 'string') return body.error;
  const first = Object.values(body).find((v): v is unknown[] => Array.isArray(v) && typeof v[0] === 'string');
  return first ? String(first[0]) : null;
}
