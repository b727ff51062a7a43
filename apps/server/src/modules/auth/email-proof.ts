// Proof links of an account's e-mail address (decision 049), made like the reset links
// (reset-token.ts): `${base36(timestamp)}-${hmac}` with an HMAC over the account id, the address it
// names, the address it holds (its key) and when it was proven. Nothing is stored: the link expires
// with time and dies once used (the proof time changes), or when the address changes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { User } from '../../db/schema.ts';

export const EMAIL_PROOF_TTL_SECONDS = 3 * 86_400;

export type ProofUser = Pick<User, 'id' | 'email' | 'email_key'> & { email_verified_at: string | null };

const key = (secret: string) => createHmac('sha256', secret).update('lab.auth.email-proof').digest();

function signature(secret: string, user: ProofUser, timestamp: number): string {
  const value = `${user.id}\u0000${user.email.toLowerCase()}\u0000${user.email_key}\u0000${user.email_verified_at ?? ''}\u0000${timestamp}`;
  return createHmac('sha256', key(secret)).update(value).digest('hex').slice(0, 40);
}

export function makeProofToken(secret: string, user: ProofUser, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  return `${timestampSeconds.toString(36)}-${signature(secret, user, timestampSeconds)}`;
}

export function checkProofToken(secret: string, user: ProofUser, token: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const m = /^([0-9a-z]{1,13})-([0-9a-f]{40})$/.exec(token);
  if (!m) return false;
  const timestamp = Number.parseInt(m[1]!, 36);
  if (!Number.isSafeInteger(timestamp)) return false;
  if (!timingSafeEqual(Buffer.from(signature(secret, user, timestamp)), Buffer.from(m[2]!))) return false;
  return timestamp <= nowSeconds + 60 && nowSeconds - timestamp <= EMAIL_PROOF_TTL_SECONDS;
}

/**
 * The key an account holds while it waits to take over an address another, unproven, account holds,
 * and the key an account is left with once its address went to the one that proved it. `#` is in no
 * e-mail address and no username the contract accepts, so these never meet a real key.
 */
export const pendingKey = (uuid: string) => `#pending:${uuid}`;
export const releasedKey = (userId: number) => `#released:${userId}`;

/** whether the account holds the address it names (rather than waiting for it, or having lost it) */
export const holdsAddress = (user: Pick<User, 'email' | 'email_key'>) => user.email !== '' && user.email_key === user.email.trim().toLowerCase();
