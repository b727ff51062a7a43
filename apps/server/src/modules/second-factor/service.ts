// The staff second factor (ASVS 6.3.3): TOTP by otplib, the QR code by qrcode, no crypto of our own.
// A staff member enrols an authenticator app at the first sign-in (the secret is kept, a first code
// puts it in force and yields ten one-time recovery codes), then passes a code at each sign-in. A
// passed step starts a token family whose access tokens carry `mfa`; only those open /api/staff.
// Each code works once (the last time step is kept), and wrong codes are limited per account: the
// try is counted before the code is checked, so parallel guesses cannot beat the budget.
import { createHash, randomBytes } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_WRONG,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
  type SecondFactorVerifyRequest,
  type TokenPair,
} from '@lab/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { recordAudit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/context.ts';
import { badRequest, conflict, fieldErrors, notFound, unauthorized } from '../../lib/errors.ts';
import type { AccessClaims } from '../../lib/tokens.ts';
import { tooMany } from '../../lib/rate-limit.ts';
import { nowIso } from '../../lib/time.ts';
import { issuePair } from '../auth/service.ts';
import * as q from './queries.ts';

type FactorDeps = Pick<Deps, 'db' | 'tokens' | 'config' | 'mailer' | 'tokenVersions' | 'counters' | 'clock' | 'now'>;

const ISSUER = 'Lab Centre Diagnostics';
/** wrong codes an account may try in a window */
export const CODE_FAILURES_MAX = 5;
const CODE_WINDOW_MS = 15 * 60_000;
/** one period either side, for a phone whose clock is a little off */
const TOLERANCE_SECONDS = 30;

const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** `xxxxx-xxxxx` of base32 letters and digits: 50 bits each, easy to read off paper */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function account(deps: FactorDeps, userId: number) {
  const user = await q.factorOf(deps.db, userId);
  if (!user) throw unauthorized('Given token not valid or expired.');
  return user;
}

export async function status(deps: FactorDeps, auth: AccessClaims): Promise<SecondFactorStatus> {
  const user = await account(deps, auth.userId);
  return { enrolled: user.totp_enabled_at !== null, required: user.role === 'staff', passed: auth.mfa };
}

export async function enrol(deps: FactorDeps, userId: number): Promise<SecondFactorEnrolment> {
  const user = await account(deps, userId);
  const secret = generateSecret();
  if (!(await q.setPendingSecret(deps.db, userId, secret))) {
    throw conflict('An authenticator app is already set up for this account. Another staff member can reset it.');
  }
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.username, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { secret, otpauth_url: otpauthUrl, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** counts a try before it is checked; the returned function gives it back after a success */
async function reserveTry(deps: FactorDeps, userId: number): Promise<() => Promise<void>> {
  if (!deps.config.rateLimits) return async () => {};
  const key = `second-factor:${userId}`;
  const { count, resetMs } = await deps.counters.add(key, CODE_WINDOW_MS);
  const giveBack = async () => void (await deps.counters.add(key, CODE_WINDOW_MS, -1));
  if (count > CODE_FAILURES_MAX) {
    await giveBack();
    throw tooMany('Too many wrong codes.', resetMs);
  }
  return giveBack;
}

/** the time step the code belongs to, or null when it is not a current code of the secret */
async function stepOf(deps: FactorDeps, secret: string, code: string, after: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(deps.clock.now() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(after !== null ? { afterTimeStep: after } : {}),
  });
  // The functional API types the answer for HOTP and TOTP alike; a TOTP match carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const passedPair = (deps: FactorDeps, user: { id: number; role: 'patient' | 'staff'; token_version: number }) =>
  issuePair(deps, user, { id: crypto.randomUUID(), expiresAt: null, secondFactorAt: nowIso() });

export async function confirm(deps: FactorDeps, userId: number, code: string): Promise<{ recovery_codes: string[]; tokens: TokenPair }> {
  const user = await account(deps, userId);
  if (user.totp_enabled_at !== null) throw conflict('An authenticator app is already set up for this account.');
  if (user.totp_secret === null) throw badRequest('Start by adding the account to your authenticator app.');
  const giveBack = await reserveTry(deps, userId);
  const step = await stepOf(deps, user.totp_secret, code, null);
  if (step === null) throw fieldErrors({ code: [SECOND_FACTOR_WRONG] });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await q.enable(trx, userId, user.totp_secret!, step, nowIso()))) throw conflict('The set-up changed meanwhile. Please start again.');
    await q.replaceRecoveryCodes(trx, userId, codes.map(hashCode));
  });
  await giveBack();
  return { recovery_codes: codes, tokens: await passedPair(deps, user) };
}

export async function verifyStep(deps: FactorDeps, userId: number, input: SecondFactorVerifyRequest): Promise<{ tokens: TokenPair }> {
  const user = await account(deps, userId);
  if (user.totp_enabled_at === null || user.totp_secret === null) throw conflict('Set up your authenticator app first.');
  const giveBack = await reserveTry(deps, userId);
  if (input.code !== undefined) {
    const step = await stepOf(deps, user.totp_secret, input.code, user.totp_last_step);
    // The step is claimed atomically: the same code sent twice at once passes once.
    if (step === null || !(await q.useStep(deps.db, userId, step))) throw fieldErrors({ code: [SECOND_FACTOR_WRONG] });
  } else if (!(await q.useRecoveryCode(deps.db, userId, hashCode(input.recovery_code ?? ''), nowIso()))) {
    throw fieldErrors({ recovery_code: ['That recovery code is not right, or it was used already.'] });
  }
  await giveBack();
  return { tokens: await passedPair(deps, user) };
}

/** another staff member's factor, cleared: they enrol again at their next sign-in; audited */
export async function reset(deps: FactorDeps, actorUserId: number, targetUserId: number): Promise<void> {
  if (actorUserId === targetUserId) throw badRequest('Ask another staff member to reset your own second factor.');
  const target = await q.factorOf(deps.db, targetUserId);
  if (!target) throw notFound('No such account.');
  const at = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await q.clearFactor(trx, targetUserId, at);
    await recordAudit(trx, {
      actorUserId,
      entity: 'user',
      entityId: targetUserId,
      action: 'second-factor-reset',
      before: { enrolled: target.totp_enabled_at !== null },
      after: { enrolled: false },
    });
  });
  // Whoever holds the account's sessions signs in again, and enrols.
  await deps.tokenVersions.bump(targetUserId);
}
