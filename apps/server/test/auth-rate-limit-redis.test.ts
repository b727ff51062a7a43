// Limits shared by several server processes through Redis (REDIS_URL). Runs when TEST_REDIS_URL names a
// Redis server to use, e.g. TEST_REDIS_URL=redis://127.0.0.1:6379; skipped otherwise.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_MISS_LIMIT } from '../src/modules/billing/service.ts';
import { createUser, makeApp, type TestApp } from './helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits across two processes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two servers of one deployment: one database, one Redis.
    a = await makeApp({ REDIS_URL: redisUrl! }, { sqliteFile: true });
    b = await makeApp({ REDIS_URL: redisUrl! }, { shareDatabaseOf: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  // Fresh keys on every run: the counters outlive the test in Redis.
  const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`;

  it('reports Redis as the store of limits', async () => {
    expect((await a.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', rate_limits: 'redis' });
  });

  it('counts failed logins of one name from one address on both servers together', async () => {
    const name = `shared_${randomBytes(6).toString('hex')}`;
    const from = ip();
    for (let i = 0; i < 10; i++) {
      const app = i % 2 ? a.app : b.app;
      const res = await app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: name, password: 'wrong-password' }, remoteAddress: from });
      expect(res.statusCode).toBe(401);
    }
    const refused = await a.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: name, password: 'wrong-password' }, remoteAddress: from });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('revokes access tokens on every server at once when one of them logs the user out', async () => {
    const user = await createUser(a.app);
    const me = (app: TestApp) => app.app.inject({ method: 'GET', url: '/api/users/me/', headers: { authorization: `Bearer ${user.access}` } });
    expect((await me(b)).statusCode).toBe(200);
    await a.app.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: user.refresh } });
    expect((await me(b)).statusCode).toBe(401);
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
