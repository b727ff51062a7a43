// The calendar event (.ics) attached to the booking confirmation and the reminder, written here as
// RFC 5545 text (decision 077: the `ics` library's checks and grapheme splitting cost more CPU than the
// rest of the message). Times are written in UTC (the exact moment of the India-time slot), which every
// calendar shows in the reader's own zone; the description repeats the slot in India time as the lab
// reads it.
import type { Locale } from '@lab/contract';
import { indiaMoment } from '../../lib/time.ts';
import type { CalendarVisit, MailAttachment } from './message.ts';
import { mailWords } from './words/index.ts';

/** how long a visit or home collection is shown for in the calendar */
const VISIT_MINUTES = 30;

/** a moment as an iCalendar UTC date-time: 20261201T050000Z */
const utcStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** TEXT as RFC 5545 writes it: backslash, semicolon, comma and line breaks escaped */
export const icsText = (value: string) => value.replace(/[\\;,]/g, '\\$&').replace(/\r?\n/g, '\\n');

/**
 * A content line folded at 75 octets (RFC 5545), each continuation starting with a space; never inside
 * a character, so every piece stays valid UTF-8 on its own.
 */
export function foldLine(line: string): string {
  if (line.length <= 75 && Buffer.byteLength(line) === line.length) return line;
  let out = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // the first line holds 75 octets; a continuation's leading space counts in its 75
    if (octets + size > 75) {
      out += '\r\n ';
      octets = 1;
    }
    out += ch;
    octets += size;
  }
  return out;
}

/**
 * The event as an attachment list (one file): the same uid in the confirmation, the reminder and the
 * booking's calendar route, so a calendar updates the one event. The bill link travels in the
 * description.
 */
export function visitEvent(v: CalendarVisit, now = Date.now()): MailAttachment[] {
  const words = mailWords[v.language].calendar;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:labcentre/booking',
    'METHOD:PUBLISH',
    'X-PUBLISHED-TTL:PT1H',
    'BEGIN:VEVENT',
    `UID:${icsText(`${v.appointmentId}@labcentre`)}`,
    `SUMMARY:${icsText(words.title(v.labName, v.reference))}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(indiaMoment(v.date, v.time).getTime())}`,
    `DESCRIPTION:${icsText(words.description(mailWords[v.language].when(v.date, v.time), v.reference, v.billLink))}`,
    `LOCATION:${icsText(v.location)}`,
    'STATUS:CONFIRMED',
    `DURATION:PT${VISIT_MINUTES}M`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return [{ filename: 'appointment.ics', content: `${lines.map(foldLine).join('\r\n')}\r\n`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }];
}

/** the location line of the event: the centre's address, or the home collection (no free text from the booking) */
export function visitLocation(homeSample: boolean, labName: string, addressLines: readonly string[], language: Locale): string {
  return homeSample ? mailWords[language].calendar.home : [labName, ...addressLines].join(', ');
}
