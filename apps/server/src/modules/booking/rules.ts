// The booking rules that need no database, as pure functions: when an appointment may be, and the
// home-collection address. Shared by booking and rescheduling; the clock is a parameter for tests.
import { bookingTimeSchema, m, type SaysIssue } from '@lab/contract';
import type { FieldErrors } from '../../lib/errors.ts';
import { timeNowIst, todayIst } from '../../lib/time.ts';
import { DATE_MESSAGES, dateErrors } from '../slots/dates.ts';

export const MESSAGES = {
  ...DATE_MESSAGES,
  sampleCollected: m('booking.sample_collected'),
  pastTime: m('booking.time_passed'),
  addressRequired: m('booking.address_required'),
} as const;

/**
 * A date from today (India) up to BOOKING_HORIZON_DAYS ahead, a time from 09:00 to 21:00 inclusive. For today, a time earlier than
 * the current minute in India is refused: nobody can come to a slot that is over. The current minute
 * itself is accepted, so a person booking "now" is not turned away by the seconds.
 */
export function scheduleErrors(
  date: string,
  time: string,
  now: Date = new Date(),
  fields: { date: string; time: string } = { date: 'date', time: 'time' },
): FieldErrors {
  const errors: FieldErrors = dateErrors(date, now, fields.date);
  const today = todayIst(0, now);
  // The lab's hours are the contract's rule, the one the booking page checks too.
  const hours = bookingTimeSchema.safeParse(time);
  if (!hours.success) errors[fields.time] = hours.error.issues.map((issue) => (issue as SaysIssue).says ?? issue.message);
  else if (date === today && time < timeNowIst(now)) errors[fields.time] = [MESSAGES.pastTime];
  return errors;
}

/** the address to store: required with home collection (as one string, or in parts), dropped without it */
export function addressFor(homeSample: boolean, address: string | undefined, inParts = false): { address: string } | { error: FieldErrors } {
  const a = (address ?? '').trim();
  if (!homeSample) return { address: '' };
  if (!a && !inParts) return { error: { address: [MESSAGES.addressRequired] } };
  return { address: a };
}
