// What other modules call to send e-mail: each call writes a job in the transaction it is given, so the
// e-mail exists exactly when the change that causes it is committed (a rollback leaves no job), and the
// runner (runner.ts) delivers it. Nothing here talks to a mail server.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays, indiaMoment } from '../../lib/time.ts';
import { bookingSubject } from './booking-confirmation.ts';
import { visitLocation } from './calendar.ts';
import type { BookingMail, MailMessage } from './message.ts';
import { type Locale, paths } from '@lab/contract';
import { mailWords } from './words/index.ts';
import { unprovenJobs } from '../auth/proven.ts';
import { labDetailsIn } from '../lab/service.ts';
import { insertJob, type NewMailJob, upsertJob } from './queries.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type MailKind = 'booking-confirmation' | 'reminder' | 'report-ready' | 'report-amended' | 'password-reset' | 'claim-bookings' | 'grievance-answered' | 'account-closed' | 'email-proof' | 'sample-rejected' | 'report-late' | 'doctor-link' | 'doctor-report' | 'payment-request';

/**
 * queues a composed e-mail, due at once; none to an account whose address is not proven (unless it is
 * the proof: auth/proven.ts). The runner asks again when it sends; asking here too covers an account
 * gone by then (the closing notice).
 */
export async function enqueueMail(db: Db, now: Date, job: { kind: MailKind; message: MailMessage; appointmentId?: string }): Promise<void> {
  const withheld = await unprovenJobs(db, [{ id: 0, kind: job.kind, appointment_id: job.appointmentId ?? null, recipient: job.message.to }]);
  if (withheld.size) return;
  const at = now.toISOString();
  await insertJob(db, {
    kind: job.kind,
    appointmentId: job.appointmentId ?? null,
    uniqueKey: null,
    recipient: job.message.to,
    subject: job.message.subject,
    messageJson: JSON.stringify(job.message),
    runAt: at,
    at,
  });
}

/** reminders go out at this time (India) on the evening before the appointment */
export const REMINDER_TIME = '18:00';

/** when the reminder of an appointment on `date` is due */
export function reminderDue(date: string): Date {
  return indiaMoment(addDays(date, -1), REMINDER_TIME);
}

const reminderKey = (appointmentId: string) => `reminder:${appointmentId}`;

/**
 * The appointment's reminder, due at 18:00 India time the evening before `date`; a reschedule calls it
 * again and the one job moves. A booking's reminder is composed when it runs, from the appointment as
 * it is then, so a cancelled or moved booking is never reminded of the old slot.
 */
export async function scheduleReminder(db: Db, now: Date, a: ReminderOf): Promise<void> {
  await upsertJob(db, reminderJob(now, a));
}

interface ReminderOf {
  id: string;
  reference: string;
  date: string;
  time: string;
  to: string;
  language: Locale;
}

function reminderJob(now: Date, a: ReminderOf): NewMailJob & { uniqueKey: string } {
  return {
    kind: 'reminder',
    appointmentId: a.id,
    uniqueKey: reminderKey(a.id),
    recipient: a.to,
    subject: mailWords[a.language].reminder.subject(a.reference, a.time),
    messageJson: null,
    runAt: reminderDue(a.date).toISOString(),
    at: now.toISOString(),
  };
}

/**
 * A new booking's e-mails as job rows, for the booking's transaction to insert: the confirmation (with
 * its calendar event) at once, and the reminder for the evening before, unless that evening has
 * already come (the confirmation just sent says it all). Built before the transaction, so the batch
 * of bookings committed together (booking/writer.ts) only inserts rows.
 */
export async function bookingMailJobs(db: Db, now: Date, m: Omit<BookingMail, 'lab'>): Promise<NewMailJob[]> {
  // the lab's address in the booking's language (a Hindi booking: as the lab wrote it in Hindi)
  const lab = await labDetailsIn(db, m.language);
  // Its facts only: the mail thread writes the text and HTML when it sends (withCalendar, mailer.ts).
  const message: MailMessage = { to: m.to, subject: bookingSubject(m), text: '', booking: { ...m, lab } };
  const billLink = `${m.publicUrl}${paths.billLink(m.appointmentId)}`;
  const location = visitLocation(m.homeSample, lab.name, lab.address_lines, m.language);
  // The .ics file too is made in the mail thread (mailer.ts), off the event loop.
  message.calendar = { appointmentId: m.appointmentId, reference: m.reference, date: m.date, time: m.time, labName: lab.name, location, billLink, language: m.language };
  const at = now.toISOString();
  const jobs: NewMailJob[] = [
    { kind: 'booking-confirmation', appointmentId: m.appointmentId, uniqueKey: null, recipient: message.to, subject: message.subject, messageJson: JSON.stringify(message), runAt: at, at },
  ];
  // A new appointment has no reminder yet: a plain row, which scheduleReminder's upsert moves later.
  if (reminderDue(m.date) > now) jobs.push(reminderJob(now, { id: m.appointmentId, reference: m.reference, date: m.date, time: m.time, to: m.to, language: m.language }));
  return jobs;
}
