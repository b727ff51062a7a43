// The real mailer behind booking confirmations: messages are composed and delivered in a worker
// thread, written as .eml files when no SMTP server is configured, and a delivery failure reaches the
// caller (the booking logs it) instead of vanishing.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookingConfirmation } from '../src/modules/messaging/booking-confirmation.ts';
import { BACKGROUND_NICE } from '../src/lib/thread.ts';
import { createMailer } from '../src/modules/messaging/mailer.ts';
import { outboxAdapter, type OutboxFile } from '../src/modules/messaging/channels/outbox.ts';
import { DEFAULT_LAB_DETAILS } from '../src/db/seed/lab-details.ts';

describe('mailer', () => {
  it('writes a booking confirmation to the outbox as an .eml file', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'lab-mail-')), 'outbox');
    const mailer = createMailer({ outboxDir });
    const message = bookingConfirmation({
      to: 'asha@example.com',
      appointmentId: 'AbCdEfGhIjKlMnOp',
      reference: 'LC-7K4M-Q2',
      date: '2030-07-15',
      time: '09:30',
      tests: [
        { name: 'Lipid Profile', pricePaise: 101_000 },
        { name: 'ECG', pricePaise: 25_000 },
      ],
      totalPaise: 126_000,
      offerPaise: null,
      homeSample: false,
      publicUrl: 'https://lab.example',
      lab: DEFAULT_LAB_DETAILS,
      language: 'en',
    });
    await Promise.all([mailer.send(message), mailer.send({ ...message, to: 'second@example.com' })]);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    const eml = files.map((f) => readFileSync(path.join(outboxDir, f), 'utf8')).join('\n');
    expect(eml).toContain('To: asha@example.com');
    expect(eml).toContain('Subject: Appointment LC-7K4M-Q2 booked for Mon, 15 Jul 2030 at 09:30');
    expect(eml).toContain('booked for Mon, 15 Jul 2030 at 09:30.');
    expect(eml).toContain('Booking reference: LC-7K4M-Q2');
    // The capability link, which opens the bill for whoever holds it, not the in-app /billing guard.
    expect(eml).toContain('https://lab.example/bill/AbCdEfGhIjKlMnOp');
    expect(eml).toContain('Total: Rs 1,260.00');
    expect(eml).not.toContain('2030-07-15');
  });

  // Linux names each thread in /proc; elsewhere the thread keeps its priority (decision 043).
  it.skipIf(!existsSync('/proc/thread-self'))('composes and sends on a thread of background priority, the request thread unchanged', async () => {
    /** each thread of this process: its id and niceness (field 19 of its stat) */
    const niceness = () =>
      new Map(
        readdirSync('/proc/self/task').map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          return [Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])] as const;
        }),
      );
    const before = niceness();
    const mailer = createMailer({ outboxDir: path.join(mkdtempSync(path.join(tmpdir(), 'lab-mail-')), 'outbox') });
    await mailer.send({ to: 'a@example.com', subject: 'x', text: 'y' });
    const started = [...niceness()].filter(([tid]) => !before.has(tid));
    expect(started.filter(([, nice]) => nice === BACKGROUND_NICE)).toHaveLength(1);
    expect(niceness().get(process.pid)).toBe(before.get(process.pid));
    expect(BACKGROUND_NICE).toBeGreaterThan(before.get(process.pid)!);
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ outboxDir: tmpdir(), smtpUrl: 'smtp://127.0.0.1:1' });
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/ECONNREFUSED/);
  });

  // The phone channels' outbox files are written by the same thread as the .eml files (Mailer.writeFile).
  it('writes a whole file in the mail thread, readable by the server user only, and reports a failure', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lab-mail-'));
    const dir = path.join(root, 'channel-outbox');
    const mailer = createMailer({ outboxDir: path.join(root, 'outbox') });
    const sms = outboxAdapter('sms', { dir, publicUrl: 'https://lab.example', write: (file, data) => mailer.writeFile!(file, data) });
    const { providerMessageId } = await sms.send({ to: '+919829012345', kind: 'booking-confirmation', language: 'en', variables: ['LC-7K4M-Q2', '15 Jul 2030', '09:30'], buttonUrlSuffix: 'AbCdEfGhIjKlMnOp' });
    expect(readdirSync(dir)).toEqual([`${providerMessageId}.json`]);
    const file = path.join(dir, `${providerMessageId}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = JSON.parse(readFileSync(file, 'utf8')) as OutboxFile;
    expect(written).toMatchObject({ providerMessageId, channel: 'sms', to: '+919829012345', kind: 'booking-confirmation' });
    expect(written.text).toContain('LC-7K4M-Q2');
    // a folder that cannot be made (a file stands in its place): the call fails, nothing is claimed sent
    const blocked = path.join(root, 'blocked');
    writeFileSync(blocked, 'not a folder');
    await expect(mailer.writeFile!(path.join(blocked, 'x.json'), '{}')).rejects.toThrow(/ENOTDIR|EEXIST|ENOENT/);
  });

  it('writes the outbox file in the calling thread when given no writer', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'lab-mail-')), 'channel-outbox');
    const wa = outboxAdapter('whatsapp', { dir, publicUrl: 'https://lab.example' });
    const { providerMessageId } = await wa.send({ to: '+919829012345', kind: 'booking-confirmation', language: 'hi', variables: ['LC-7K4M-Q2', '15 Jul 2030', '09:30'], buttonUrlSuffix: 'AbCdEfGhIjKlMnOp' });
    expect(statSync(path.join(dir, `${providerMessageId}.json`)).mode & 0o777).toBe(0o600);
  });
});
