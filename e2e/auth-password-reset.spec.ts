// Password reset by e-mail, end to end: the browser asks for a link, the app sends it over SMTP to
// a real SMTP server started here, the browser opens the link from the received message, sets a new
// password, and the old password, the new one and the spent link behave as docs/product.md#public-pages, #messages and docs/security.md say.
//
// The shared e2e server writes e-mail to files, so this file starts an app server of its own, on
// its own port and fresh SQLite file, whose SMTP_URL points at the catcher.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { expect, newUser, test } from './support/fixtures.ts';
import { type MailCatcher, startMailCatcher } from './support/smtp.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// Resolves when the server logs that it listens (Fastify's "Server listening at" line), so the test
// starts the moment the app is up instead of polling /api/health on a timer.
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onExit = (code: number | null) => reject(new Error(`app server exited with ${code}`));
    child.once('exit', onExit);
    lines.on('line', (line) => {
      if (!line.includes('Server listening at')) return;
      child.off('exit', onExit);
      resolve();
    });
  });
}

let smtp: MailCatcher;
let server: ChildProcess;
let base: string;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startMailCatcher();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'lab-e2e-reset-'));
  server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${path.join(dataDir, 'lab.db')}`,
      SMTP_URL: smtp.url,
      MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
      PUBLIC_URL: base,
      JWT_SECRET: 'e2e-reset-secret-e2e-reset-secret-0000',
      RATE_LIMITS: 'off',
      // info, for the listening line; the request lines are read and dropped
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await listening(server);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('forgot password: the e-mailed link sets a new password once', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: base });
  const user = newUser();
  expect((await api.post('/api/users/register/', { data: user })).status()).toBe(201);
  const newPassword = `${user.password}-renewed`;

  // Ask for the link in the browser, typing the address in another case.
  await page.clock.install();
  await page.goto(`${base}/forgot-password`);
  await page.getByLabel('Email').fill(user.email.toUpperCase());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/\S/);
  await page.clock.runFor(3_000);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Login' })).toBeVisible();

  // The e-mail arrived at the SMTP server, with the link in its text and HTML parts (after the
  // registration's own e-mail, which asks to confirm the address).
  const mail = await smtp.waitForMail(user.email, 15_000, /reset-password/);
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const linkPattern = new RegExp(`${escaped}/reset-password/[A-Za-z0-9_-]+/[A-Za-z0-9_-]+`);
  const link = linkPattern.exec(mail.text)?.[0];
  expect(link, `no reset link in:\n${mail.text}`).toBeTruthy();
  if (mail.html) expect(mail.html).toContain(link);
  expect(mail.subject).not.toBe('');

  // Open it and set a new password.
  await page.goto(link!);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/\S/);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The same link is refused a second time.
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-again`);
  await page.getByLabel('Confirm password', { exact: true }).fill(`${newPassword}-again`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('The password reset link has expired or is invalid.');

  // The old password no longer opens the account; the new one does.
  await page.goto(`${base}/Login`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/Login$/);

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/UserDashboard$/);

  await api.dispose();
});

test('an address without an account gets the same answer and no e-mail', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: base });
  const user = newUser();
  expect((await api.post('/api/users/register/', { data: user })).status()).toBe(201);
  const known = await api.post('/api/send-reset-email/', { data: { email: user.email } });
  await smtp.waitForMail(user.email);

  const stranger = `nobody_${user.username}@example.com`;
  await page.goto(`${base}/forgot-password`);
  await page.getByLabel('Email').fill(stranger);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(((await known.json()) as { message: string }).message);
  await expect(smtp.waitForMail(stranger, 2000)).rejects.toThrow(/no e-mail/);
  await api.dispose();
});
