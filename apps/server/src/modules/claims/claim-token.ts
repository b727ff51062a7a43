// The link that proves an account owns its e-mail address: `${base36(timestamp)}.${base36(userId)}.${hmac}`
// over the account, its current e-mail key and the time. No storage: it expires with time and dies when
// the account's e-mail changes. Its HMAC key is derived apart from every other token's.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CLAIM_TOKEN_TTL_SECONDS = 3 * 24 * 60 * 60;

const key = (secret: string) => createHmac('sha256', secret).update('lab.bookings.claim').digest();

function signature(secret: string, userId: number, emailKey: string, timestamp: number): string {
  return createHmac('sha256', key(secret)).update(`${userId}\u0000${emailKey}\u0000${timestamp}`).digest('hex').slice(0, 40);
}

export function makeClaimToken(secret: string, userId: number, emailKey: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  return `${nowSeconds.toString(36)}.${userId.toString(36)}.${signature(secret, userId, emailKey, nowSeconds)}`;
}

/** the account the token names, or null; `emailKeyOf` reads that account's e-mail key as it is now */
export async function checkClaimToken(
  secret: string,
  token: string,
  emailKeyOf: (userId: number) => Promise<string | undefined>,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<number | null> {
  const m = /^([0-9a-z]{1,10})\.([0-9a-z]{1,7})\.([0-9a-f]{40})$/.exec(token);
  if (!m) return null;
  const timestamp = Number.parseInt(m[1]!, 36);
  const userId = Number.parseInt(m[2]!, 36);
  if (!Number.isSafeInteger(timestamp) || userId < 1 || userId > 2_147_483_647) return null;
  if (timestamp > nowSeconds + 60 || nowSeconds - timestamp > CLAIM_TOKEN_TTL_SECONDS) return null;
  const emailKey = await emailKeyOf(userId);
  if (emailKey === undefined) return null;
  const expected = Buffer.from(signature(secret, userId, emailKey, timestamp));
  return timingSafeEqual(expected, Buffer.from(m[3]!)) ? userId : null;
}
