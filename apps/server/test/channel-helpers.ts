// What the WhatsApp and SMS API tests share (docs/messaging.md): a guest booking that picks WhatsApp
// (with its opt-in) and SMS beside e-mail, and the booking confirmation's job on each channel.
import { type Locale, privacyNotice, whatsappNotice } from '@lab/contract';
import { expect } from 'vitest';
import type { MailJob } from '../src/modules/messaging/queries.ts';
import type { TestApp } from './helpers.ts';

/** the booking confirmation's job on each channel */
export interface ConfirmationJobs {
  email: MailJob;
  whatsapp: MailJob;
  sms: MailJob;
}

/** books one test with WhatsApp and SMS beside e-mail; answers its id and a reader of its confirmations' jobs as they are now */
export async function bookOnPhones(
  t: TestApp,
  input: { phone: string; testId: number; visit: { date: string; time: string }; language?: Locale },
): Promise<{ id: string; confirmations(): Promise<ConfirmationJobs> }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/',
    payload: {
      ...input.visit,
      user_name: 'Asha Verma',
      user_email: 'asha@example.com',
      user_phone: input.phone,
      tests: [input.testId],
      booking_for: 'self',
      consent: { notice_version: privacyNotice.version, purposes: ['service'] },
      channels: ['email', 'whatsapp', 'sms'],
      whatsapp_opt_in: { notice_version: whatsappNotice.version },
      language: input.language ?? 'en',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  const confirmations = async (): Promise<ConfirmationJobs> => {
    const rows = await t.app.deps.db.selectFrom('mail_jobs').selectAll().where('appointment_id', '=', id).where('kind', '=', 'booking-confirmation').execute();
    const of = (channel: string) => {
      const job = rows.find((j) => j.channel === channel);
      expect(job, `the ${channel} confirmation`).toBeDefined();
      return job!;
    };
    return { email: of('email'), whatsapp: of('whatsapp'), sms: of('sms') };
  };
  return { id, confirmations };
}
