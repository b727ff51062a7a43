import { LOGGED_OUT, meResponseSchema, REFRESH_INVALID, tokenPairSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/lib/tokens.ts';
import { type Account, bearer, createUser, makeApp, type TestApp } from './helpers.ts';

describe('accounts: tokens, refresh rotation, logout', () => {
  let t: TestApp;
  let user: Account;
  beforeAll(async () => {
    t = await makeApp();
    user = await createUser(t.app, { first_name: 'Deepa', last_name: 'Menon' });
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/users/me/', headers });
  const refresh = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: token } });
  const logout = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: token } });
  const login = async (u: Account) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: u.username, password: u.password } });
    expect(res.statusCode).toBe(200);
    return res.json().tokens as { access: string; refresh: string };
  };
  const tamper = (jwt: string) => {
    const [h, p, s] = jwt.split('.');
    return `${h}.${p}.${s!.slice(0, -4)}${s!.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
  };

  describe('bearer-protected calls (GET /api/users/me/)', () => {
    it('answers the caller with a valid access token, with or without the trailing slash', async () => {
      for (const url of ['/api/users/me/', '/api/users/me']) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(user) });
        expect(res.statusCode).toBe(200);
        expect(meResponseSchema.strict().safeParse(res.json()).success).toBe(true);
        // the original six fields, then the profile's age and sex, language (docs/i18n.md) and ABHA (docs/abdm.md), empty until the patient gives them, and the ways it signs in
        expect(res.json()).toEqual({
          id: user.id,
          username: user.username,
          email: user.email,
          first_name: 'Deepa',
          last_name: 'Menon',
          is_staff: false,
          date_of_birth: null,
          age_years: null,
          sex: null,
          phone: null,
          language: null,
          abha_number: null,
          abha_address: null,
          // how the account signs in (docs/api.md): a password, and no mobile number proven yet
          has_password: true,
          proven_mobile: null,
        });
      }
    });

    it('refuses a missing token with 401', async () => {
      const res = await me();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication credentials were not provided.' });
    });

    it.each([
      ['forged signature', () => tamper(user.access)],
      ['signed with another secret', () => new TokenSigner('another-secret-another-secret-0123456789').signAccess({ userId: user.id, role: 'staff', version: 0 })],
      ['expired', () => t.app.deps.tokens.signAccess({ userId: user.id, role: 'patient', version: 0 }, -10)],
      ['refresh token used as access token', () => user.refresh],
      ['not a JWT at all', () => 'garbage'],
      ['an unsigned JWT', () => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(user.id), typ: 'access', role: 'staff', exp: 9_999_999_999 })).toString('base64url')}.`],
    ])('refuses an access token that is %s with 401, never 500', async (_label, make) => {
      const token = await make();
      const res = await me({ authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Given token not valid or expired.' });
    });

    it('refuses a malformed Authorization header with 401', async () => {
      for (const authorization of ['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `Token ${user.access}`]) {
        const res = await me({ authorization });
        expect(res.statusCode, authorization).toBe(401);
      }
    });

    it('refuses a valid token of an account that no longer exists', async () => {
      const token = await t.app.deps.tokens.signAccess({ userId: 987_654, role: 'patient', version: 0 });
      expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    });
  });

  describe('POST /api/users/token/refresh/', () => {
    it('exchanges a refresh token for a new pair and retires the old one', async () => {
      const first = await login(user);
      const res = await refresh(first.refresh);
      expect(res.statusCode).toBe(200);
      const pair = res.json();
      expect(tokenPairSchema.strict().safeParse(pair).success).toBe(true);
      expect(pair.refresh).not.toBe(first.refresh);
      expect((await me(bearer({ access: pair.access }))).statusCode).toBe(200);
      const claims = (await t.app.deps.tokens.verifyRefresh(first.refresh))!;
      const row = await t.app.deps.db.selectFrom('refresh_tokens').selectAll().where('id', '=', claims.jti).executeTakeFirstOrThrow();
      expect(row.retired_at).not.toBeNull();
      expect(row.revoked_at).toBeNull();
      // The chain goes on.
      const next = await refresh(pair.refresh);
      expect(next.statusCode).toBe(200);
      expect((await refresh(next.json().refresh)).statusCode).toBe(200);
    });

    it('revokes the whole family when a retired token comes back (theft), and leaves other sessions alone', async () => {
      const other = await login(user);
      const first = await login(user);
      const second = (await refresh(first.refresh)).json();
      const third = (await refresh(second.refresh)).json();

      const reuse = await refresh(first.refresh);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ error: REFRESH_INVALID });
      // Both the thief's and the owner's newest tokens are dead now.
      expect((await refresh(third.refresh)).statusCode).toBe(401);
      expect((await refresh(second.refresh)).statusCode).toBe(401);
      const claims = (await t.app.deps.tokens.verifyRefresh(first.refresh))!;
      const family = await t.app.deps.db.selectFrom('refresh_tokens').select('revoked_at').where('family_id', '=', claims.family).execute();
      expect(family).toHaveLength(3);
      expect(family.every((r) => r.revoked_at !== null)).toBe(true);
      // A session of another login is untouched.
      expect((await refresh(other.refresh)).statusCode).toBe(200);
    });

    it('stops the access tokens of a reused family at once, not when they expire', async () => {
      const first = await login(user);
      const second = (await refresh(first.refresh)).json();
      expect((await me(bearer(second))).statusCode).toBe(200);
      expect((await refresh(first.refresh)).statusCode).toBe(401);
      // The thief's (or the owner's) access token of the family is refused within its 15 minutes.
      expect((await me(bearer(second))).statusCode).toBe(401);
      expect((await me(bearer(first))).statusCode).toBe(401);
      // The account's other devices renew with their own refresh tokens and carry on.
      const fresh = await login(user);
      expect((await me(bearer(fresh))).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous uses of a token win', async () => {
      const first = await login(user);
      const results = await Promise.all([refresh(first.refresh), refresh(first.refresh)]);
      expect(results.map((r) => r.statusCode)).toContain(401);
      for (const r of results) expect([200, 401]).toContain(r.statusCode);
    });

    it.each([
      ['forged', async () => tamper((await login(user)).refresh)],
      ['signed with another secret', () => new TokenSigner('another-secret-another-secret-0123456789').signRefresh({ userId: user.id, family: 'f' }).then((r) => r.token)],
      ['expired', () => t.app.deps.tokens.signRefresh({ userId: user.id, family: crypto.randomUUID() }, -10).then((r) => r.token)],
      ['an access token', () => user.access],
      ['well signed but never issued', () => t.app.deps.tokens.signRefresh({ userId: user.id, family: crypto.randomUUID() }).then((r) => r.token)],
      ['not a JWT', () => 'x.y.z'],
    ])('refuses a refresh token that is %s with 401', async (_label, make) => {
      const res = await refresh(await make());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: REFRESH_INVALID });
    });

    it('refuses an issued token once past its expiry recorded in the database', async () => {
      const { refresh: token } = await login(user);
      const claims = (await t.app.deps.tokens.verifyRefresh(token))!;
      await t.app.deps.db.updateTable('refresh_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', claims.jti).execute();
      expect((await refresh(token)).statusCode).toBe(401);
    });

    it('names a missing or blank refresh field', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ refresh: ['This field is required.'] });
      expect((await refresh('')).json()).toEqual({ refresh: ['This field may not be blank.'] });
    });
  });

  describe('POST /api/users/logout/', () => {
    it('revokes the session: its refresh token no longer works', async () => {
      const session = await login(user);
      const res = await logout(session.refresh);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: LOGGED_OUT });
      expect((await refresh(session.refresh)).statusCode).toBe(401);
    });

    it('also ends a session whose token was refreshed since (the whole family)', async () => {
      const session = await login(user);
      const renewed = (await refresh(session.refresh)).json();
      expect((await logout(renewed.refresh)).statusCode).toBe(200);
      expect((await refresh(renewed.refresh)).statusCode).toBe(401);
    });

    it('answers 200 for an unknown, invalid or already revoked token (idempotent), never 500', async () => {
      const session = await login(user);
      expect((await logout(session.refresh)).statusCode).toBe(200);
      for (const token of [session.refresh, 'garbage', tamper(session.refresh), user.access]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users/logout', payload: { refresh: token } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: LOGGED_OUT });
      }
    });

    it('names a missing refresh field', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/logout/', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ refresh: ['This field is required.'] });
    });
  });
});
