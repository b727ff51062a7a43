// The first free day as the booking's "when" step finds it (decision 078), asked of the API by the test
// itself: from `days` after today in India up to the fourteenth day from today, the first open day with a
// seat left at a time before the tests' latest time.
import type { APIRequestContext } from '@playwright/test';
import type { SlotDay } from '@lab/contract';
import { istDate } from '../../test-support/users.ts';

export async function firstFreeFrom(request: APIRequestContext, days: number, latestTime: string | null, homeSample = false): Promise<string> {
  for (let n = days; n < 14; n++) {
    const date = istDate(n);
    const day = (await (await request.get(`/api/slots/?date=${date}&home_sample=${homeSample}`)).json()) as SlotDay;
    if (!day.closed && day.slots.some((s) => s.seats_left > 0 && (latestTime === null || s.start < latestTime))) return date;
  }
  throw new Error('no free day in the next 14 days');
}
