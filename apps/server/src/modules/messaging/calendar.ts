// The calendar event (.ics) attached to the booking confirmation and the reminder, made with the `ics`
// library. Times are written in UTC (the exact moment of the India-time slot), which every calendar
// shows in the reader's own zone; the description repeats the slot in India time as the lab reads it.
import type { Locale } from '@lab/contract';
import { createEvent } from 'ics';
import { indiaMoment } from '../../lib/time.ts';
import type { CalendarVisit, MailAttachment } from './message.ts';
import { mailWords } from './words/index.ts';

/** how long a visit or home collection is shown for in the calendar */
const VISIT_MINUTES = 30;

/**
 * The event as an attachment list: empty when the library refuses an attribute (its URL rule refuses
 * e.g. a PUBLIC_URL with a one-digit port), since a calendar file is never worth failing a booking for.
 * The bill link travels in the description, which the library does not check.
 */
export function visitEvent(v: CalendarVisit): MailAttachment[] {
  const { error, value } = createEvent({
    productId: 'labcentre/booking',
    // the same uid in the confirmation and the reminder: a calendar updates the one event
    uid: `${v.appointmentId}@labcentre`,
    method: 'PUBLISH',
    status: 'CONFIRMED',
    start: indiaMoment(v.date, v.time).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: VISIT_MINUTES },
    title: mailWords[v.language].calendar.title(v.labName, v.reference),
    description: mailWords[v.language].calendar.description(mailWords[v.language].when(v.date, v.time), v.reference, v.billLink),
    location: v.location,
  });
  if (error || !value) return [];
  return [{ filename: 'appointment.ics', content: value, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }];
}

/** the location line of the event: the centre's address, or the home collection (no free text from the booking) */
export function visitLocation(homeSample: boolean, labName: string, addressLines: readonly string[], language: Locale): string {
  return homeSample ? mailWords[language].calendar.home : [labName, ...addressLines].join(', ');
}
