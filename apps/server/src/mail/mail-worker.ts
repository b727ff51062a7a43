// The mail thread: composes and delivers each message it is handed (see createMailer in mailer.ts);
// a delivery failure goes back to the caller as the call's error.
import { workerData } from 'node:worker_threads';
import { serveThread } from '../lib/thread.ts';
import { createDirectMailer, type MailerOptions, type MailMessage } from './mailer.ts';

const mailer = createDirectMailer(workerData as MailerOptions);

serveThread((message: MailMessage) => mailer.send(message));
