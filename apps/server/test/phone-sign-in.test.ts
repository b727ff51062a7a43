// Sign-up and sign-in with a mobile number and a one-time code (decision 061): the code goes through the
// SMS or WhatsApp channel (the outbox here, as with no provider), 6 digits, kept only as a keyed hash,
// good for 5 minutes, once, for at most 5 tries; codes are limited per number and per client address;
// the answers never tell whether a number has an account. A new number becomes an account once the
// right code and a name come; the account's number signs it in later; a password and an e-mail can be
// added; username and password login is unchanged, and staff never sign in by code. SQLite and, with
// DATABASE_URL, PostgreSQL.
import { randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messagesEn, messagesHi, privacyNotice, SIGN_IN_CODE_MAX_TRIES, SIGN_IN_CODE_TTL_SECONDS } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxFile } from '../src/modules/messaging/channels/outbox.ts';
import { CODES_PER_ADDRESS, CODES_PER_NUMBER } from '../src/modules/phone-sign-in/routes.ts';
import { createUser, makeApp, type TestApp, TestClock } from './helpers.ts';
import { createStaff } from './staff-helpers.ts';

const outboxDir = mkdtempSync(path.join(tmpdir(), 'lab-phone-sign-in-test-'));
const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await makeApp({ CHANNEL_OUTBOX_DIR: outboxDir }, { clock, now: () => new Date(clock.now()) });
});
afterAll(() => t.close());

/** a fresh Indian mobile's ten digits */
const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;
let n = 0;
/** a client address of its own for each call, unless a test names one */
const nextAddress = () => `10.88.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
const post = (url: string, payload: object, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: extra.remoteAddress ?? nextAddress(), ...(extra.headers ? { headers: extra.headers } : {}) });
const askCode = (phone: string, extra: { remoteAddress?: string; channel?: string; lang?: string } = {}) => {
  // the outbox files are ordered by the (test) clock: each code a moment after the last
  clock.advance(1);
  return post(`/api/users/phone/code/${extra.lang ? `?lang=${extra.lang}` : ''}`, { phone, ...(extra.channel ? { channel: extra.channel } : {}) }, extra);
};
const signIn = (payload: object, lang?: string) => post(`/api/users/phone/sign-in/${lang ? `?lang=${lang}` : ''}`, payload);

/** every code sent to this number so far, oldest first */
async function codesTo(digits: string): Promise<OutboxFile[]> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const files = await Promise.all(names.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), 'utf8')) as OutboxFile));
  return files.filter((f) => f.to === `+91${digits}` && f.kind === 'sign-in-code').sort((a, b) => a.at.localeCompare(b.at));
}
async function lastCode(digits: string): Promise<string> {
  const files = await codesTo(digits);
  const code = files.at(-1)?.variables[0];
  if (!code) throw new Error(`no code sent to ${digits}`);
  return code;
}
/** a code that is not the one sent */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function newAccount(digits: string, names = { first_name: 'Sunita', last_name: 'Devi' }) {
  expect((await askCode(digits)).statusCode).toBe(200);
  const res = await signIn({ phone: digits, code: await lastCode(digits), ...names, consent: { notice_version: privacyNotice.version, purposes: ['service'] } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { username: string; created: boolean; tokens: { access: string; refresh: string } };
}

describe('a code to a mobile number', () => {
  it('goes by SMS with 6 digits, is kept only as a keyed hash, and is dropped from the message job once sent', async () => {
    const digits = mobile();
    const res = await askCode(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messagesEn['phone_sign_in.code_sent'], expires_in: SIGN_IN_CODE_TTL_SECONDS });
    const [file, ...more] = await codesTo(digits);
    expect(more).toHaveLength(0);
    expect(file).toMatchObject({ channel: 'sms', language: 'en' });
    const code = file!.variables[0]!;
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.app.deps.db.selectFrom('phone_codes').selectAll().where('phone', '=', `+91${digits}`).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash.length).toBeGreaterThan(20);
    expect(row.tries).toBe(0);
    const job = await t.app.deps.db.selectFrom('mail_jobs').select(['state', 'message_json', 'subject']).where('recipient', '=', `+91${digits}`).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'sent', message_json: null, subject: 'Sign-in code' });
  });

  it('goes by WhatsApp when asked, in Hindi when the page is in Hindi', async () => {
    const digits = mobile();
    const res = await askCode(digits, { channel: 'whatsapp', lang: 'hi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messagesHi['phone_sign_in.code_sent']);
    expect((await codesTo(digits))[0]).toMatchObject({ channel: 'whatsapp', language: 'hi' });
  });

  it('answers a bad number, channel or code at its field, in the language asked, never 500', async () => {
    const bad = await askCode('0141 2345678', { lang: 'hi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().phone).toEqual([messagesHi['phone_sign_in.mobile_rule']]);
    for (const payload of [{ phone: 'x\u0000y' }, { phone: 99999999999999 }, { phone: '9'.repeat(40) }, {}, { phone: mobile(), channel: 'pigeon' }]) {
      const res = await post('/api/users/phone/code/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const digits = mobile();
    for (const code of ['12345', 'abcdef', '1234567', '12\u00003456', 123456]) {
      const res = await signIn({ phone: digits, code });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toContain('code');
    }
    const nameRes = await signIn({ phone: digits, code: '123456', first_name: 'Asha\u0000' });
    expect(nameRes.statusCode).toBe(400);
    expect(Object.keys(nameRes.json())).toContain('first_name');
  });
});

describe('sign-up and sign-in by code', () => {
  it('makes an account for a new number once its name is given, and signs the same account in next time', async () => {
    const digits = mobile();
    expect((await askCode(digits)).statusCode).toBe(200);
    const code = await lastCode(digits);
    // The right code without a name: the name is asked at its field, and the code stays good.
    const nameless = await signIn({ phone: digits, code }, 'hi');
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().first_name).toEqual([messagesHi['phone_sign_in.name_needed']]);
    const made = await signIn({ phone: digits, code, first_name: 'Sunita', last_name: 'Devi', consent: { notice_version: privacyNotice.version, purposes: ['service'] } });
    expect(made.statusCode, made.body).toBe(200);
    const body = made.json();
    expect(body).toMatchObject({ first_name: 'Sunita', last_name: 'Devi', email: '', is_staff: false, created: true, username: `m${digits}` });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: { authorization: `Bearer ${body.tokens.access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ first_name: 'Sunita', phone: `+91${digits}` });
    const user = await t.app.deps.db.selectFrom('users').select(['id', 'phone_key', 'role', 'phone_verified_at']).where('phone_key', '=', `+91${digits}`).executeTakeFirstOrThrow();
    expect(user.role).toBe('patient');
    expect(user.phone_verified_at).not.toBeNull();
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('entity', '=', 'user').where('entity_id', '=', String(user.id)).execute();
    expect(audit).toContainEqual({ action: 'phone-sign-up', actor_user_id: user.id });
    const consents = await t.app.deps.db.selectFrom('consents').select(['purpose', 'source', 'captured']).where('user_id', '=', user.id).execute();
    expect(consents).toContainEqual({ purpose: 'service', source: 'registration', captured: 1 });

    // Next time the number signs the same account in; a name sent along changes nothing.
    expect((await askCode(digits)).statusCode).toBe(200);
    const again = await signIn({ phone: digits, code: await lastCode(digits), first_name: 'Somebody' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, first_name: 'Sunita', username: `m${digits}` });
    const holders = await t.app.deps.db.selectFrom('users').select('id').where('phone_key', '=', `+91${digits}`).execute();
    expect(holders).toEqual([{ id: user.id }]);
  });

  it('uses a code once', async () => {
    const digits = mobile();
    expect((await askCode(digits)).statusCode).toBe(200);
    const code = await lastCode(digits);
    expect((await signIn({ phone: digits, code, first_name: 'Ravi' })).statusCode).toBe(200);
    const reuse = await signIn({ phone: digits, code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toEqual([messagesEn['phone_sign_in.code_dead']]);
  });

  it('lets a code work for 5 minutes and no longer', async () => {
    const a = mobile();
    const b = mobile();
    expect((await askCode(a)).statusCode).toBe(200);
    expect((await askCode(b)).statusCode).toBe(200);
    clock.advance(SIGN_IN_CODE_TTL_SECONDS * 1000 - 1000);
    expect((await signIn({ phone: a, code: await lastCode(a), first_name: 'Ravi' })).statusCode).toBe(200);
    clock.advance(2000);
    const late = await signIn({ phone: b, code: await lastCode(b), first_name: 'Ravi' });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toEqual([messagesEn['phone_sign_in.code_dead']]);
  });

  it(`allows ${SIGN_IN_CODE_MAX_TRIES} tries of a code, then not even the right one`, async () => {
    const a = mobile();
    expect((await askCode(a)).statusCode).toBe(200);
    const codeA = await lastCode(a);
    for (let i = 0; i < SIGN_IN_CODE_MAX_TRIES - 1; i++) {
      const res = await signIn({ phone: a, code: wrong(codeA) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toEqual([messagesEn['phone_sign_in.code_wrong']]);
    }
    // the fifth try is the right code: in
    expect((await signIn({ phone: a, code: codeA, first_name: 'Ravi' })).statusCode).toBe(200);

    const b = mobile();
    expect((await askCode(b)).statusCode).toBe(200);
    const codeB = await lastCode(b);
    for (let i = 0; i < SIGN_IN_CODE_MAX_TRIES; i++) expect((await signIn({ phone: b, code: wrong(codeB) })).statusCode).toBe(400);
    const sixth = await signIn({ phone: b, code: codeB, first_name: 'Ravi' });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toEqual([messagesEn['phone_sign_in.code_dead']]);
    // Parallel guesses get no more tries than the budget between them.
    const c = mobile();
    expect((await askCode(c)).statusCode).toBe(200);
    const codeC = await lastCode(c);
    await Promise.all(Array.from({ length: 8 }, () => signIn({ phone: c, code: wrong(codeC) })));
    const row = await t.app.deps.db.selectFrom('phone_codes').select('tries').where('phone', '=', `+91${c}`).executeTakeFirstOrThrow();
    expect(row.tries).toBe(SIGN_IN_CODE_MAX_TRIES);
    expect((await signIn({ phone: c, code: codeC, first_name: 'Ravi' })).statusCode).toBe(400);
  });

  it('keeps only the newest code of a number working, and answers codes asked at once alike', async () => {
    const racing = mobile();
    const answers = await Promise.all([askCode(racing), askCode(racing), askCode(racing)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await t.app.deps.db.selectFrom('phone_codes').select('id').where('phone', '=', `+91${racing}`).execute()).toHaveLength(1);
    // expired codes of other numbers are gone once new codes are made
    const old = await t.app.deps.db.selectFrom('phone_codes').select('expires_at').orderBy('expires_at').executeTakeFirstOrThrow();
    expect(old.expires_at > new Date(clock.now() - 1000).toISOString()).toBe(true);

    const digits = mobile();
    expect((await askCode(digits)).statusCode).toBe(200);
    const first = await lastCode(digits);
    expect((await askCode(digits)).statusCode).toBe(200);
    const second = await lastCode(digits);
    if (first !== second) expect((await signIn({ phone: digits, code: first, first_name: 'Ravi' })).statusCode).toBe(400);
    expect((await signIn({ phone: digits, code: second, first_name: 'Ravi' })).statusCode).toBe(200);
  });
});

describe('limits and what the answers tell', () => {
  it(`sends one number at most ${CODES_PER_NUMBER.max} codes in 15 minutes, from any addresses, then again after`, async () => {
    const digits = mobile();
    for (let i = 0; i < CODES_PER_NUMBER.max; i++) expect((await askCode(digits)).statusCode).toBe(200);
    // the same number written another way counts with it
    const over = await askCode(`0${digits}`);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await codesTo(digits)).toHaveLength(CODES_PER_NUMBER.max);
    clock.advance(CODES_PER_NUMBER.windowMs + 1000);
    expect((await askCode(digits)).statusCode).toBe(200);
  });

  it(`sends at most ${CODES_PER_ADDRESS.max} codes for one client address in 15 minutes, whatever the numbers`, async () => {
    const address = '10.99.1.1';
    for (let i = 0; i < CODES_PER_ADDRESS.max; i++) expect((await askCode(mobile(), { remoteAddress: address })).statusCode).toBe(200);
    const digits = mobile();
    expect((await askCode(digits, { remoteAddress: address })).statusCode).toBe(429);
    expect(await codesTo(digits)).toHaveLength(0);
    expect((await askCode(digits, { remoteAddress: '10.99.1.2' })).statusCode).toBe(200);
  });

  it('answers a number with an account and one without the same, for a code and for a wrong code', async () => {
    const known = mobile();
    await newAccount(known);
    const unknown = mobile();
    const [a, b] = [await askCode(known), await askCode(unknown)];
    expect([a.statusCode, a.body, a.headers['content-type']]).toEqual([b.statusCode, b.body, b.headers['content-type']]);
    expect(await codesTo(unknown)).toHaveLength(1);
    const [wa, wb] = [await signIn({ phone: known, code: wrong(await lastCode(known)) }), await signIn({ phone: unknown, code: wrong(await lastCode(unknown)) })];
    expect([wa.statusCode, wa.body]).toEqual([wb.statusCode, wb.body]);
    // and with no code asked at all
    const none = await signIn({ phone: mobile(), code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toEqual([messagesEn['phone_sign_in.code_dead']]);
  });
});

describe('the account afterwards, staff and older clients', () => {
  it('adds a password (then username and password log in, as before) and an e-mail to prove', async () => {
    const digits = mobile();
    const { username, tokens } = await newAccount(digits);
    const auth = { authorization: `Bearer ${tokens.access}` };
    // No password yet: no password logs in.
    expect((await post('/api/users/login/', { username, password: '!phone' })).statusCode).toBe(401);
    const weak = await post('/api/users/me/credentials/', { password: '12345678' }, { headers: auth });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json())).toContain('password');
    const set = await post('/api/users/me/credentials/', { password: 'Monsoon-Lab-7731!' }, { headers: auth });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ message: messagesEn['phone_sign_in.credentials_saved'] });
    const login = await post('/api/users/login/', { username, password: 'Monsoon-Lab-7731!' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username, is_staff: false });
    // Changing it now needs the current one.
    const blind = await post('/api/users/me/credentials/', { password: 'Another-Lab-8842!' }, { headers: auth });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().current_password).toEqual([messagesEn['phone_sign_in.current_password_wrong']]);
    expect((await post('/api/users/me/credentials/', { password: 'Another-Lab-8842!', current_password: 'Monsoon-Lab-7731!' }, { headers: auth })).statusCode).toBe(200);

    const email = `otp-${digits}@example.in`;
    const added = await post('/api/users/me/credentials/', { email }, { headers: auth });
    expect(added.statusCode, added.body).toBe(200);
    expect(t.mail.filter((m) => m.to === email).map((m) => m.subject)).toEqual(['Confirm the e-mail address of your new Lab Centre Diagnostics account']);
    const held = await post('/api/users/me/credentials/', { email: `other-${digits}@example.in` }, { headers: auth });
    expect(held.statusCode).toBe(400);
    expect(held.json().email).toEqual([messagesEn['phone_sign_in.email_held']]);
    const audit = await t.app.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'user').where('actor_user_id', '=', (await t.app.deps.db.selectFrom('users').select('id').where('phone_key', '=', `+91${digits}`).executeTakeFirstOrThrow()).id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['phone-sign-up', 'password-set', 'email-added']));
    expect((await post('/api/users/me/credentials/', {}, { headers: auth })).statusCode).toBe(400);
    expect((await post('/api/users/me/credentials/', { password: 'Monsoon-Lab-7731!' })).statusCode).toBe(401);
  });

  it('never signs staff in by code', async () => {
    const staff = await createStaff(t.app, 'reception');
    const digits = mobile();
    await t.app.deps.db.updateTable('users').set({ phone_key: `+91${digits}` }).where('id', '=', staff.id).execute();
    expect((await askCode(digits)).statusCode).toBe(200);
    const res = await signIn({ phone: digits, code: await lastCode(digits) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty('tokens');
  });

  it('leaves a password account and its login as they were', async () => {
    const account = await createUser(t.app);
    const login = await post('/api/users/login/', { username: account.username, password: account.password });
    expect(login.statusCode).toBe(200);
    expect(Object.keys(login.json()).sort()).toEqual(['email', 'first_name', 'is_staff', 'last_name', 'tokens', 'username']);
  });
});

describe('a mobile proven by a signed-in account (decision 069)', () => {
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const prove = (payload: object, headers: Record<string, string> = {}, lang?: string) => post(`/api/users/me/phone/${lang ? `?lang=${lang}` : ''}`, payload, { headers });

  it('joins a password account to the number its owner proves with a code, and never by a number alone', async () => {
    const digits = mobile();
    const account = await createUser(t.app);
    const auth = { authorization: `Bearer ${account.access}` };
    // The number typed at a booking or in the profile proves nothing: a code to it does not open this account.
    expect((await t.app.inject({ method: 'PATCH', url: '/api/users/me/', payload: { phone: `+91${digits}` }, headers: auth })).statusCode).toBe(200);
    expect((await askCode(digits)).statusCode).toBe(200);
    const stranger = await signIn({ phone: digits, code: await lastCode(digits) });
    expect(stranger.statusCode).toBe(400);
    expect(Object.keys(stranger.json())).toEqual(['first_name']);
    expect((await get('/api/users/me/', auth)).json()).toMatchObject({ has_password: true, proven_mobile: null });

    // A wrong code, or no session, changes nothing.
    const code = await lastCode(digits);
    const wrongTry = await prove({ phone: digits, code: wrong(code) }, auth);
    expect(wrongTry.statusCode).toBe(400);
    expect(wrongTry.json().code).toEqual([messagesEn['phone_sign_in.code_wrong']]);
    expect((await prove({ phone: digits, code })).statusCode).toBe(401);
    expect((await get('/api/users/me/', auth)).json()).toMatchObject({ proven_mobile: null });

    const proven = await prove({ phone: `+91 ${digits}`, code }, auth);
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toEqual({ message: messagesEn['phone_sign_in.mobile_proven'] });
    expect((await get('/api/users/me/', auth)).json()).toMatchObject({ has_password: true, proven_mobile: `+91${digits}` });
    // The code was used: it proves nothing twice.
    expect((await prove({ phone: digits, code }, auth)).json().code).toEqual([messagesEn['phone_sign_in.code_dead']]);

    // From now on a code to the number signs in this same account; its password still logs in.
    expect((await askCode(digits)).statusCode).toBe(200);
    const byCode = await signIn({ phone: digits, code: await lastCode(digits) });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json()).toMatchObject({ username: account.username, created: false });
    expect((await post('/api/users/login/', { username: account.username, password: account.password })).statusCode).toBe(200);
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'user').where('entity_id', '=', String(account.id)).where('action', '=', 'phone-proven').execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a number that signs in another account, in the language asked, and leaves both accounts as they were', async () => {
    const digits = mobile();
    const owner = await newAccount(digits);
    const account = await createUser(t.app);
    const auth = { authorization: `Bearer ${account.access}` };
    expect((await askCode(digits)).statusCode).toBe(200);
    const code = await lastCode(digits);
    const taken = await prove({ phone: digits, code }, auth, 'hi');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().phone).toEqual([messagesHi['phone_sign_in.mobile_taken']]);
    expect((await get('/api/users/me/', auth)).json()).toMatchObject({ proven_mobile: null });
    // The code that was refused is spent; the number still signs its own account in with a new one.
    expect((await signIn({ phone: digits, code })).json().code).toEqual([messagesEn['phone_sign_in.code_dead']]);
    expect((await askCode(digits)).statusCode).toBe(200);
    expect((await signIn({ phone: digits, code: await lastCode(digits) })).json()).toMatchObject({ username: owner.username, created: false });
  });

  it('moves an account to a new number it proves, tells a code account it has no password, and refuses staff', async () => {
    const first = mobile();
    const made = await newAccount(first);
    const auth = { authorization: `Bearer ${made.tokens.access}` };
    expect((await get('/api/users/me/', auth)).json()).toMatchObject({ has_password: false, proven_mobile: `+91${first}` });
    const second = mobile();
    expect((await askCode(second)).statusCode).toBe(200);
    expect((await prove({ phone: second, code: await lastCode(second) }, auth)).statusCode).toBe(200);
    expect((await get('/api/users/me/', auth)).json()).toMatchObject({ proven_mobile: `+91${second}` });
    // The old number no longer opens the account.
    expect((await askCode(first)).statusCode).toBe(200);
    expect(Object.keys((await signIn({ phone: first, code: await lastCode(first) })).json())).toEqual(['first_name']);

    const staff = await createStaff(t.app, 'reception');
    const third = mobile();
    expect((await askCode(third)).statusCode).toBe(200);
    const refused = await prove({ phone: third, code: await lastCode(third) }, { authorization: `Bearer ${staff.access}` });
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).toContain(messagesEn['phone_sign_in.staff_password']);
  });
});
