// Sessions that end and tokens that are refused (docs/security.md, Tokens): a bearer token that is
// not valid is refused with 401 on every route, even where a guest is welcome; logout and a password
// reset revoke access tokens at once; a login session has an absolute end; exp and sub are required.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, makeApp, openDate, type TestApp } from './helpers.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';

describe('bearer tokens on every route', () => {
  let t: TestApp;
  let user: Account;
  let expired: string;
  beforeAll(async () => {
    t = await makeApp({ SESSION_MAX_DAYS: '2' });
    user = await createUser(t.app);
    expired = await t.app.deps.tokens.signAccess({ userId: user.id, role: 'patient', version: 0 }, -10);
  });
  afterAll(() => t.close());

  const tests = async () => (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number }>;
  const booking = async () => ({
    date: openDate(3),
    time: '11:00',
    user_name: 'Asha Rao',
    user_email: user.email,
    user_phone: '9876543210',
    tests: [(await tests())[0]!.id],
  });

  it('refuses a booking that carries an expired token with 401 instead of booking it as a guest', async () => {
    const before = await t.app.deps.db.selectFrom('appointments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: await booking(), headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Given token not valid or expired.' });
    const after = await t.app.deps.db.selectFrom('appointments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('books on the account with a valid token, and as a guest with none', async () => {
    const mine = await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: await booking(), headers: bearer(user) });
    expect(mine.statusCode).toBe(201);
    const row = await t.app.deps.db.selectFrom('appointments').select('user_id').where('id', '=', mine.json().id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    expect((await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: await booking() })).statusCode).toBe(201);
  });

  it.each(['/api/tests/', '/api/packages/', '/api/categories/', '/api/billing/no-such-bill/', '/api/health'])('refuses %s with an invalid token (401)', async (url) => {
    for (const token of [expired, 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toEqual({ error: 'Given token not valid or expired.' });
    }
  });

  it('lets the token calls through with a stale access token in the header (the client is renewing)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: user.refresh }, headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(200);
    user.refresh = res.json().refresh;
    user.access = res.json().access;
  });

  it.each([
    ['no exp', (s: SignJWT) => s.setSubject('1')],
    ['no sub', (s: SignJWT) => s.setExpirationTime('10m')],
  ])('refuses a correctly signed access token with %s', async (_label, shape) => {
    const claims = new SignJWT({ typ: 'access', role: 'patient', ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
    const token = await shape(claims).sign(new TextEncoder().encode(SECRET));
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('revokes the access tokens of the account at once on logout', async () => {
    const other = await createUser(t.app);
    const secondDevice = (await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: other.username, password: other.password } })).json().tokens;
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(other) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: other.refresh } })).statusCode).toBe(200);
    for (const access of [other.access, secondDevice.access]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer({ access }) })).statusCode).toBe(401);
    }
    // The other device's session goes on: it renews its access token with its own refresh token.
    const renewed = await t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: secondDevice.refresh } });
    expect(renewed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(renewed.json()) })).statusCode).toBe(200);
  });

  it('revokes the access tokens at once when the password is reset', async () => {
    const other = await createUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: { email: other.email } });
    await new Promise((r) => setImmediate(r));
    const link = /\/reset-password\/([^/\s]+)\/([^/\s]+)/.exec(t.mail.at(-1)!.text)!;
    const reset = await t.app.inject({ method: 'POST', url: `/api/reset-password/${link[1]}/${link[2]}/`, payload: { password: 'Fresh-Mango-Lassi-77' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(other) })).statusCode).toBe(401);
  });

  it('ends a login session SESSION_MAX_DAYS after the login, however often it is refreshed', async () => {
    const other = await createUser(t.app);
    const before = Date.now();
    let refresh = other.refresh;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh } });
      expect(res.statusCode).toBe(200);
      refresh = res.json().refresh;
      // Never past the family's end: two days here, not the 7 days of a refresh token.
      const claims = JSON.parse(Buffer.from(refresh.split('.')[1]!, 'base64url').toString()) as { exp: number };
      expect(claims.exp * 1000).toBeLessThanOrEqual(before + 2 * 86_400_000 + 5000);
    }
    // Two days on (the end as the database has it, moved into the past), the family is over.
    const claims = (await t.app.deps.tokens.verifyRefresh(refresh))!;
    await t.app.deps.db.updateTable('refresh_tokens').set({ family_expires_at: new Date(Date.now() - 1000).toISOString() }).where('family_id', '=', claims.family).execute();
    expect((await t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh } })).statusCode).toBe(401);
  });
});
