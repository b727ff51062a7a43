// Which e-mails wait for a proven address (decision 049). An account whose address is not proven is
// sent nothing but the proof of it: the proof link, a password-reset link and a claim link (each,
// used, proves the address). Guest bookings (no account) are mailed at the address typed, as before.
// Asked by the messaging module's job runner for each batch it sends (so a booking's, a reminder's and a report's
// e-mails follow the account as it is when they go), and by enqueueMail for the e-mails to an account
// that is gone by then (the closing notice).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** the e-mails that are themselves a proof of the address: sent whether or not it is proven */
export const PROOF_KINDS: ReadonlySet<string> = new Set(['email-proof', 'password-reset', 'claim-bookings']);

export const WITHHELD = "Not sent: the account's e-mail address is not confirmed yet.";
export const PROVEN_MEANWHILE = 'Not sent: the address was confirmed meanwhile.';

export interface MailFor {
  id: number;
  kind: string;
  appointment_id: string | null;
  recipient: string;
}

/**
 * The jobs not to send, each with the reason its delivery log gives: an account's e-mail while its
 * address is not proven, and a proof e-mail to an address proven meanwhile (its link is used or dead).
 */
export async function unprovenJobs(db: Db, jobs: readonly MailFor[]): Promise<Map<number, string>> {
  const keyOf = (j: MailFor) => j.recipient.trim().toLowerCase();
  const asked = jobs.filter((j) => !PROOF_KINDS.has(j.kind) && j.recipient !== '');
  const proofs = jobs.filter((j) => j.kind === 'email-proof');
  const appointmentIds = [...new Set(asked.flatMap((j) => (j.appointment_id ? [j.appointment_id] : [])))];
  const addresses = [...new Set([...asked.filter((j) => !j.appointment_id), ...proofs].map(keyOf))];
  const [ofAppointments, ofAddresses] = await Promise.all([
    appointmentIds.length
      ? db
          .selectFrom('appointments as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .select('a.id')
          .where('a.id', 'in', appointmentIds)
          .where('u.email_verified_at', 'is', null)
          .execute()
      : [],
    addresses.length ? db.selectFrom('users').select(['email_key', 'email_verified_at']).where('email_key', 'in', addresses).execute() : [],
  ]);
  const appointments = new Set(ofAppointments.map((r) => r.id));
  const unproven = new Set(ofAddresses.filter((r) => r.email_verified_at === null).map((r) => r.email_key));
  const proven = new Set(ofAddresses.filter((r) => r.email_verified_at !== null).map((r) => r.email_key));
  const out = new Map<number, string>();
  for (const j of asked) if (j.appointment_id ? appointments.has(j.appointment_id) : unproven.has(keyOf(j))) out.set(j.id, WITHHELD);
  for (const j of proofs) if (proven.has(keyOf(j))) out.set(j.id, PROVEN_MEANWHILE);
  return out;
}
