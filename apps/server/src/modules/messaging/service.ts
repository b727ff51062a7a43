// The delivery log staff read on an appointment: each of its e-mails and phone messages (WhatsApp, SMS) with
// its state, attempts, the last error and the provider's last receipt, newest first. Message bodies are never shown (they hold links that are capabilities).
import type { MailDeliveryLog } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { jobsOfAppointment } from './queries.ts';

export async function deliveryLog(db: Kysely<Database>, appointmentId: string): Promise<MailDeliveryLog> {
  const jobs = await jobsOfAppointment(db, appointmentId);
  return {
    items: jobs.reverse().map((j) => ({
      id: j.id,
      kind: j.kind,
      subject: j.subject,
      to: j.recipient,
      state: j.state,
      attempts: j.attempts,
      error: j.last_error,
      due_at: j.run_at,
      sent_at: j.sent_at,
      created_at: j.created_at,
      channel: j.channel,
      delivery: j.delivery,
      delivered_at: j.delivered_at,
      read_at: j.read_at,
    })),
  };
}
