// The one-time codes of the mobile sign-in (decision 061): six random digits, and their keyed hash, the
// only form a code is kept in. The key is derived from the server's secret, so a copy of the database
// alone cannot try the million codes offline; the number is in the hash, so one code's hash says nothing
// about another number's.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_CODE_DIGITS } from '@lab/contract';

/** a code of SIGN_IN_CODE_DIGITS digits, leading zeros kept */
export function newCode(): string {
  return String(randomInt(0, 10 ** SIGN_IN_CODE_DIGITS)).padStart(SIGN_IN_CODE_DIGITS, '0');
}

let derived: { secret: string; key: Buffer } | null = null;
function codeKey(secret: string): Buffer {
  if (derived?.secret !== secret) derived = { secret, key: createHmac('sha256', secret).update('lab.phone-sign-in.code').digest() };
  return derived.key;
}

export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', codeKey(secret)).update(`${phone}\u0000${code}`).digest('base64url');
}

export function codeMatches(secret: string, phone: string, code: string, stored: string): boolean {
  const a = Buffer.from(hashCode(secret, phone, code));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
