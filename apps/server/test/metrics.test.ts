// GET /metrics: Prometheus text for the bearer of METRICS_TOKEN only; absent when no token is set.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, isPostgres, makeApp, type TestApp } from './helpers.ts';

const TOKEN = 'metrics-token-0123456789';

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scraper without the token, or with another one', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const res = await scrape(auth);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'A valid metrics token is required.' });
    }
  });

  it('counts requests by route pattern, and times queries and the event loop', async () => {
    await t.app.inject({ method: 'GET', url: '/api/tests/' });
    await t.app.inject({ method: 'GET', url: '/api/blogs/987654/' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/tests\/",status="200"\} 1/);
    // the pattern, never the id a client sent
    expect(body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/blogs\/:id\/",status="404"\} 1/);
    expect(body).not.toContain('/api/blogs/987654');
    expect(body).toMatch(/db_query_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(body).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(body).toContain('emails_total');
    if (isPostgres) expect(body).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
  });

  it('counts e-mails sent', async () => {
    const sent = async () => Number((await scrape(`Bearer ${TOKEN}`)).body.match(/emails_total\{outcome="sent"\} (\d+)/)?.[1] ?? 0);
    const user = await createUser(t.app);
    // counted after the account exists: proving its address sent an e-mail of its own
    const before = await sent();
    const res = await t.app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await sent()).toBe(before + 1));
  });
});

describe('metrics without a token', () => {
  it('is an unknown path', async () => {
    const t = await makeApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
