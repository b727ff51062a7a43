// The first free day (decision 078): the date a booking's "when" opens on when the patient has not
// chosen one, on the booking page's phone steps and on the plain steps (/book). From today in India, a
// day at a time, at most FIRST_FREE_DAYS days: the first that is open and has a time with a seat left
// that suits the tests' preparation (the slot picker's own filter, suitsPreparation). One day is asked
// only once the one before it has answered, and the walk stops at the first free one. Pure: the
// answers come from `ask` (the slots query in the browser, the API in the server's loader).
import { addDays, type SlotDay, suitsPreparation } from '@lab/contract';

/** how many days the walk looks at: today and the 13 after it */
export const FIRST_FREE_DAYS = 14;

/** whether a day has a time the patient can book: open, a seat left, not after the tests' latest time */
export const hasFreeTime = (day: SlotDay, latestTime: string | null): boolean => !day.closed && day.slots.some((s) => s.seats_left > 0 && suitsPreparation(s.start, latestTime));

/**
 * The first free day's answer from `from` on, or null when none of FIRST_FREE_DAYS days has a free time
 * (or the walk was called off by `signal`). A failed `ask` fails the walk.
 */
export async function firstFreeDay(from: string, ask: (date: string) => Promise<SlotDay>, latestTime: string | null, signal?: AbortSignal): Promise<SlotDay | null> {
  for (let n = 0; n < FIRST_FREE_DAYS; n++) {
    if (signal?.aborted) return null;
    const day = await ask(addDays(from, n));
    if (hasFreeTime(day, latestTime)) return day;
  }
  return null;
}
