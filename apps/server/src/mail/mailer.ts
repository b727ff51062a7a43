// Outgoing e-mail through nodemailer: to the SMTP server of SMTP_URL, or, when none is set, as one
// .eml file per message in MAIL_OUTBOX_DIR (so a developer can open what would have been sent).
// Composing a message costs about a millisecond of CPU (MIME building, encoding), as much as the rest
// of a booking, so the app's mailer does that work in a worker thread (mail-worker.ts) and the event
// loop serving requests only hands the message over.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { workerThread } from '../lib/thread.ts';
import MailComposer from 'nodemailer/lib/mail-composer';
import { bookingConfirmation, type BookingMail } from './booking-confirmation.ts';
import { type CalendarVisit, visitEvent } from './calendar.ts';
import { DEFAULT_LAB_DETAILS } from '../modules/lab/defaults.ts';

export interface MailMessage {
  /** the sender: the lab's name and e-mail address from its details (mail-jobs' runner sets it when it sends) */
  from?: MailSender;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** e.g. the .ics calendar event of a booking (text content, so the message stays plain JSON for the job table) */
  attachments?: MailAttachment[];
  /**
   * the visit as a calendar event: made into an .ics attachment where the message is composed (the mail
   * thread), since the library's checks cost as much CPU as the rest of a booking (decision 029)
   */
  calendar?: CalendarVisit;
  /**
   * a booking confirmation still to be written: its facts, which the mail thread makes into `text` and
   * `html` (booking-confirmation.ts) when it sends, so the booking's request does not (decision 036)
   */
  booking?: BookingMail;
}

/** the message as it is sent: a booking confirmation written from its facts, its calendar event made into an attachment */
export function withCalendar(m: MailMessage): Omit<MailMessage, 'calendar' | 'booking'> {
  const { calendar, booking, ...rest } = m;
  const written = booking ? { ...rest, ...bookingConfirmation(booking) } : rest;
  if (!calendar) return written;
  return { ...written, attachments: [...(written.attachments ?? []), ...visitEvent(calendar)] };
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
}

export interface MailSender {
  name: string;
  address: string;
}

/**
 * The sender when a message names none: the lab's details as shipped (modules/lab/defaults.ts). Every
 * message the runner sends names the lab's details as an admin keeps them (decision 051).
 */
export const DEFAULT_SENDER: MailSender = { name: DEFAULT_LAB_DETAILS.name, address: DEFAULT_LAB_DETAILS.email };

/** delivers in the calling thread */
export function createDirectMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    // Every wait well inside the mail job's 5-minute lease (decision 022), so a hung mail server fails
    // the attempt (and it is retried) before another process could take the job and send it twice.
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    return {
      async send(m) {
        await transport.sendMail({ ...withCalendar(m), from: m.from ?? DEFAULT_SENDER });
      },
    };
  }
  // The message is built by nodemailer's composer directly: the stream transport around it doubled
  // the cost of a message, and converting line ends to Unix ones doubled it again (.eml files use
  // CRLF anyway).
  let outboxReady: Promise<unknown> | null = null;
  return {
    async send(m) {
      const message = await new MailComposer({ ...withCalendar(m), from: m.from ?? DEFAULT_SENDER }).compile().build();
      // Mail holds personal data: the folder and each file are the server user's alone.
      outboxReady ??= mkdir(opts.outboxDir, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
        outboxReady = null;
        throw err;
      });
      await outboxReady;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(opts.outboxDir, name), message, { mode: 0o600 });
    },
  };
}

/** delivers in a worker thread; send() settles when the worker has sent (or failed to send) the message */
export function createMailer(opts: MailerOptions): Mailer {
  const thread = workerThread<MailMessage, void>({ js: new URL('./mail-worker.js', import.meta.url), ts: new URL('./mail-worker.ts', import.meta.url) }, opts);
  return { send: (message) => thread.call(message) };
}
