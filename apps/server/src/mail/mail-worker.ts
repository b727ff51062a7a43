// The mail thread: composes and delivers each message it is handed (see createMailer in mailer.ts),
// and answers with the message's id, plus the error when delivery failed.
import { parentPort, workerData } from 'node:worker_threads';
import { createDirectMailer, type MailerOptions, type MailMessage } from './mailer.ts';

const mailer = createDirectMailer(workerData as MailerOptions);

parentPort!.on('message', ({ id, message }: { id: number; message: MailMessage }) => {
  mailer.send(message).then(
    () => parentPort!.postMessage({ id }),
    (err: unknown) => parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
