// Brute-force limits of the account calls. RATE_LIMIT_WINDOW_SCALE shrinks every window (15 minutes
// become a few seconds) so a limit can be seen to trip and then release.
import { LOGIN_FAILED } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { type Account, createUser, makeApp, type TestApp } from './helpers.ts';

const SCALE = 0.008; // 15 minutes → 7.2 s (room for a slow machine to make 10 attempts), one hour → 29 s
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('rate limits on accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ RATE_LIMIT_WINDOW_SCALE: String(SCALE) });
  });
  afterAll(() => t.close());

  let n = 0;
  const nextAddress = () => `10.4.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
  const login = (username: string, password: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username, password }, remoteAddress });

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

    it('allows 10 failures per account from anywhere, then refuses even the right password with 429 and Retry-After, then releases', async () => {
      // The account is counted whichever name is typed: username in any case, or e-mail.
      const names = [user.username, user.username.toUpperCase(), user.email];
      for (let i = 0; i < 10; i++) {
        const res = await login(names[i % 3]!, 'wrong-password');
        expect(res.statusCode, `failure ${i + 1}`).toBe(401);
        expect(res.json()).toEqual({ error: LOGIN_FAILED });
      }
      const refused = await login(user.username, user.password);
      const retryAfter = expectTooMany(refused, /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
      expect(retryAfter).toBeLessThanOrEqual(Math.ceil(15 * 60 * SCALE));
      expect((await login(user.email, user.password)).statusCode).toBe(429);

      await sleep(retryAfter * 1000 + 300);
      const released = await login(user.username, user.password);
      expect(released.statusCode).toBe(200);
    });

    it('counts an unknown name like an account, so the answers tell nothing about who exists', async () => {
      const ghost = `ghost_${Date.now()}`;
      for (let i = 0; i < 10; i++) expect((await login(ghost, 'whatever-password')).statusCode).toBe(401);
      expect((await login(ghost.toUpperCase(), 'whatever-password')).statusCode).toBe(429);
    });

    it('allows 10 failures per client address, then 429 for any account from there; other addresses go on', async () => {
      const ip = '10.44.0.1';
      for (let i = 0; i < 10; i++) {
        expect((await login(`someone_${i}_${Date.now()}`, 'wrong-password', ip)).statusCode).toBe(401);
      }
      expectTooMany(await login(user.username, user.password, ip), /^Too many failed login attempts/);
      expect((await login(user.username, user.password, '10.44.0.2')).statusCode).toBe(200);
    });

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

  it('reads RATE_LIMIT_WINDOW_SCALE as a positive number', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).rateLimitWindowScale).toBe(1);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), RATE_LIMIT_WINDOW_SCALE: '0.5' }).rateLimitWindowScale).toBe(0.5);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), RATE_LIMIT_WINDOW_SCALE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), RATE_LIMIT_WINDOW_SCALE: 'fast' })).toThrow(/RATE_LIMIT_WINDOW_SCALE/);
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
