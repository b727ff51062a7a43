import { LOGIN_FAILED, loginResponseSchema, publicUserSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../src/lib/passwords.ts';
import { makeApp, proveAddress, type TestApp, unique } from './helpers.ts';

describe('accounts: register and login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  let address = 0;
  /** every call from its own address: the limits are tested in auth-rate-limit.test.ts */
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.2.${Math.floor(++address / 250)}.${(address % 250) + 1}` });
  const register = (payload: unknown) => post('/api/users/register/', payload);
  const login = (username: string, password: string) => post('/api/users/login/', { username, password });

  function newAccount(overrides: Record<string, unknown> = {}) {
    const id = unique('r');
    return { username: `priya_${id}`, password: 'Monsoon-Lab-2026!', email: `priya_${id}@example.in`, first_name: 'Priya', last_name: 'Sharma', ...overrides };
  }

  describe('POST /api/users/register/', () => {
    it('creates the account: 201 with the user, never the password or its hash', async () => {
      const data = newAccount();
      const res = await register(data);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(publicUserSchema.strict().safeParse(body).success).toBe(true);
      expect(body).toEqual({ id: expect.any(Number), username: data.username, email: data.email, first_name: 'Priya', last_name: 'Sharma' });
      expect(res.body).not.toContain(data.password);
      expect(res.body).not.toContain('argon2');
      const row = await t.app.deps.db.selectFrom('users').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ username_key: data.username.toLowerCase(), email_key: data.email.toLowerCase(), role: 'patient', last_login: null });
      // argon2id at OWASP's cost: m=19456 KiB, t=2, p=1
      expect(row.password_hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}\\$`));
      expect(row.password_hash).not.toContain(data.password);
    });

    it('accepts firstName/lastName as well, and the path without the trailing slash', async () => {
      const { first_name: _f, last_name: _l, ...rest } = newAccount();
      const res = await post('/api/users/register', { ...rest, firstName: 'Arjun', lastName: 'Nair' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ first_name: 'Arjun', last_name: 'Nair' });
    });

    it('names every missing field at once', async () => {
      const res = await register({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        username: ['This field is required.'],
        password: ['This field is required.'],
        email: ['This field is required.'],
        first_name: ['This field is required.'],
        last_name: ['This field is required.'],
      });
    });

    it.each([
      ['blank username', { username: '  ' }, 'username', 'This field may not be blank.'],
      ['username with a space', { username: 'priya sharma' }, 'username', 'Enter a valid username. This value may contain only letters, numbers, and ./-/_ characters.'],
      ['username of 151 characters', { username: 'p'.repeat(151) }, 'username', 'Ensure this field has no more than 150 characters.'],
      ['malformed e-mail', { email: 'priya.example.in' }, 'email', 'Enter a valid email address.'],
      ['e-mail with two @', { email: 'a@b@example.in' }, 'email', 'Enter a valid email address.'],
      ['blank e-mail', { email: '' }, 'email', 'This field may not be blank.'],
      ['blank first name', { first_name: ' ' }, 'first_name', 'This field may not be blank.'],
      ['blank last name', { last_name: '' }, 'last_name', 'This field may not be blank.'],
      ['first name of 151 characters', { first_name: 'P'.repeat(151) }, 'first_name', 'Ensure first name has no more than 150 characters.'],
      ['blank password', { password: '' }, 'password', 'This field may not be blank.'],
      ['password of 129 characters', { password: 'Kx9#'.repeat(32) + 'z' }, 'password', 'Ensure this field has no more than 128 characters.'],
    ])('refuses a %s', async (_label, change, field, message) => {
      const res = await register(newAccount(change));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [field]: [message] });
    });

    it('accepts a password of 128 characters, with no composition rules', async () => {
      const res = await register(newAccount({ password: 'correct horse battery staple '.repeat(5).slice(0, 128) }));
      expect(res.statusCode).toBe(201);
      expect((await register(newAccount({ password: 'tamarind chutney on toast' }))).statusCode).toBe(201);
    });

    it('refuses a username or e-mail already taken, whatever the case', async () => {
      const first = newAccount();
      const created = await register(first);
      expect(created.statusCode).toBe(201);
      // An address is taken once proven: an unproven one may still be claimed by its owner (decision 049).
      await proveAddress(t.app, created.json().id);
      const sameName = await register(newAccount({ username: first.username.toUpperCase() }));
      expect(sameName.statusCode).toBe(400);
      expect(sameName.json()).toEqual({ username: ['A user with that username already exists.'] });
      const sameEmail = await register(newAccount({ email: `  ${first.email.toUpperCase()}` }));
      expect(sameEmail.statusCode).toBe(400);
      expect(sameEmail.json()).toEqual({ email: ['A user with that email address already exists.'] });
      const both = await register({ ...first, password: '12345' });
      expect(both.json()).toEqual({
        username: ['A user with that username already exists.'],
        email: ['A user with that email address already exists.'],
        password: ['This password is too short. It must contain at least 8 characters.', 'This password is too common.', 'This password is entirely numeric.'],
      });
    });

    it("answers the schema's refusals and the account's problems together, so a form shows every field's error at once", async () => {
      const first = newAccount();
      expect((await register(first)).statusCode).toBe(201);
      // a malformed e-mail (the schema's), a taken username and a weak password (the account's), in one answer
      const res = await register(newAccount({ username: first.username, email: 'not-an-address', password: '12345' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        email: ['Enter a valid email address.'],
        username: ['A user with that username already exists.'],
        password: ['This password is too short. It must contain at least 8 characters.', 'This password is too common.', 'This password is entirely numeric.'],
      });
      // a value the schema refuses is never looked up (a NUL byte would fail PostgreSQL's query)
      const nul = await register(newAccount({ username: 'a\u0000b', email: 'x\u0000@example.in' }));
      expect(nul.statusCode).toBe(400);
      expect(Object.keys(nul.json()).sort()).toEqual(['email', 'username']);
    });

    it('answers 400, not 500, when two registrations of one name race', async () => {
      const a = newAccount();
      const b = newAccount({ username: a.username.toUpperCase() });
      const results = await Promise.all([register(a), register(b)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ username: ['A user with that username already exists.'] });

      const c = newAccount();
      const d = newAccount({ email: c.email.toUpperCase() });
      const raced = await Promise.all([register(c), register(d)]);
      expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(raced.find((r) => r.statusCode === 400)!.json()).toEqual({ email: ['A user with that email address already exists.'] });
    });

    describe('weak passwords', () => {
      it.each([
        ['shorter than 8 characters', { password: 'Xq7#vL2' }, ['This password is too short. It must contain at least 8 characters.']],
        ['entirely numeric', { password: '8402917365' }, ['This password is entirely numeric.']],
        ['among the most common', { password: 'Password1' }, ['This password is too common.']],
        ['common, whatever the case and outer spaces', { password: ' ILOVEYOU ' }, ['This password is too common.']],
        ['a common short numeric one', { password: '123456' }, ['This password is too short. It must contain at least 8 characters.', 'This password is too common.', 'This password is entirely numeric.']],
        ['too similar to the username', { username: 'gulmohar_tree', password: 'gulmohartree1' }, ['The password is too similar to the username.']],
        ['too similar to the e-mail', { email: 'sunflower.garden@example.in', password: 'sunflowergarden' }, ['The password is too similar to the email address.']],
        ['too similar to a part of the e-mail', { email: 'kalpavriksha@example.in', password: 'kalpavriksha9' }, ['The password is too similar to the email address.']],
        ['too similar to the first name', { first_name: 'Rajalakshmi', password: 'rajalakshmi1' }, ['The password is too similar to the first name.']],
        ['too similar to the last name', { last_name: 'Venkataraman', password: 'Venkataraman!' }, ['The password is too similar to the last name.']],
      ])('refuses a password %s', async (_label, change, messages) => {
        const res = await register(newAccount(change));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ password: messages });
      });
    });
  });

  describe('POST /api/users/login/', () => {
    let account: ReturnType<typeof newAccount> & { id: number };
    beforeAll(async () => {
      const data = newAccount({ first_name: 'Kavya', last_name: 'Iyer' });
      const res = await register(data);
      account = { ...data, id: res.json().id };
    });

    it('logs in with the username: 200 with the names, is_staff and a token pair; updates last_login', async () => {
      const res = await login(account.username, account.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(loginResponseSchema.strict().safeParse(body).success).toBe(true);
      expect(body).toMatchObject({ first_name: 'Kavya', last_name: 'Iyer', username: account.username, email: account.email, is_staff: false });
      expect(await t.app.deps.tokens.verifyAccess(body.tokens.access)).toMatchObject({ userId: account.id, role: 'patient', version: 0 });
      expect(await t.app.deps.tokens.verifyRefresh(body.tokens.refresh)).toMatchObject({ userId: account.id });
      expect(res.body).not.toContain(account.password);
      const row = await t.app.deps.db.selectFrom('users').select('last_login').where('id', '=', account.id).executeTakeFirstOrThrow();
      expect(Date.now() - Date.parse(row.last_login!)).toBeLessThan(60_000);
    });

    it('logs in with the e-mail in place of the username, and ignores the case of either', async () => {
      for (const name of [account.email, account.email.toUpperCase(), account.username.toUpperCase(), ` ${account.username} `]) {
        const res = await post('/api/users/login', { username: name, password: account.password });
        expect(res.statusCode, name).toBe(200);
        expect(res.json().username).toBe(account.username);
      }
    });

    it('tells staff apart with is_staff', async () => {
      await t.app.deps.db.updateTable('users').set({ role: 'staff' }).where('id', '=', account.id).execute();
      const res = await login(account.username, account.password);
      expect(res.json().is_staff).toBe(true);
      expect(await t.app.deps.tokens.verifyAccess(res.json().tokens.access)).toMatchObject({ role: 'staff' });
      await t.app.deps.db.updateTable('users').set({ role: 'patient' }).where('id', '=', account.id).execute();
    });

    it('gives a wrong password and an unknown user the very same 401', async () => {
      const wrong = await login(account.username, 'not-the-password');
      const unknown = await login(`nobody_${unique()}`, account.password);
      const wrongCase = await login(account.username, account.password.toUpperCase());
      for (const res of [wrong, unknown, wrongCase]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: LOGIN_FAILED });
      }
      expect(wrong.body).toBe(unknown.body);
    });

    it('upgrades a hash made at an older cost when the person logs in', async () => {
      const data = newAccount();
      const id = (await register(data)).json().id as number;
      const weak = await hash(data.password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
      await t.app.deps.db.updateTable('users').set({ password_hash: weak }).where('id', '=', id).execute();
      expect((await login(data.username, data.password)).statusCode).toBe(200);
      const row = await t.app.deps.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await login(data.username, data.password)).statusCode).toBe(200);
    });

    it('names the missing fields', async () => {
      const res = await post('/api/users/login/', {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: ['This field is required.'], password: ['This field is required.'] });
      const blank = await post('/api/users/login/', { username: '', password: '' });
      expect(blank.json()).toEqual({ username: ['This field may not be blank.'], password: ['This field may not be blank.'] });
    });

    it('refuses a body that is not JSON with a 400', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/login/', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Request body is not valid JSON.' });
    });
  });
});
