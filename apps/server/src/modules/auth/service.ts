// Rules of accounts: registration with Django's password rules, login by username or e-mail, refresh
// token rotation with theft detection, logout, and password reset by e-mail link.
import {
  LOGIN_FAILED,
  REFRESH_INVALID,
  RESET_LINK_INVALID,
  type LoginResponse,
  type MeResponse,
  type PublicUser,
  type TokenPair,
  type registerRequestSchema,
} from '@lab/contract';
import type { z } from 'zod';
import type { User } from '../../db/schema.ts';
import type { Deps } from '../../lib/context.ts';
import { fieldErrors, HttpError, unauthorized, type FieldErrors } from '../../lib/errors.ts';
import { dummyHash, hashPassword, needsRehash, passwordProblems, verifyPassword } from '../../lib/passwords.ts';
import { nowIso, todayIst } from '../../lib/time.ts';
import { profileOn } from '../profile/service.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import { labDetails } from '../lab/service.ts';
import { enqueueMail } from '../mail-jobs/queue.ts';
import { recordConsent } from '../privacy/consents.ts';
import { chooseLanguage } from '../../mail/words/index.ts';
import * as q from './queries.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken, RESET_TOKEN_TTL_SECONDS } from './reset-token.ts';

type AuthDeps = Pick<Deps, 'db' | 'tokens' | 'config' | 'mailer' | 'tokenVersions' | 'now'>;
export type RegisterInput = z.output<typeof registerRequestSchema>;

export const USERNAME_TAKEN = 'A user with that username already exists.';
export const EMAIL_TAKEN = 'A user with that email address already exists.';

const keyOf = (s: string) => s.trim().toLowerCase();

function publicUser(u: Pick<User, 'id' | 'username' | 'email' | 'first_name' | 'last_name'>): PublicUser {
  return { id: u.id, username: u.username, email: u.email, first_name: u.first_name, last_name: u.last_name };
}

/** which unique column a failed insert ran into, on SQLite or PostgreSQL; null for any other error */
function uniqueViolation(err: unknown): 'username' | 'email' | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown };
  const isUnique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!isUnique) return null;
  const text = `${String(e.constraint ?? '')} ${String(e.detail ?? '')} ${String(e.message ?? '')}`;
  return text.includes('email_key') ? 'email' : 'username';
}

/** `addressHash`: the client's address as a consent record keeps it (privacy/consents.ts) */
export async function register(deps: AuthDeps, input: RegisterInput, addressHash: string): Promise<PublicUser> {
  const usernameKey = keyOf(input.username);
  const emailKey = keyOf(input.email);
  const errors: FieldErrors = {};
  const taken = await q.takenKeys(deps.db, usernameKey, emailKey);
  if (taken.username) errors.username = [USERNAME_TAKEN];
  if (taken.email) errors.email = [EMAIL_TAKEN];
  const problems = passwordProblems(input.password, input);
  if (problems.length) errors.password = problems;
  if (Object.keys(errors).length) throw fieldErrors(errors);

  const passwordHash = await hashPassword(input.password);
  try {
    // The account and its consent record (or its "not captured" record) are written together.
    const row = await deps.db.transaction().execute(async (trx) => {
      const user = await q.insertUser(trx, {
        username: input.username,
        username_key: usernameKey,
        email: input.email,
        email_key: emailKey,
        password_hash: passwordHash,
        first_name: input.first_name,
        last_name: input.last_name,
        role: 'patient',
        last_login: null,
        created_at: nowIso(),
      });
      await recordConsent(trx, { userId: user.id, appointmentId: null }, input.consent, { source: 'registration', addressHash, now: deps.now() });
      return user;
    });
    return publicUser(row);
  } catch (err) {
    // Someone took the name or address between our check and the insert.
    const field = uniqueViolation(err);
    if (field === 'email') throw fieldErrors({ email: [EMAIL_TAKEN] });
    if (field === 'username') throw fieldErrors({ username: [USERNAME_TAKEN] });
    throw err;
  }
}

export interface Family {
  id: string;
  /** the absolute end; null: from now on, SESSION_MAX_DAYS */
  expiresAt: string | null;
  /** when the family passed the second sign-in step; null: not (yet) */
  secondFactorAt: string | null;
}

/**
 * A new access token and a new refresh token of a family. A fresh login starts a family that ends
 * SESSION_MAX_DAYS later however often it is refreshed; a family from before that rule gets its end
 * on its first refresh. A family that passed the second sign-in step keeps it through refreshes.
 */
export async function issuePair(
  deps: AuthDeps,
  user: Pick<User, 'id' | 'role' | 'token_version'>,
  family: Family = { id: crypto.randomUUID(), expiresAt: null, secondFactorAt: null },
): Promise<TokenPair> {
  const familyEnd = family.expiresAt ?? new Date(Date.now() + deps.config.sessionMaxDays * 86_400_000).toISOString();
  const access = await deps.tokens.signAccess({ userId: user.id, role: user.role, version: user.token_version, mfa: family.secondFactorAt !== null });
  const refresh = await deps.tokens.signRefresh({ userId: user.id, family: family.id, notAfter: new Date(familyEnd) });
  await q.insertRefreshToken(deps.db, {
    id: refresh.jti,
    user_id: user.id,
    family_id: family.id,
    expires_at: refresh.expiresAt.toISOString(),
    family_expires_at: familyEnd,
    second_factor_at: family.secondFactorAt,
    created_at: nowIso(),
  });
  return { access, refresh: refresh.token };
}

export interface LoginHooks {
  /** before the password is checked: counts the attempt, or refuses it (too many failures) */
  reserve(accountKey: string, userId: number | null): Promise<{ release(): Promise<void> }>;
  /** after a successful login */
  succeeded(userId: number): Promise<void>;
}

/**
 * An identifier with `@` is an e-mail address and is looked up by e-mail only; anything else is a
 * username. (Usernames cannot contain `@`; older ones that do log in by their e-mail.)
 */
export async function login(deps: AuthDeps, username: string, password: string, hooks: LoginHooks): Promise<LoginResponse> {
  const key = keyOf(username);
  const user = key.includes('@') ? await q.findUserByEmailKey(deps.db, key) : await q.findUserByUsernameKey(deps.db, key);
  // Failures are counted per account, whichever of its names was typed; unknown names count by name.
  const accountKey = user ? `id:${user.id}` : `name:${key}`;
  const reservation = await hooks.reserve(accountKey, user?.id ?? null);
  // An unknown name costs one verification too, so the answer's timing does not tell who has an account.
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
  if (!user || !ok) throw unauthorized(LOGIN_FAILED);
  await reservation.release();
  await hooks.succeeded(user.id);
  if (needsRehash(user.password_hash)) {
    await q.replacePasswordHash(deps.db, user.id, user.password_hash, await hashPassword(password));
  }
  await q.setLastLogin(deps.db, user.id, nowIso());
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    email: user.email,
    is_staff: user.role === 'staff',
    tokens: await issuePair(deps, user),
  };
}

/**
 * Exchanges a live refresh token for a new pair and retires it. A retired token shown again means two
 * parties hold it (one of them a thief): the whole family is revoked, which logs both out.
 */
export async function refresh(deps: AuthDeps, token: string): Promise<TokenPair> {
  const claims = await deps.tokens.verifyRefresh(token);
  if (!claims) throw unauthorized(REFRESH_INVALID);
  const row = await q.findRefreshToken(deps.db, claims.jti);
  if (!row || row.user_id !== claims.userId || row.family_id !== claims.family || row.revoked_at) throw unauthorized(REFRESH_INVALID);
  const now = nowIso();
  if (row.expires_at <= now || (row.family_expires_at !== null && row.family_expires_at <= now)) throw unauthorized(REFRESH_INVALID);
  if (row.retired_at || !(await q.retireRefreshToken(deps.db, row.id, now))) {
    await q.revokeFamily(deps.db, row.family_id, now);
    throw unauthorized(REFRESH_INVALID);
  }
  const user = await q.findUserById(deps.db, row.user_id);
  if (!user) throw unauthorized(REFRESH_INVALID);
  return issuePair(deps, user, { id: row.family_id, expiresAt: row.family_expires_at, secondFactorAt: row.second_factor_at });
}

/**
 * Ends the session the token belongs to, and revokes every access token of the account at once
 * (other devices renew theirs with their own refresh tokens). An unknown or invalid token is
 * silently accepted.
 */
export async function logout(deps: AuthDeps, token: string): Promise<void> {
  const claims = await deps.tokens.verifyRefresh(token);
  if (!claims) return;
  const row = await q.findRefreshToken(deps.db, claims.jti);
  if (!row || row.user_id !== claims.userId) return;
  await q.revokeFamily(deps.db, row.family_id, nowIso());
  await deps.tokenVersions.bump(row.user_id);
}

export async function me(deps: AuthDeps, userId: number, now: Date): Promise<MeResponse> {
  const user = await q.findUserById(deps.db, userId);
  if (!user) throw unauthorized('Given token not valid or expired.');
  return { ...publicUser(user), is_staff: user.role === 'staff', ...profileOn(user, todayIst(0, now)), language: user.language };
}

export function resetLink(deps: Pick<AuthDeps, 'config'>, user: User, timestampSeconds?: number): string {
  return `${deps.config.publicUrl}/reset-password/${encodeUid(user.id)}/${makeResetToken(deps.config.jwtSecret, user, timestampSeconds)}`;
}

/**
 * Queues the reset link when an account has this address (the mail-jobs runner delivers it). The
 * caller answers the same either way and never waits for the mail server.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, cookieLanguage?: string): Promise<void> {
  // The lab's details are read whether or not the account exists, so the time taken tells nothing.
  const [user, lab] = await Promise.all([q.findUserByEmailKey(deps.db, keyOf(email)), labDetails(deps.db)]);
  if (!user) return;
  await enqueueMail(deps.db, deps.now(), {
    kind: 'password-reset',
    message: passwordResetMail({
      to: user.email,
      firstName: user.first_name,
      username: user.username,
      link: resetLink(deps, user),
      validMinutes: RESET_TOKEN_TTL_SECONDS / 60,
      lab,
      // the account's chosen language, else the language of the page that asked
      language: chooseLanguage(user.language, cookieLanguage),
    }),
  });
}

export async function resetPassword(deps: AuthDeps, uidb64: string, token: string, password: string): Promise<void> {
  const id = decodeUid(uidb64);
  const user = id === null ? undefined : await q.findUserById(deps.db, id);
  if (!user || !checkResetToken(deps.config.jwtSecret, user, token)) throw new HttpError(400, RESET_LINK_INVALID);
  const problems = passwordProblems(password, user);
  if (problems.length) throw fieldErrors({ password: problems });
  // Only if the hash is still the one the link was made for: the link works once, even when raced.
  if (!(await q.replacePasswordHash(deps.db, user.id, user.password_hash, await hashPassword(password)))) {
    throw new HttpError(400, RESET_LINK_INVALID);
  }
  // Whoever might have had the old password loses every session, and every access token now.
  await q.revokeAllForUser(deps.db, user.id, nowIso());
  await deps.tokenVersions.bump(user.id);
}
