// The booking's calendar file (.ics), the same event the confirmation e-mail attaches (modules/messaging/calendar.ts),
// for whoever holds the appointment's id (the bill's capability): the booking confirmation page links to
// it, so a patient whose e-mail has not arrived can still put the visit in their calendar.
import { type Locale, m, paths } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { visitEvent, visitLocation } from '../messaging/calendar.ts';
import { labDetailsIn } from '../lab/service.ts';
import { NOT_FOUND } from './service.ts';

export const CALENDAR_CANCELLED = m('booking.cancelled_no_calendar');

export interface CalendarFile {
  filename: string;
  content: string;
}

export async function calendarFileOf(db: Kysely<Database>, publicUrl: string, appointmentId: string): Promise<CalendarFile> {
  const a = await db
    .selectFrom('appointments')
    .select(['id', 'reference', 'date', 'time', 'home_sample', 'status', 'language'])
    .where('id', '=', appointmentId)
    .executeTakeFirst();
  if (!a) throw notFound(NOT_FOUND);
  if (a.status === 'cancelled') throw conflict(CALENDAR_CANCELLED);
  const language = a.language as Locale;
  const lab = await labDetailsIn(db, language);
  const [event] = visitEvent({
    appointmentId: a.id,
    reference: a.reference,
    date: a.date,
    time: a.time,
    labName: lab.name,
    location: visitLocation(a.home_sample === 1, lab.name, lab.address_lines, language),
    billLink: `${publicUrl}${paths.billLink(a.id)}`,
    language,
  });
  if (!event) throw notFound(NOT_FOUND);
  return { filename: `appointment-${a.reference}.ics`, content: event.content };
}
