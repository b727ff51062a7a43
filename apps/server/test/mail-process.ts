// One server process of the two-process reminder test (mail-jobs-processes.test.ts): the real app on
// DATABASE_URL's PostgreSQL, in the schema PG_SCHEMA, with its clock pinned at NOW_MS (the evening the
// reminders are due), e-mail written as .eml files to MAIL_OUTBOX_DIR, and its job runner polling in
// the background as in production. Prints its address ("listening http://…") and then "ready" once it
// listens; runs until SIGTERM. The two-process seat race (slots-processes.test.ts) books through it.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const now = new Date(Number(process.env.NOW_MS));
const app = await buildApp(loadConfig(process.env), {
  now: () => now,
  db: { pgSchema: process.env.PG_SCHEMA, poolSize: 3 },
  logger: false,
  // small batches and a quick poll, so both processes are claiming at the same time
  mailRunner: { pollMs: 20, batch: 2 },
});
console.log(`listening ${await app.listen({ port: 0, host: '127.0.0.1' })}`);
console.log('ready');
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
