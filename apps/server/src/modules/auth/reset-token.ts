// Password-reset links, after Django's PasswordResetTokenGenerator: the token is
// `${base36(timestamp)}-${hmac}` where the HMAC covers the user id, the current password hash, the last
// login, the e-mail and the timestamp. It needs no storage: it expires with time, and dies as soon as
// the password changes (using it changes the hash) or the person logs in.
import { idText } from '@lab/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { User } from '../../db/schema.ts';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

type TokenUser = Pick<User, 'id' | 'password_hash' | 'last_login' | 'email'>;

/**
 * A token of `purpose` over `state`, timestamped: `${base36(timestamp)}-${hmac}`. The HMAC key is derived
 * from the app secret and the purpose, so a token of one purpose never passes for another; the token dies
 * when `state` changes. Shared by the reset links and the address-proof links (email-proof.ts).
 */
function signature(purpose: string, secret: string, state: string, timestamp: number): string {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return createHmac('sha256', key).update(`${state}\u0000${timestamp}`).digest('hex').slice(0, 40);
}

export function makeTimedToken(purpose: string, secret: string, state: string, timestampSeconds: number): string {
  return `${timestampSeconds.toString(36)}-${signature(purpose, secret, state, timestampSeconds)}`;
}

export function checkTimedToken(purpose: string, secret: string, state: string, token: string, ttlSeconds: number, nowSeconds: number): boolean {
  const m = /^([0-9a-z]{1,13})-([0-9a-f]{40})$/.exec(token);
  if (!m) return false;
  const timestamp = Number.parseInt(m[1]!, 36);
  if (!Number.isSafeInteger(timestamp)) return false;
  const expected = Buffer.from(signature(purpose, secret, state, timestamp));
  if (!timingSafeEqual(expected, Buffer.from(m[2]!))) return false;
  // A token from the future was not made by us at that time; allow a minute of clock skew between servers.
  return timestamp <= nowSeconds + 60 && nowSeconds - timestamp <= ttlSeconds;
}

const PURPOSE = 'lab.auth.password-reset';
const stateOf = (user: TokenUser) => `${user.id}\u0000${user.password_hash}\u0000${user.last_login ?? ''}\u0000${user.email.toLowerCase()}`;

export function makeResetToken(secret: string, user: TokenUser, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  return makeTimedToken(PURPOSE, secret, stateOf(user), timestampSeconds);
}

export function checkResetToken(secret: string, user: TokenUser, token: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return checkTimedToken(PURPOSE, secret, stateOf(user), token, RESET_TOKEN_TTL_SECONDS, nowSeconds);
}

/** the user id in URL-safe base64, as in Django's urlsafe_base64_encode(force_bytes(pk)) */
export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

/** null unless the text decodes to a positive id */
export function decodeUid(uidb64: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  // The contract's one id schema: digits only, 1 … 2^31−1.
  const id = idText().safeParse(text);
  return id.success ? id.data : null;
}
