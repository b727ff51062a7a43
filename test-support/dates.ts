// The dates tests book on: the demo lab is closed on Sundays (its weekly hours), and the server refuses
// a closed day, so a test that booked "tomorrow" or "in 3 days" would fail on some weekdays. Every API
// and browser test picks its booking dates here, so the suite passes whatever day it runs.
import { hoursOn, inIndia } from '@lab/contract';
import { DEFAULT_LAB_DETAILS } from '../apps/server/src/db/seed/lab-details.ts';

const dayAfterToday = (days: number, now: number) => inIndia(now + days * 86_400_000).date;
const isOpen = (date: string) => hoursOn(DEFAULT_LAB_DETAILS, date) !== null;

/** the n-th day after today (India) on which the demo lab opens: a larger n is always a later date */
export function openDate(n = 1, now = Date.now()): string {
  let found = 0;
  for (let days = 1; ; days++) {
    const date = dayAfterToday(days, now);
    if (isOpen(date) && ++found === n) return date;
  }
}

/** the latest day, at most `days` after today, on which the demo lab opens (for the booking horizon) */
export function lastOpenDate(days: number, now = Date.now()): string {
  for (let back = days; ; back--) {
    const date = dayAfterToday(back, now);
    if (isOpen(date)) return date;
  }
}

/** a day after today on which the demo lab is closed (a Sunday), for the closed-day rules */
export function closedDate(now = Date.now()): string {
  for (let days = 1; ; days++) {
    const date = dayAfterToday(days, now);
    if (!isOpen(date)) return date;
  }
}

const SLOTS_A_DAY = 24;
/** bookings a test puts in one slot when it spreads many: under the demo's 10 seats at the centre */
const PER_SLOT = 8;

/** the morning slots (09:00 to 10:30), which suit fasting tests too (their latest time is 11:00) */
const MORNING_SLOTS = 4;

/**
 * The date and time of the i-th of many bookings a test makes at once, spread over the day's slots (the
 * 24 of the day, or only the 4 morning ones, which any test suits) and over open days from the
 * `firstDay`-th on, so none finds its slot full (slots have seats) or too late for its tests.
 */
export function spreadVisit(i: number, firstDay = 1, options: { morningOnly?: boolean } = {}): { date: string; time: string } {
  const slotsADay = options.morningOnly ? MORNING_SLOTS : SLOTS_A_DAY;
  const slot = i % slotsADay;
  const minutes = 9 * 60 + slot * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { date: openDate(firstDay + Math.floor(i / (slotsADay * PER_SLOT))), time };
}
