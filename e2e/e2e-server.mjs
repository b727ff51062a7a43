// Starts the built app for the browser tests on a fresh database: a new SQLite file, or, when
// DATABASE_URL names PostgreSQL, that database (CI hands a fresh one), with e-mail as .eml files.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'lab-e2e-'));
const pgUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL : undefined;
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  DATABASE_URL: pgUrl ?? `file:${path.join(dir, 'lab.db')}`,
  MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
  // WhatsApp and SMS messages as JSON files (no provider); receipts are verified with this app secret (docs/messaging.md)
  CHANNEL_OUTBOX_DIR: path.join(dir, 'channel-outbox'),
  WHATSAPP_APP_SECRET: 'e2e-whatsapp-app-secret',
  IMAGES_DIR: path.join(dir, 'images'),
  JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-00',
  // Browser tests register and book many times from one address; the limits have API tests of their own.
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
};
// Online payment (docs/payments-gateway.md): the local stand-in for Razorpay's API, on the port after
// the server's, started here and pointed back at this server's webhook; the server's adapter talks to it.
const razorpayPort = String(Number(env.PORT) + 1000);
const razorpay = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../apps/server/test/fakes/razorpay-cli.ts')], {
  env: { ...process.env, RAZORPAY_FAKE_PORT: razorpayPort, PUBLIC_URL: `http://127.0.0.1:${env.PORT}` },
  stdio: 'ignore',
  cwd: path.resolve(import.meta.dirname, '../apps/server'),
});
Object.assign(env, {
  RAZORPAY_KEY_ID: 'rzp_test_FakeLab0001',
  RAZORPAY_KEY_SECRET: 'fake-key-secret-0123456789',
  RAZORPAY_WEBHOOK_SECRET: 'fake-webhook-secret-0123456789',
  RAZORPAY_API_URL: `http://127.0.0.1:${razorpayPort}`,
});
// Analysers (docs/analysers.md): the HL7 listener on the port 2000 after the server's, taking the
// XN-1000's messages from this machine, as the analyser spec sends them.
const analyserPort = String(Number(env.PORT) + 2000);
Object.assign(env, { ANALYSER_PORT: analyserPort, ANALYSER_HOST: '127.0.0.1', ANALYSERS: 'XN-1000@127.0.0.1' });
// Specs that need this server's database itself (the staff spec makes its staff account with
// `npm run staff:create`) find its address here, per port; specs that follow an e-mailed link read the outbox.
writeFileSync(path.join(tmpdir(), `lab-e2e-${env.PORT}.json`), JSON.stringify({ databaseUrl: env.DATABASE_URL, outboxDir: env.MAIL_OUTBOX_DIR, channelOutboxDir: env.CHANNEL_OUTBOX_DIR, whatsappAppSecret: env.WHATSAPP_APP_SECRET, analyserPort: Number(analyserPort) }));
// The production build (`npm run build` makes it), as `npm start` runs it.
const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../apps/server/dist/main.js')], {
  env,
  stdio: 'inherit',
  cwd: path.resolve(import.meta.dirname, '../apps/server'),
});
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => {
    razorpay.kill('SIGTERM');
    child.kill('SIGTERM');
  });
child.on('exit', (code) => {
  razorpay.kill('SIGTERM');
  process.exit(code ?? 0);
});
