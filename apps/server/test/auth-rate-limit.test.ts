// Brute-force limits of the account calls. The app runs on a clock the test moves on, so a limit
// can be seen to trip and then release without waiting.
import { LOGIN_FAILED } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_FAILURES_CEILING, LOGIN_ADDRESS_FAILURES_MAX, LOGIN_WINDOW_MS } from '../src/modules/auth/login-guard.ts';
import { resetLink } from '../src/modules/auth/service.ts';
import { type Account, createUser, makeApp, type TestApp, TestClock } from './helpers.ts';

describe('rate limits on accounts', () => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await makeApp({}, { clock });
  });
  afterAll(() => t.close());

  let n = 0;
  const nextAddress = () => `10.4.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
  const login = (username: string, password: string, remoteAddress = nextAddress(), cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username, password }, remoteAddress, cookies });

  function expectTooMany(res: Awaited<ReturnType<typeof login>>, pattern: RegExp) {
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(pattern);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    return retryAfter;
  }

  describe('login', () => {
    let user: Account;
    beforeAll(async () => {
      user = await createUser(t.app);
    });

    it('allows 10 failures per account and address, then refuses that pair even the right password, then releases', async () => {
      const ip = '10.40.0.1';
      // The account is counted whichever name is typed: username in any case, or e-mail.
      const names = [user.username, user.username.toUpperCase(), user.email];
      for (let i = 0; i < 10; i++) {
        const res = await login(names[i % 3]!, 'wrong-password', ip);
        expect(res.statusCode, `failure ${i + 1}`).toBe(401);
        expect(res.json()).toEqual({ error: LOGIN_FAILED });
      }
      const refused = await login(user.username, user.password, ip);
      const retryAfter = expectTooMany(refused, /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect((await login(user.email, user.password, ip)).statusCode).toBe(429);

      clock.advance(retryAfter * 1000);
      expect((await login(user.username, user.password, ip)).statusCode).toBe(200);
    });

    it('never locks the owner out from elsewhere: guesses from other addresses leave their own address alone', async () => {
      const victim = await createUser(t.app);
      for (let i = 0; i < 10; i++) expect((await login(victim.username, 'wrong-password', '10.41.0.1')).statusCode).toBe(401);
      expect((await login(victim.username, 'wrong-password', '10.41.0.1')).statusCode).toBe(429);
      expect((await login(victim.username, victim.password, '10.41.0.2')).statusCode).toBe(200);
    });

    it('counts an unknown name like an account, so the answers tell nothing about who exists', async () => {
      const ghost = `ghost_${Date.now()}`;
      const ip = '10.42.0.1';
      for (let i = 0; i < 10; i++) expect((await login(ghost, 'whatever-password', ip)).statusCode).toBe(401);
      expect((await login(ghost.toUpperCase(), 'whatever-password', ip)).statusCode).toBe(429);
    });

    it('reserves each attempt before verifying: 40 parallel guesses from one address get exactly 10 tries', async () => {
      const target = await createUser(t.app);
      const results = await Promise.all(Array.from({ length: 40 }, () => login(target.username, 'wrong-password', '10.43.0.1')));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(10);
      expect(codes.filter((c) => c === 429)).toHaveLength(30);
    });

    it(`allows ${LOGIN_ADDRESS_FAILURES_MAX} failures per client address across accounts, then 429 for any account from there`, async () => {
      const ip = '10.44.0.1';
      for (let i = 0; i < LOGIN_ADDRESS_FAILURES_MAX; i++) {
        expect((await login(`someone_${i}_${Date.now()}`, 'wrong-password', ip)).statusCode).toBe(401);
      }
      expectTooMany(await login(user.username, user.password, ip), /^Too many failed login attempts/);
      expect((await login(user.username, user.password, '10.44.0.2')).statusCode).toBe(200);
    });

    it('slows an account down past its account-wide ceiling instead of locking it; a known device still gets in', async () => {
      const victim = await createUser(t.app);
      // A browser that logged in before keeps its known-device cookie.
      const first = await login(victim.username, victim.password, '10.48.0.1');
      const device = first.cookies.find((c) => c.name === 'lab_device')!;
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/login' });

      for (let i = 0; i < LOGIN_ACCOUNT_FAILURES_CEILING; i++) expect((await login(victim.username, 'wrong-password')).statusCode).toBe(401);
      // Past the ceiling: one try goes through, the next waits a second …
      expect((await login(victim.username, 'wrong-password')).statusCode).toBe(401);
      const wait = expectTooMany(await login(victim.username, victim.password), /^Too many failed login attempts/);
      expect(wait).toBeLessThanOrEqual(2);
      // … while the owner's known browser is not slowed at all.
      expect((await login(victim.username, victim.password, '10.48.0.1', { lab_device: device.value })).statusCode).toBe(200);
      // A cookie of another account is no pass.
      const otherDevice = (await login(user.username, user.password, '10.48.0.2')).cookies.find((c) => c.name === 'lab_device')!;
      expect((await login(victim.username, victim.password, '10.48.0.2', { lab_device: otherDevice.value })).statusCode).toBe(429);
      // After the delay the right password gets in from anywhere: slowed, never locked.
      clock.advance(wait * 1000);
      expect((await login(victim.username, victim.password)).statusCode).toBe(200);
      clock.advance(LOGIN_WINDOW_MS);
    });

    it("lifts the account-wide slowdown when the owner uses a reset link, and knows the browser that used it", async () => {
      const victim = await createUser(t.app);
      // 120 failures from 12 addresses: a new device of the owner's is slowed (429) …
      for (let i = 0; i < 120; i++) await login(victim.username, 'wrong-password', `10.49.${i % 12}.1`);
      expect((await login(victim.username, victim.password, '10.49.100.1')).statusCode).toBe(429);
      // … until the owner uses the reset link from their mailbox.
      const row = await t.app.deps.db.selectFrom('users').selectAll().where('id', '=', victim.id).executeTakeFirstOrThrow();
      const [uidb64, token] = resetLink(t.app.deps, row).split('/').slice(-2) as [string, string];
      const reset = await t.app.inject({ method: 'POST', url: `/api/reset-password/${uidb64}/${token}/`, payload: { password: 'Fresh-Lab-pass-42!' }, remoteAddress: '10.49.100.1' });
      expect(reset.statusCode).toBe(200);
      const device = reset.cookies.find((c) => c.name === 'lab_device')!;
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/login' });
      expect((await login(victim.username, 'Fresh-Lab-pass-42!', '10.49.100.2')).statusCode).toBe(200);
      // The guessing goes on (its count put straight into the store: the first round showed how it grows):
      // a new device is slowed again, the browser that used the link is not.
      await t.app.deps.counters.add(`login-fail-account:id:${victim.id}`, LOGIN_WINDOW_MS, LOGIN_ACCOUNT_FAILURES_CEILING);
      expect((await login(victim.username, 'wrong-password', '10.49.101.1')).statusCode).toBe(401);
      expect((await login(victim.username, 'Fresh-Lab-pass-42!', '10.49.100.3')).statusCode).toBe(429);
      expect((await login(victim.username, 'Fresh-Lab-pass-42!', '10.49.100.1', { lab_device: device.value })).statusCode).toBe(200);
      clock.advance(LOGIN_WINDOW_MS);
    }, 120_000);

    it('does not count successful logins', async () => {
      const other = await createUser(t.app);
      const ip = '10.45.0.1';
      for (let i = 0; i < 15; i++) expect((await login(other.username, other.password, ip)).statusCode).toBe(200);
    });
  });

  it('limits registrations to 10 per address per hour, with Retry-After', async () => {
    const ip = '10.46.0.1';
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/register/',
        remoteAddress: ip,
        payload: { username: `bulk_${i}_${Date.now()}`, email: `bulk_${i}_${Date.now()}@example.in`, password: 'Turmeric-Latte-42', first_name: 'Bulk', last_name: 'Signup' },
      });
    for (let i = 0; i < 10; i++) expect((await register(i)).statusCode).toBe(201);
    expectTooMany(await register(10), /^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('limits reset e-mails to 5 per address and 5 per e-mail address in 15 minutes', async () => {
    const send = (email: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: { email }, remoteAddress });
    const ip = '10.47.0.1';
    for (let i = 0; i < 5; i++) expect((await send(`someone${i}@example.in`, ip)).statusCode).toBe(200);
    expectTooMany(await send('someone-else@example.in', ip), /^Too many attempts/);

    const target = `target_${Date.now()}@example.in`;
    for (let i = 0; i < 5; i++) expect((await send(i % 2 ? target : target.toUpperCase(), nextAddress())).statusCode).toBe(200);
    expectTooMany(await send(target, nextAddress()), /^Too many attempts/);
  });
});

describe('RATE_LIMITS=off', () => {
  it('turns every limit off (load benchmarks on loopback only)', async () => {
    const t = await makeApp({ RATE_LIMITS: 'off' });
    try {
      for (let i = 0; i < 12; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: 'nobody', password: 'wrong-password' } });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await t.close();
    }
  });
});
