// Rules of the mobile sign-in (decision 061): a code to any Indian mobile, answered the same whether or
// not the number has an account; the code works for SIGN_IN_CODE_TTL_SECONDS, once, for at most
// SIGN_IN_CODE_MAX_TRIES tries (each try counted before the code is compared, so parallel guesses get no
// more). A right code signs in the account whose proven mobile it is, or makes one for a new number
// (its name asked once; consent recorded; audited in the same transaction). Staff never sign in by code.
// Later the patient may add a password or an e-mail (addCredentials).
import { randomBytes } from 'node:crypto';
import {
  type ConsentGrant,
  type CredentialsUpdate,
  type Locale,
  m,
  type PhoneSignInResponse,
  SIGN_IN_CODE_MAX_TRIES,
  SIGN_IN_CODE_TTL_SECONDS,
} from '@lab/contract';
import type { Deps } from '../../lib/context.ts';
import { fieldError, fieldErrors, forbidden, unauthorized } from '../../lib/errors.ts';
import { hashPassword, passwordRefusals, verifyPassword } from '../../lib/passwords.ts';
import { nowIso } from '../../lib/time.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { recordAudit } from '../audit/record.ts';
import { issuePair, addEmailLater } from '../auth/service.ts';
import { queueSignInCode } from '../messaging/channels/phone-queue.ts';
import { recordConsent } from '../privacy/consents.ts';
import { closeAccountHooks } from '../privacy/erasure.ts';
import { codeMatches, hashCode, newCode } from './code.ts';
import * as q from './queries.ts';

type SignInDeps = Pick<Deps, 'db' | 'tokens' | 'config' | 'mailer' | 'tokenVersions' | 'now' | 'counters'>;

/** the password of an account made by code until one is added: no argon2 hash, so no password matches it */
export const NO_PASSWORD = '!phone';

// A closed account's proven mobile is personal data like the rest: it goes with the account.
closeAccountHooks.push(forgetPhoneOnClose);
async function forgetPhoneOnClose(trx: Parameters<(typeof closeAccountHooks)[number]>[0], userId: number): Promise<void> {
  await q.forgetPhone(trx, userId);
}

/** makes the number's code (replacing any earlier one) and queues its message, in one transaction */
export async function sendCode(deps: SignInDeps, phone: string, channel: 'sms' | 'whatsapp' | undefined, language: Locale): Promise<void> {
  const now = deps.now();
  const code = newCode();
  await q.deleteExpired(deps.db, now.toISOString());
  await deps.db.transaction().execute(async (trx) => {
    await q.replaceCode(trx, {
      phone,
      code_hash: hashCode(deps.config.jwtSecret, phone, code),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SIGN_IN_CODE_TTL_SECONDS * 1000).toISOString(),
    });
    await queueSignInCode(trx, now, { to: phone, language, code, channel });
  });
}

export interface SignInInput {
  phone: string;
  code: string;
  first_name?: string;
  last_name?: string;
  consent?: ConsentGrant;
}

const DEAD = m('phone_sign_in.code_dead');

/** the right code for the number, or a 400 at the field `code`; the try is counted before the comparison */
async function checkCode(deps: SignInDeps, phone: string, code: string) {
  const now = deps.now().toISOString();
  const row = await q.findCode(deps.db, phone);
  if (!row || row.used_at !== null || row.expires_at <= now || row.tries >= SIGN_IN_CODE_MAX_TRIES) throw fieldError('code', DEAD);
  if (!(await q.takeTry(deps.db, row.id, now, SIGN_IN_CODE_MAX_TRIES))) throw fieldError('code', DEAD);
  if (!codeMatches(deps.config.jwtSecret, phone, code, row.code_hash)) throw fieldError('code', m('phone_sign_in.code_wrong'));
  return row;
}

export async function signIn(deps: SignInDeps, input: SignInInput, context: { addressHash: string; language: Locale }): Promise<PhoneSignInResponse> {
  const row = await checkCode(deps, input.phone, input.code);
  const at = nowIso();
  let user = await q.findUserByPhoneKey(deps.db, input.phone);
  if (user?.closed_at) {
    await q.forgetPhone(deps.db, user.id);
    user = undefined;
  }
  if (user) {
    if (!(await q.useCode(deps.db, row.id, at))) throw fieldError('code', DEAD);
    if (user.role !== 'patient') throw forbidden(m('phone_sign_in.staff_password'));
    await q.setLastLogin(deps.db, user.id, at);
    return { first_name: user.first_name, last_name: user.last_name, username: user.username, email: user.email, is_staff: false, tokens: await issuePair(deps, user), created: false };
  }
  if (input.first_name === undefined) {
    await q.giveTryBack(deps.db, row.id);
    throw fieldError('first_name', m('phone_sign_in.name_needed'));
  }
  const username = await freeUsername(deps, input.phone);
  const firstName = input.first_name;
  const lastName = input.last_name ?? '';
  const created = await deps.db.transaction().execute(async (trx) => {
    if (!(await q.useCode(trx, row.id, at))) throw fieldError('code', DEAD);
    const made = await q.insertUser(trx, {
      username,
      username_key: username.toLowerCase(),
      email: '',
      // `#` is in no address or username the contract accepts (auth/email-proof.ts): a key nobody else holds
      email_key: `#phone:${randomBytes(12).toString('hex')}`,
      password_hash: NO_PASSWORD,
      first_name: firstName,
      last_name: lastName,
      role: 'patient',
      staff_role: null,
      last_login: at,
      created_at: at,
      date_of_birth: null,
      age_years: null,
      age_recorded_on: null,
      sex: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      language: context.language,
      phone: input.phone,
      phone_key: input.phone,
      phone_verified_at: at,
    });
    await recordConsent(trx, { userId: made.id, appointmentId: null }, input.consent, { source: 'registration', addressHash: context.addressHash, now: deps.now() });
    await recordAudit(trx, { actorUserId: made.id, entity: 'user', entityId: made.id, action: 'phone-sign-up', before: null, after: { phone_proven: true } });
    return made;
  });
  const tokens = await issuePair(deps, { id: created.id, role: 'patient', token_version: 0 });
  return { first_name: firstName, last_name: lastName, username, email: '', is_staff: false, tokens, created: true };
}

/** `m` and the ten digits, as a password login could later use it; another, with a suffix, if taken */
async function freeUsername(deps: SignInDeps, phone: string): Promise<string> {
  const base = `m${phone.slice(3)}`;
  if (!(await q.usernameTaken(deps.db, base))) return base;
  for (;;) {
    const candidate = `${base}-${randomBytes(2).toString('hex')}`;
    if (!(await q.usernameTaken(deps.db, candidate))) return candidate;
  }
}

/**
 * A mobile number proven by the signed-in account (decision 069): the code sent to the number (tries
 * counted, once) and the account's own session together, so a password account made before the mobile
 * sign-in is joined to the number its owner proves, and signs in by code from then on. A number that
 * already signs in another live account is refused (its code used up): nothing is merged by a number
 * alone, and a number typed at a booking (`users.phone`) proves nothing. The unique index settles two
 * accounts proving one number at once. Audited in the transaction of the change.
 */
export async function proveMobile(deps: SignInDeps, userId: number, input: { phone: string; code: string }): Promise<void> {
  const user = await deps.db.selectFrom('users').select(['id', 'role', 'closed_at', 'phone', 'phone_key']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.closed_at) throw unauthorized(m('auth.token_expired'));
  if (user.role !== 'patient') throw forbidden(m('phone_sign_in.staff_password'));
  const row = await checkCode(deps, input.phone, input.code);
  const at = nowIso();
  const holder = await q.findUserByPhoneKey(deps.db, input.phone);
  if (holder?.closed_at) await q.forgetPhone(deps.db, holder.id);
  else if (holder && holder.id !== userId) {
    await q.useCode(deps.db, row.id, at);
    throw fieldError('phone', m('phone_sign_in.mobile_taken'));
  }
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await q.useCode(trx, row.id, at))) throw fieldError('code', DEAD);
      if (user.phone_key === input.phone) return;
      await q.proveMobile(trx, userId, input.phone, at, user.phone === null);
      await recordAudit(trx, {
        actorUserId: userId,
        entity: 'user',
        entityId: userId,
        action: 'phone-proven',
        before: { phone_proven: user.phone_key !== null },
        after: { phone_proven: true },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e, 'phone_key')) throw fieldError('phone', m('phone_sign_in.mobile_taken'));
    throw e;
  }
}

/**
 * A password or an e-mail added to the account (the profile): a password the account already has is
 * changed only with the current one; an e-mail only when the account has none (its proof mail goes,
 * auth/service.ts). Both audited.
 */
export async function addCredentials(deps: SignInDeps, userId: number, input: CredentialsUpdate, language: Locale): Promise<void> {
  const user = await deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || user.closed_at) throw unauthorized(m('auth.token_expired'));
  if (input.password !== undefined) {
    const hasPassword = !user.password_hash.startsWith('!');
    if (hasPassword && (input.current_password === undefined || !(await verifyPassword(user.password_hash, input.current_password)))) {
      throw fieldError('current_password', m('phone_sign_in.current_password_wrong'));
    }
    const problems = passwordRefusals(input.password, user);
    if (problems.length) throw fieldErrors({ password: problems });
  }
  if (input.email !== undefined && user.email !== '') throw fieldError('email', m('phone_sign_in.email_held'));
  const hash = input.password === undefined ? undefined : await hashPassword(input.password);
  if (hash !== undefined) {
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).where('password_hash', '=', user.password_hash).execute();
      await recordAudit(trx, { actorUserId: userId, entity: 'user', entityId: userId, action: 'password-set', before: null, after: null });
    });
  }
  if (input.email !== undefined) await addEmailLater(deps, user, input.email, language);
}
