// The reminder's cancel link: `${appointmentId}.${yyyymmddhhmm}.${hmac}`, signed with a key derived from
// the server secret apart from every other token's, over the appointment id and the date and slot the
// reminder named (decision 051). No storage: it is single-use because a cancelled appointment cannot be
// cancelled again, it stops working once the sample is collected (service.ts), and a reschedule makes
// it out of date (the new reminder carries a new one).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isAppointmentId } from '@lab/contract';

const key = (secret: string) => createHmac('sha256', secret).update('lab.bookings.cancel').digest();

/** the visit a link was made for: the appointment and the date and time it was booked at then */
export interface CancelTarget {
  id: string;
  date: string;
  time: string;
}

/** "2026-12-01" and "10:30" as "202612011030": digits only, so the token needs no escaping */
const whenOf = (date: string, time: string): string | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  return m && t ? `${m[1]}${m[2]}${m[3]}${t[1]}${t[2]}` : null;
};

function signature(secret: string, appointmentId: string, when: string): string {
  return createHmac('sha256', key(secret)).update(`${appointmentId}\n${when}`).digest('hex').slice(0, 40);
}

export function makeCancelToken(secret: string, visit: CancelTarget): string {
  const when = whenOf(visit.date, visit.time);
  if (!when) throw new Error(`not a date and time: ${visit.date} ${visit.time}`);
  return `${visit.id}.${when}.${signature(secret, visit.id, when)}`;
}

/**
 * A link of the first form, `${appointmentId}.${hmac}` signed over the id alone, sent by reminders before
 * decision 051: it cannot tell whether the visit moved since, so it is answered as out of date.
 */
export function isLegacyCancelToken(secret: string, token: string): boolean {
  const m = /^(.+)\.([0-9a-f]{40})$/.exec(token);
  if (!m || !isAppointmentId(m[1]!)) return false;
  const expected = Buffer.from(createHmac('sha256', key(secret)).update(m[1]!).digest('hex').slice(0, 40));
  return timingSafeEqual(expected, Buffer.from(m[2]!));
}

/** the appointment and the date and time the token was signed for, or null for anything else (tampered, truncated, foreign) */
export function checkCancelToken(secret: string, token: string): CancelTarget | null {
  const m = /^(.+)\.(\d{12})\.([0-9a-f]{40})$/.exec(token);
  if (!m || !isAppointmentId(m[1]!)) return null;
  const [, id, when, given] = m as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(secret, id, when));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  return { id, date: `${when.slice(0, 4)}-${when.slice(4, 6)}-${when.slice(6, 8)}`, time: `${when.slice(8, 10)}:${when.slice(10, 12)}` };
}
