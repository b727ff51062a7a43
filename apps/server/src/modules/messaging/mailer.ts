// Outgoing e-mail: to the SMTP server of SMTP_URL (through nodemailer), or, when none is set, as one
// .eml file per message in MAIL_OUTBOX_DIR (so a developer can open what would have been sent). The
// message's MIME text is written by mime.ts in one pass (decision 077) either way; composing still
// costs CPU, so the app's mailer does that work in a worker thread (mail-worker.ts) and the event loop
// serving requests only hands the message over.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { workerThread } from '../../lib/thread.ts';
import { isMainThread } from 'node:worker_threads';
import { writeWholeFile, writeWholeFileSync } from '../../lib/whole-file.ts';
import { buildMime } from './mime.ts';
import { bookingConfirmation } from './booking-confirmation.ts';
import { visitEvent } from './calendar.ts';
import { DEFAULT_LAB_DETAILS } from '../../db/seed/lab-details.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { Mailer, MailerOptions, MailMessage, MailSender } from './message.ts';

/** the message as it is sent: a booking confirmation written from its facts, its calendar event made into an attachment */
export function withCalendar(m: MailMessage): Omit<MailMessage, 'calendar' | 'booking'> {
  const { calendar, booking, ...rest } = m;
  const written = booking ? { ...rest, ...bookingConfirmation(booking) } : rest;
  if (!calendar) return written;
  return { ...written, attachments: [...(written.attachments ?? []), ...visitEvent(calendar)] };
}

/**
 * The sender when a message names none: the lab's details as shipped (db/seed/lab-details.ts). Every
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
        const from = m.from ?? DEFAULT_SENDER;
        await transport.sendMail({ envelope: { from: from.address, to: [m.to] }, raw: buildMime({ ...withCalendar(m), from }) });
      },
    };
  }
  // .eml files keep the message's CRLF line ends, as sent.
  let outboxReady: Promise<unknown> | null = null;
  return {
    async send(m) {
      const message = buildMime({ ...withCalendar(m), from: m.from ?? DEFAULT_SENDER });
      // Mail holds personal data: the folder and each file are the server user's alone.
      outboxReady ??= mkdir(opts.outboxDir, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
        outboxReady = null;
        throw err;
      });
      await outboxReady;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      // In the mail thread (mail-worker.ts) the file is written without the thread pool: blocking there holds no request.
      if (isMainThread) await writeWholeFile(path.join(opts.outboxDir, name), message, 0o600);
      else writeWholeFileSync(path.join(opts.outboxDir, name), message, 0o600);
    },
  };
}

/** what the mail thread is handed: a message to send, or a whole file to write (Mailer.writeFile) */
export type MailThreadCall = { message: MailMessage } | { file: string; data: string };

/** in the mail thread: a whole file, readable by the server's user only, written without the thread pool */
export const writeFileInThread = (file: string, data: string): void => writeWholeFileSync(file, data, 0o600);

/** delivers in a worker thread; send() settles when the worker has sent (or failed to send) the message */
export function createMailer(opts: MailerOptions): Mailer {
  const thread = workerThread<MailThreadCall, void>({ js: new URL('./mail-worker.js', import.meta.url), ts: new URL('./mail-worker.ts', import.meta.url) }, opts);
  return { send: (message) => thread.call({ message }), writeFile: (file, data) => thread.call({ file, data }) };
}

/** the same mailer, counting what it sends and what fails */
export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    ...(mailer.writeFile ? { writeFile: mailer.writeFile } : {}),
    send: async (message) => {
      try {
        await mailer.send(message);
        metrics.mail('sent');
      } catch (err) {
        metrics.mail('failed');
        throw err;
      }
    },
  };
}
