// The real mailer behind booking confirmations: messages are composed and delivered in a worker
// thread, written as .eml files when no SMTP server is configured, and a delivery failure reaches the
// caller (the booking logs it) instead of vanishing.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookingConfirmation } from '../src/mail/booking-confirmation.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { DEFAULT_LAB_DETAILS } from '../src/modules/lab/defaults.ts';

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

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ outboxDir: tmpdir(), smtpUrl: 'smtp://127.0.0.1:1' });
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/ECONNREFUSED/);
  });
});
