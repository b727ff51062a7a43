// Proof links of an account's e-mail address (decision 049), made like the reset links
// (reset-token.ts): `${base36(timestamp)}-${hmac}` with an HMAC over the account id, the address it
// names, the address it holds (its key) and when it was proven. Nothing is stored: the link expires
// with time and dies once used (the proof time changes), or when the address changes.
import type { User } from '../../db/schema.ts';
import { checkTimedToken, makeTimedToken } from './reset-token.ts';

export const EMAIL_PROOF_TTL_SECONDS = 3 * 86_400;

export type ProofUser = Pick<User, 'id' | 'email' | 'email_key'> & { email_verified_at: string | null };

const PURPOSE = 'lab.auth.email-proof';
const stateOf = (user: ProofUser) => `${user.id}\u0000${user.email.toLowerCase()}\u0000${user.email_key}\u0000${user.email_verified_at ?? ''}`;

export function makeProofToken(secret: string, user: ProofUser, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  return makeTimedToken(PURPOSE, secret, stateOf(user), timestampSeconds);
}

export function checkProofToken(secret: string, user: ProofUser, token: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return checkTimedToken(PURPOSE, secret, stateOf(user), token, EMAIL_PROOF_TTL_SECONDS, nowSeconds);
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
