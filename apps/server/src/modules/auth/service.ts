// Rules of accounts: registration with Django's password rules, login by username or e-mail, refresh
// token rotation with theft detection, logout, password reset by e-mail link, and the proof of an
// account's address (decision 049): until it is proven the account is mailed nothing but that proof.
import { randomUUID } from 'node:crypto';
import {
  type Locale,
  type LoginResponse,
  m,
  type MeResponse,
  paths,
  type PublicUser,
  type registerRequestSchema,
  type TokenPair,
} from '@lab/contract';
import type { z } from 'zod';
import type { User } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../../lib/context.ts';
import { conflict, fieldErrors, HttpError, unauthorized, type FieldErrors } from '../../lib/errors.ts';
import { dummyHash, hashPassword, needsRehash, passwordRefusals, verifyPassword } from '../../lib/passwords.ts';
import { nowIso, todayIst } from '../../lib/time.ts';
import { profileOn } from '../profile/service.ts';
import { emailProofMail, passwordResetMail } from '../messaging/templates.ts';
import { labDetails, labDetailsIn } from '../lab/service.ts';
import { enqueueMail } from '../messaging/queue.ts';
import { recordConsent } from '../privacy/consents.ts';
import { chooseLanguage } from '../messaging/words/index.ts';
import * as q from './queries.ts';
import { checkProofToken, EMAIL_PROOF_TTL_SECONDS, holdsAddress, makeProofToken, pendingKey, type ProofUser, releasedKey } from './email-proof.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken, RESET_TOKEN_TTL_SECONDS } from './reset-token.ts';

type AuthDeps = Pick<Deps, 'db' | 'tokens' | 'config' | 'mailer' | 'tokenVersions' | 'now' | 'counters'>;
type Db = AuthDeps['db'];

/** proof e-mails one address is sent in an hour, however many accounts name it (decision 049) */
export const PROOFS_PER_ADDRESS_PER_HOUR = 3;
export type RegisterInput = z.output<typeof registerRequestSchema>;

export const USERNAME_TAKEN = m('auth.username_taken');
export const EMAIL_TAKEN = m('auth.email_taken');

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

/**
 * `addressHash`: the client's address as a consent record keeps it (privacy/consents.ts). The address
 * is only named, not yet the account's: a proof link goes to it (decision 049). An address that an
 * unproven account holds is not refused: the new account waits for it, and takes it from that account
 * if the proof link is used.
 */
/** what is wrong with a registration's account fields: a name or an address already held, a weak password */
async function accountProblems(deps: AuthDeps, input: Partial<RegisterInput>) {
  const usernameKey = input.username === undefined ? undefined : keyOf(input.username);
  const emailKey = input.email === undefined ? undefined : keyOf(input.email);
  const errors: FieldErrors = {};
  const taken = await q.takenKeys(deps.db, usernameKey ?? '', emailKey ?? '');
  if (usernameKey !== undefined && taken.username) errors.username = [USERNAME_TAKEN];
  const holder = emailKey !== undefined && taken.email ? await q.findUserByEmailKey(deps.db, emailKey) : undefined;
  // Taken: by a proven account, or by someone's (older) username.
  if (emailKey !== undefined && taken.email && (!holder || holder.email_verified_at !== null)) errors.email = [EMAIL_TAKEN];
  if (input.password !== undefined) {
    const problems = passwordRefusals(input.password, input);
    if (problems.length) errors.password = problems;
  }
  return { errors, holder };
}

/**
 * A registration the schema refused: its refusals together with the account's own problems in the
 * fields the schema found valid, so a form shows every field's error at once rather than in two rounds.
 */
export async function registrationRefusal(deps: AuthDeps, raw: unknown, schemaErrors: FieldErrors): Promise<HttpError> {
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const valid = (field: 'username' | 'email' | 'password') => (schemaErrors[field] === undefined && typeof body[field] === 'string' ? (body[field] as string) : undefined);
  const names = { first_name: typeof body.first_name === 'string' ? body.first_name : undefined, last_name: typeof body.last_name === 'string' ? body.last_name : undefined };
  const { errors } = await accountProblems(deps, { username: valid('username'), email: valid('email'), password: valid('password'), ...names });
  return fieldErrors({ ...schemaErrors, ...errors });
}

export async function register(deps: AuthDeps, input: RegisterInput, addressHash: string, cookieLanguage?: string): Promise<PublicUser> {
  const usernameKey = keyOf(input.username);
  const emailKey = keyOf(input.email);
  const { errors, holder } = await accountProblems(deps, input);
  if (Object.keys(errors).length) throw fieldErrors(errors);

  const passwordHash = await hashPassword(input.password);
  const mayMail = await mayMailProof(deps, emailKey);
  try {
    // The account, its consent record (or its "not captured" record) and its proof e-mail are written together.
    const row = await deps.db.transaction().execute(async (trx) => {
      const user = await q.insertUser(trx, {
        username: input.username,
        username_key: usernameKey,
        email: input.email,
        email_key: holder ? pendingKey(randomUUID()) : emailKey,
        password_hash: passwordHash,
        first_name: input.first_name,
        last_name: input.last_name,
        role: 'patient',
        last_login: null,
        created_at: nowIso(),
      });
      await recordConsent(trx, { userId: user.id, appointmentId: null }, input.consent, { source: 'registration', addressHash, now: deps.now() });
      if (mayMail) await queueProof(deps, trx, user.id, chooseLanguage(null, cookieLanguage));
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

/**
 * An e-mail added later to an account that has none (one made by a sign-in code, decision 061): taken
 * as registration takes one (a proven holder refuses it, an unproven one is waited for), then proven
 * by its link like any other. Audited in the change's transaction.
 */
export async function addEmailLater(deps: AuthDeps, user: Pick<User, 'id' | 'email'>, email: string, language: Locale): Promise<void> {
  const emailKey = keyOf(email);
  const { errors, holder } = await accountProblems(deps, { email });
  if (errors.email) throw fieldErrors({ email: errors.email });
  const mayMail = await mayMailProof(deps, emailKey);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('users')
        .set({ email, email_key: holder ? pendingKey(randomUUID()) : emailKey, email_verified_at: null })
        .where('id', '=', user.id)
        .where('email', '=', '')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw fieldErrors({ email: [m('phone_sign_in.email_held')] });
      await recordAudit(trx, { actorUserId: user.id, entity: 'user', entityId: user.id, action: 'email-added', before: { email: false }, after: { email: true } });
      if (mayMail) await queueProof(deps, trx, user.id, language);
    });
  } catch (err) {
    if (uniqueViolation(err) === 'email') throw fieldErrors({ email: [EMAIL_TAKEN] });
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
  if (!user || !ok) throw unauthorized(m('auth.login_failed'));
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
  if (!claims) throw unauthorized(m('auth.refresh_invalid'));
  const row = await q.findRefreshToken(deps.db, claims.jti);
  if (!row || row.user_id !== claims.userId || row.family_id !== claims.family || row.revoked_at) throw unauthorized(m('auth.refresh_invalid'));
  const now = nowIso();
  if (row.expires_at <= now || (row.family_expires_at !== null && row.family_expires_at <= now)) throw unauthorized(m('auth.refresh_invalid'));
  if (row.retired_at || !(await q.retireRefreshToken(deps.db, row.id, now))) {
    await q.revokeFamily(deps.db, row.family_id, now);
    // The family's access tokens (the thief's among them) stop at once too, not when they expire
    // (decision 015): every device of the account renews with its own refresh token.
    await deps.tokenVersions.bump(row.user_id);
    throw unauthorized(m('auth.refresh_invalid'));
  }
  const user = await q.findUserById(deps.db, row.user_id);
  if (!user) throw unauthorized(m('auth.refresh_invalid'));
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
  if (!user) throw unauthorized(m('auth.token_expired'));
  return {
    ...publicUser(user),
    is_staff: user.role === 'staff',
    ...profileOn(user, todayIst(0, now)),
    language: user.language,
    // a password hash starts with `$` (argon2); an account made by a mobile code holds `!phone`
    has_password: !user.password_hash.startsWith('!'),
    proven_mobile: user.phone_key,
  };
}

export function resetLink(deps: Pick<AuthDeps, 'config'>, user: User, timestampSeconds?: number): string {
  return `${deps.config.publicUrl}/reset-password/${encodeUid(user.id)}/${makeResetToken(deps.config.jwtSecret, user, timestampSeconds)}`;
}

/**
 * Queues the reset link when an account has this address (the messaging module's job runner delivers it). The
 * caller answers the same either way and never waits for the mail server.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, cookieLanguage?: string): Promise<void> {
  // The lab's details are read whether or not the account exists, so the time taken tells nothing.
  const [user] = await Promise.all([q.findUserByEmailKey(deps.db, keyOf(email)), labDetails(deps.db)]);
  if (!user) return;
  // the account's chosen language, else the language of the page that asked
  const language = chooseLanguage(user.language, cookieLanguage);
  // the lab's details in the letter's language
  const lab = await labDetailsIn(deps.db, language);
  await enqueueMail(deps.db, deps.now(), {
    kind: 'password-reset',
    message: passwordResetMail({
      to: user.email,
      // A name or username typed by whoever registered goes only to an address proven to be theirs.
      account: user.email_verified_at !== null ? { firstName: user.first_name, username: user.username } : null,
      link: resetLink(deps, user),
      validMinutes: RESET_TOKEN_TTL_SECONDS / 60,
      lab,
      language,
    }),
  });
}

/** answers the account's id; the link came from its mailbox, so it proves the address too (decision 049) */
export async function resetPassword(deps: AuthDeps, uidb64: string, token: string, password: string): Promise<number> {
  const id = decodeUid(uidb64);
  const user = id === null ? undefined : await q.findUserById(deps.db, id);
  if (!user || !checkResetToken(deps.config.jwtSecret, user, token)) throw new HttpError(400, m('auth.reset_link_invalid'));
  const problems = passwordRefusals(password, user);
  if (problems.length) throw fieldErrors({ password: problems });
  // Only if the hash is still the one the link was made for: the link works once, even when raced.
  if (!(await q.replacePasswordHash(deps.db, user.id, user.password_hash, await hashPassword(password)))) {
    throw new HttpError(400, m('auth.reset_link_invalid'));
  }
  // Whoever might have had the old password loses every session, and every access token now.
  await q.revokeAllForUser(deps.db, user.id, nowIso());
  await deps.tokenVersions.bump(user.id);
  if (user.email_verified_at === null) await deps.db.transaction().execute((trx) => proveHeldAddress(trx, user, 'reset-link'));
  return user.id;
}

/**
 * A link sent to the address the account holds was used (a reset or claim link): the address is
 * proven, audited in the caller's transaction. Nothing for an account waiting for its address.
 */
export async function proveHeldAddress(trx: Db, user: Pick<User, 'id' | 'email' | 'email_key'> & { email_verified_at: string | null }, by: 'reset-link' | 'claim-link'): Promise<void> {
  if (user.email_verified_at !== null || !holdsAddress(user)) return;
  if (await q.proveAddress(trx, user.id, user.email_key, user.email_key, nowIso())) await auditProof(trx, user.id, by);
}

const auditProof = (trx: Db, userId: number, by: 'proof-link' | 'reset-link' | 'claim-link') =>
  recordAudit(trx, { actorUserId: userId, entity: 'user', entityId: userId, action: 'email-proven', before: { email_proven: false }, after: { email_proven: true, by } });

/** at most PROOFS_PER_ADDRESS_PER_HOUR proof e-mails to one address, so registrations cannot flood an inbox */
async function mayMailProof(deps: AuthDeps, emailKey: string): Promise<boolean> {
  if (!deps.config.rateLimits) return true;
  const { count } = await deps.counters.add(`email-proof:${emailKey}`, 3_600_000);
  return count <= PROOFS_PER_ADDRESS_PER_HOUR;
}

export function proofLink(deps: Pick<AuthDeps, 'config'>, user: ProofUser): string {
  return `${deps.config.publicUrl}${paths.verifyEmail(encodeUid(user.id), makeProofToken(deps.config.jwtSecret, user))}`;
}

/** the proof e-mail of an account's address, queued in the caller's transaction; no text of the registrant's in it */
async function queueProof(deps: AuthDeps, trx: Db, userId: number, language: Locale): Promise<void> {
  const user = (await q.findUserById(trx, userId))!;
  await enqueueMail(trx, deps.now(), {
    kind: 'email-proof',
    message: emailProofMail({ to: user.email, link: proofLink(deps, user), validDays: EMAIL_PROOF_TTL_SECONDS / 86_400, lab: await labDetailsIn(trx, language), language }),
  });
}

/**
 * The proof link used (decision 049): the account's address is proven. An account that was waiting for
 * an address an unproven account held takes it, and that account is left with none (both audited).
 * A link is refused once used, expired, or when its address changed or was proven by another account.
 */
export async function proveEmail(deps: AuthDeps, uidb64: string, token: string): Promise<void> {
  const id = decodeUid(uidb64);
  const user = id === null ? undefined : await q.findUserById(deps.db, id);
  if (!user || user.closed_at !== null || user.email === '' || !checkProofToken(deps.config.jwtSecret, user, token)) throw new HttpError(400, m('auth.email_proof_invalid'));
  const key = keyOf(user.email);
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (user.email_key !== key) {
        const holder = await q.findUserByEmailKey(trx, key);
        if (holder && holder.email_verified_at !== null) throw conflict(m('auth.email_proven_elsewhere'));
        if (holder) {
          if (!(await q.releaseAddress(trx, holder.id, key, releasedKey(holder.id)))) throw conflict(m('auth.email_proven_elsewhere'));
          await recordAudit(trx, { actorUserId: user.id, entity: 'user', entityId: holder.id, action: 'email-released', before: { holds_address: true }, after: { holds_address: false, to_user: user.id } });
        }
      }
      if (!(await q.proveAddress(trx, user.id, user.email_key, key, nowIso()))) throw new HttpError(400, m('auth.email_proof_invalid'));
      await auditProof(trx, user.id, 'proof-link');
    });
  } catch (err) {
    // Another account took the address between our look and the update.
    if (uniqueViolation(err) === 'email') throw conflict(m('auth.email_proven_elsewhere'));
    throw err;
  }
}
