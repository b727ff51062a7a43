// The staff second factor (ASVS 6.3.3): TOTP by otplib, the QR code by qrcode, no crypto of our own.
// A staff member enrols an authenticator app at the first sign-in (the secret is kept, a first code
// puts it in force and yields ten one-time recovery codes), then passes a code at each sign-in. A
// passed step starts a token family whose access tokens carry `mfa`; only those open /api/staff.
// Each code works once (the last time step is kept). Wrong codes are limited per device, so that a
// stranger who knows the password cannot lock the owner out (see reserveTry), and the try is counted
// before the code is checked, so parallel guesses cannot beat the budget. The secret is kept
// encrypted (secret-box.ts).
import { createHash, randomBytes } from 'node:crypto';
import {
  m,
  RECOVERY_CODE_COUNT,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
  type SecondFactorVerifyRequest,
  type TokenPair,
} from '@lab/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../../lib/context.ts';
import { badRequest, conflict, fieldErrors, notFound, unauthorized } from '../../lib/errors.ts';
import type { AccessClaims } from '../../lib/tokens.ts';
import { tooMany } from '../../lib/rate-limit.ts';
import { nowIso } from '../../lib/time.ts';
import { issuePair } from '../auth/service.ts';
import * as q from './queries.ts';
import { isCurrent, open, seal } from './secret-box.ts';

type FactorDeps = Pick<Deps, 'db' | 'tokens' | 'config' | 'mailer' | 'tokenVersions' | 'counters' | 'clock' | 'now'>;

const ISSUER = 'Lab Centre Diagnostics';
/** wrong codes one device may try in a window (a known browser, or an address) */
export const CODE_FAILURES_MAX = 5;
/** wrong codes all the account's unknown devices together may try in a window */
export const CODE_ACCOUNT_FAILURES_MAX = 25;
/** wrong recovery codes per account and address in a window */
export const RECOVERY_FAILURES_MAX = 10;
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
  if (!user) throw unauthorized(m('auth.token_expired'));
  return user;
}

export async function status(deps: FactorDeps, auth: AccessClaims): Promise<SecondFactorStatus> {
  const user = await account(deps, auth.userId);
  return { enrolled: user.totp_enabled_at !== null, required: user.role === 'staff', passed: auth.mfa };
}

export async function enrol(deps: FactorDeps, userId: number): Promise<SecondFactorEnrolment> {
  const user = await account(deps, userId);
  const secret = generateSecret();
  if (!(await q.setPendingSecret(deps.db, userId, seal(deps.config.totpKeys, userId, secret)))) {
    throw conflict('An authenticator app is already set up for this account. Another staff member can reset it.');
  }
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.username, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { secret, otpauth_url: otpauthUrl, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** where a second-step try comes from: the browser's known-device id (it passed the step before), and its address */
export interface Device {
  known: string | null;
  address: string;
}

/**
 * Counts a try before it is checked; the returned function gives it back after a success. A wrong
 * code is counted against the device it came from: a browser that passed the step before has a
 * budget of its own that nobody else can spend; any other is counted by account and address, and
 * all of those together have the account-wide ceiling. So a stranger who knows the password spends
 * only their own budgets and the owner's known browser still gets in. Recovery codes (50 bits each)
 * have a budget of their own per account and address: a right one goes through whatever the
 * authenticator codes have spent.
 */
async function reserveTry(deps: FactorDeps, userId: number, device: Device, kind: 'code' | 'recovery'): Promise<() => Promise<void>> {
  if (!deps.config.rateLimits) return async () => {};
  const taken: string[] = [];
  const giveBack = async () => void (await Promise.all(taken.map((key) => deps.counters.add(key, CODE_WINDOW_MS, -1))));
  const take = async (key: string, max: number) => {
    const { count, resetMs } = await deps.counters.add(key, CODE_WINDOW_MS);
    taken.push(key);
    if (count > max) {
      await giveBack();
      throw tooMany('Too many wrong codes.', resetMs);
    }
  };
  if (kind === 'recovery') {
    await take(`second-factor-recovery:${userId}|${device.address}`, RECOVERY_FAILURES_MAX);
  } else if (device.known !== null) {
    await take(`second-factor-device:${userId}:${device.known}`, CODE_FAILURES_MAX);
  } else {
    await take(`second-factor-pair:${userId}|${device.address}`, CODE_FAILURES_MAX);
    await take(`second-factor-account:${userId}`, CODE_ACCOUNT_FAILURES_MAX);
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

/** the account's secret in clear; a secret none of TOTP_KEY's keys opens counts as none (logged at start) */
function secretOf(deps: FactorDeps, user: { id: number; totp_secret: string | null }): string | null {
  return user.totp_secret === null ? null : open(deps.config.totpKeys, user.id, user.totp_secret);
}

export async function confirm(deps: FactorDeps, userId: number, code: string, device: Device): Promise<{ recovery_codes: string[]; tokens: TokenPair }> {
  const user = await account(deps, userId);
  if (user.totp_enabled_at !== null) throw conflict('An authenticator app is already set up for this account.');
  const secret = secretOf(deps, user);
  if (secret === null) throw badRequest('Start by adding the account to your authenticator app.');
  const giveBack = await reserveTry(deps, userId, device, 'code');
  const step = await stepOf(deps, secret, code, null);
  if (step === null) throw fieldErrors({ code: [m('second_factor.wrong')] });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction().execute(async (trx) => {
    // the stored (sealed) value, compared as stored: another enrolment meanwhile replaced it
    if (!(await q.enable(trx, userId, user.totp_secret!, step, nowIso()))) throw conflict('The set-up changed meanwhile. Please start again.');
    await q.replaceRecoveryCodes(trx, userId, codes.map(hashCode));
  });
  await giveBack();
  return { recovery_codes: codes, tokens: await passedPair(deps, user) };
}

export async function verifyStep(deps: FactorDeps, userId: number, input: SecondFactorVerifyRequest, device: Device): Promise<{ tokens: TokenPair }> {
  const user = await account(deps, userId);
  const secret = secretOf(deps, user);
  if (user.totp_enabled_at === null || secret === null) throw conflict('Set up your authenticator app first.');
  if (input.code !== undefined) {
    const giveBack = await reserveTry(deps, userId, device, 'code');
    const step = await stepOf(deps, secret, input.code, user.totp_last_step);
    // The step is claimed atomically: the same code sent twice at once passes once.
    if (step === null || !(await q.useStep(deps.db, userId, step))) throw fieldErrors({ code: [m('second_factor.wrong')] });
    await giveBack();
  } else {
    const giveBack = await reserveTry(deps, userId, device, 'recovery');
    if (!(await q.useRecoveryCode(deps.db, userId, hashCode(input.recovery_code ?? ''), nowIso()))) {
      throw fieldErrors({ recovery_code: ['That recovery code is not right, or it was used already.'] });
    }
    await giveBack();
  }
  return { tokens: await passedPair(deps, user) };
}

/**
 * At start: every stored secret not sealed under TOTP_KEY's first key (plain text from before
 * encryption, or an older key listed after it) is sealed under it; each row is guarded, so processes
 * starting together do it once. Answers how many were sealed and how many no key opens.
 */
export async function sealStoredSecrets(deps: Pick<FactorDeps, 'db' | 'config'>): Promise<{ sealed: number; unreadable: number }> {
  const keys = deps.config.totpKeys;
  let sealed = 0;
  let unreadable = 0;
  for (const row of await q.storedSecrets(deps.db)) {
    if (isCurrent(keys, row.totp_secret)) continue;
    const secret = open(keys, row.id, row.totp_secret);
    if (secret === null) {
      unreadable++;
      continue;
    }
    if (await q.replaceSecret(deps.db, row.id, row.totp_secret, seal(keys, row.id, secret))) sealed++;
  }
  return { sealed, unreadable };
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
