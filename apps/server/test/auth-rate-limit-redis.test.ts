// Limits shared by several server processes through Redis (REDIS_URL). Runs when TEST_REDIS_URL names a
// Redis server to use, e.g. TEST_REDIS_URL=redis://127.0.0.1:6379; skipped otherwise.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_MISS_LIMIT } from '../src/modules/billing/routes.ts';
import { createUser, makeApp, type TestApp } from './helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits across two processes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await makeApp({ REDIS_URL: redisUrl! });
    b = await makeApp({ REDIS_URL: redisUrl! });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  // Fresh keys on every run: the counters outlive the test in Redis.
  const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`;

  it('counts failed logins of one name on both servers together', async () => {
    const name = `shared_${randomBytes(6).toString('hex')}`;
    for (let i = 0; i < 10; i++) {
      const app = i % 2 ? a.app : b.app;
      const res = await app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: name, password: 'wrong-password' }, remoteAddress: ip() });
      expect(res.statusCode).toBe(401);
    }
    const refused = await a.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: name, password: 'wrong-password' }, remoteAddress: ip() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts reset e-mails per address on both servers together (two rules on one route)', async () => {
    const email = `shared_${randomBytes(6).toString('hex')}@example.in`;
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? a.app : b.app;
      expect((await app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: { email }, remoteAddress: ip() })).statusCode).toBe(200);
    }
    expect((await b.app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: { email }, remoteAddress: ip() })).statusCode).toBe(429);
  });

  it('does not count successful logins', async () => {
    const user = await createUser(a.app);
    const from = ip();
    for (let i = 0; i < 12; i++) {
      const res = await a.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: user.username, password: user.password }, remoteAddress: from });
      expect(res.statusCode).toBe(200);
    }
  });

  it('counts bill misses of one address on both servers together, and then refuses every bill it asks', async () => {
    const scanner = ip();
    for (let i = 0; i < BILL_MISS_LIMIT.max; i++) {
      const app = i % 2 ? a.app : b.app;
      expect((await app.inject({ method: 'GET', url: `/api/billing/scan${randomBytes(6).toString('hex')}/`, remoteAddress: scanner })).statusCode).toBe(404);
    }
    for (const app of [a.app, b.app]) {
      expect((await app.inject({ method: 'GET', url: '/api/billing/scanAnotherOne123/', remoteAddress: scanner })).statusCode).toBe(429);
    }
    expect((await b.app.inject({ method: 'GET', url: '/api/billing/scanAnotherOne123/', remoteAddress: ip() })).statusCode).toBe(404);
  });
});
