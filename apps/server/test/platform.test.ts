import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { makeApp, type TestApp } from './helpers.ts';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('answers the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', rate_limits: 'memory' });
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.' });
  });

  it('refuses malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body is not valid JSON.' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(BODY_LIMIT + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/larger than/);
  });

  it('seeds an empty database with the demo catalogue', async () => {
    const { db } = t.app.deps;
    const count = async (table: 'categories' | 'tests' | 'membership_plans' | 'packages' | 'blogs') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('categories')).toBe(5);
    expect(await count('tests')).toBeGreaterThanOrEqual(60);
    expect(await count('membership_plans')).toBe(3);
    expect(await count('packages')).toBe(4);
    expect(await count('blogs')).toBe(6);
  });
});

describe('configuration', () => {
  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'x'.repeat(32) })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', JWT_SECRET: 'x'.repeat(32) })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ RATE_LIMITS: 'maybe', JWT_SECRET: 'x'.repeat(32) })).toThrow(/RATE_LIMITS/);
    expect(() => loadConfig({ WORKERS: 'many', JWT_SECRET: 'x'.repeat(32) })).toThrow(/WORKERS/);
  });

  it('runs one process on SQLite and refuses more; one per core (up to 4) on PostgreSQL', () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).workers).toBe(1);
    expect(loadConfig({ ...secret, WORKERS: 'auto' }).workers).toBe(1);
    expect(() => loadConfig({ ...secret, WORKERS: '2' })).toThrow(/WORKERS: more than one server process needs PostgreSQL/);
    const pg = { ...secret, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/lab' };
    expect(loadConfig(pg).workers).toBe(Math.min(4, availableParallelism()));
    expect(loadConfig({ ...pg, WORKERS: '3' }).workers).toBe(3);
  });

  it('reads the defaults', () => {
    const c = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBe('file:./data/lab.db');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.rateLimits).toBe(true);
  });
});
