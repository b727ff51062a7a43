// Which dates a visit may be on: from today (India) up to BOOKING_HORIZON_DAYS ahead. A pure rule with
// the clock as a parameter; the slot list checks it, and the booking rules (booking/rules.ts) build on it.
import { BOOKING_HORIZON_DAYS, m } from '@lab/contract';
import type { FieldErrors } from '../../lib/errors.ts';
import { todayIst } from '../../lib/time.ts';

export const DATE_MESSAGES = {
  pastDate: m('booking.date_in_past'),
  tooFarAhead: m('booking.too_far', { days: BOOKING_HORIZON_DAYS }),
} as const;

/** a date from today (India) up to BOOKING_HORIZON_DAYS ahead */
export function dateErrors(date: string, now: Date, field = 'date'): FieldErrors {
  if (date < todayIst(0, now)) return { [field]: [DATE_MESSAGES.pastDate] };
  if (date > todayIst(BOOKING_HORIZON_DAYS, now)) return { [field]: [DATE_MESSAGES.tooFarAhead] };
  return {};
}
