// The rejected sample's e-mail link: `${appointmentId}.${sampleId}.${hmac}`, signed with a key derived
// from the server secret apart from every other token's (as the cancel link is, decision 051), over the
// appointment and the rejected container. No storage beyond the recollection's row: the link picks that
// row's slot once.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAppointmentId } from '@lab/contract';

const key = (secret: string) => createHmac('sha256', secret).update('lab.samples.recollect').digest();
const signature = (secret: string, appointmentId: string, sampleId: number) => createHmac('sha256', key(secret)).update(`${appointmentId}\n${sampleId}`).digest('hex').slice(0, 40);

export function makeRecollectToken(secret: string, appointmentId: string, sampleId: number): string {
  return `${appointmentId}.${sampleId}.${signature(secret, appointmentId, sampleId)}`;
}

/** the appointment and the container the token names, or null for anything else (tampered, truncated, foreign) */
export function checkRecollectToken(secret: string, token: string): { appointmentId: string; sampleId: number } | null {
  const m = /^(.+)\.(\d{1,9})\.([0-9a-f]{40})$/.exec(token);
  if (!m || !isAppointmentId(m[1]!)) return null;
  const sampleId = Number(m[2]);
  if (!timingSafeEqual(Buffer.from(signature(secret, m[1]!, sampleId)), Buffer.from(m[3]!))) return null;
  return { appointmentId: m[1]!, sampleId };
}
