// The mail thread: composes and delivers each message it is handed (see createMailer in mailer.ts), and
// writes the phone channels' outbox files it is handed (Mailer.writeFile); a failure goes back to the
// caller as the call's error. Background work (decision 043): the
// messages are durable jobs, so under load they wait a little and the requests do not.
import { workerData } from 'node:worker_threads';
import { runInBackground, serveThread } from '../../lib/thread.ts';
import { createDirectMailer, type MailThreadCall, writeFileInThread } from './mailer.ts';
import type { MailerOptions } from './message.ts';

runInBackground();
const mailer = createDirectMailer(workerData as MailerOptions);

serveThread(async (call: MailThreadCall) => ('message' in call ? mailer.send(call.message) : writeFileInThread(call.file, call.data)));
