// India time helpers for the server: booking dates and times are local to the centre; the rule that
// reads them (Intl, Asia/Kolkata) is the contract's, shared with the web app and the tests.
import { inIndia } from '@lab/contract';

export function nowIso(): string {
  return new Date().toISOString();
}

/** today's date in India as YYYY-MM-DD, shifted by `days` (read on every catalogue request: inIndia keeps the minute's answer) */
export function todayIst(days = 0, now: Date = new Date()): string {
  return inIndia(now.getTime() + days * 86_400_000).date;
}

/** current time in India as HH:MM */
export function timeNowIst(now: Date = new Date()): string {
  return inIndia(now).time;
}

/** the calendar date `days` after `date`: the contract's, shared with the web app */
export { addDays } from '@lab/contract';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** an instant as India reads it on a document, e.g. "23 Nov 2026, 14:05 IST" */
export function formatIst(iso: string): string {
  const { date, time } = inIndia(Date.parse(iso));
  const [y, m, d] = date.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}, ${time} IST`;
}

/** moments of wall-clock dates and times already read (every booking checks its own twice): Intl is slow */
const moments = new Map<string, number>();
const MAX_MOMENTS = 4096;

/** the moment a wall-clock date and time in India (YYYY-MM-DD, HH:MM) names, read through Intl like inIndia */
export function indiaMoment(date: string, time: string): Date {
  const key = `${date}T${time}`;
  let ms = moments.get(key);
  if (ms === undefined) {
    const asIfUtc = Date.parse(`${key}:00Z`);
    const shown = inIndia(asIfUtc);
    const shownAsIfUtc = Date.parse(`${shown.date}T${shown.time}:00Z`);
    ms = asIfUtc - (shownAsIfUtc - asIfUtc);
    if (moments.size >= MAX_MOMENTS) moments.clear();
    moments.set(key, ms);
  }
  return new Date(ms);
}
