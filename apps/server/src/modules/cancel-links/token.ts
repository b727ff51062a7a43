// The reminder's cancel link: `${appointmentId}.${hmac}`, signed with a key derived from the server
// secret apart from every other token's. No storage: it is single-use because a cancelled appointment
// cannot be cancelled again, and it stops working once the sample is collected (service.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAppointmentId } from '@lab/contract';

const key = (secret: string) => createHmac('sha256', secret).update('lab.bookings.cancel').digest();

function signature(secret: string, appointmentId: string): string {
  return createHmac('sha256', key(secret)).update(appointmentId).digest('hex').slice(0, 40);
}

export function makeCancelToken(secret: string, appointmentId: string): string {
  return `${appointmentId}.${signature(secret, appointmentId)}`;
}

/** the appointment id the token was signed for, or null for anything else (tampered, truncated, foreign) */
export function checkCancelToken(secret: string, token: string): string | null {
  const m = /^(.+)\.([0-9a-f]{40})$/.exec(token);
  if (!m || !isAppointmentId(m[1]!)) return null;
  const expected = Buffer.from(signature(secret, m[1]!));
  return timingSafeEqual(expected, Buffer.from(m[2]!)) ? m[1]! : null;
}
