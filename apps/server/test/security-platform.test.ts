// Platform hardening (docs/security.md): the client address behind proxies, secrets kept
// out of the log, no-store on personal answers, owner-only files, and Redis going away.
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from '../src/config.ts';
import { createDb } from '../src/db/index.ts';
import { createDirectMailer } from '../src/modules/messaging/mailer.ts';
import { bearer, createUser, isPostgres, makeApp, openDate, spreadVisit, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';
import { VERIFY_MISS_LIMIT } from '../src/modules/reports/routes.ts';

/** a log destination that keeps every line */
const logInto = (lines: string[]) =>
  new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });

const register = (t: TestApp, i: number, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/register/',
    remoteAddress: '127.0.0.1',
    headers,
    payload: { username: `proxy_${i}_${Date.now()}`, email: `proxy_${i}_${Date.now()}@example.in`, password: 'Turmeric-Latte-42', first_name: 'Via', last_name: 'Proxy' },
  });

describe('TRUST_PROXY', () => {
  it('takes off, a hop count or the proxies addresses/CIDRs, and nothing that trusts every hop', () => {
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('on')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(parseTrustProxy('::1,fd00::/8,loopback')).toEqual(['::1', 'fd00::/8', 'loopback']);
    for (const bad of ['all', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8,nonsense', '']) expect(parseTrustProxy(bad), bad).toBeNull();
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: 'everything' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: 'everything' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a range that reaches the public internet, and takes private ranges and single proxies anywhere', () => {
    // every address in two halves, every address at once, a public range, ranges that spill out of a private one
    for (const wide of ['0.0.0.0/1,128.0.0.0/1', '0.0.0.0/0', '::/0', '203.0.113.0/24', '10.0.0.0/7', '172.0.0.0/8', '::ffff:0:0/96', '2001:db8::/32', '10.0.0.0/8,0.0.0.0/1']) {
      expect(parseTrustProxy(wide), wide).toBeNull();
      expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: wide }), wide).toThrow(ConfigError);
      expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: wide }), wide).toThrow(/TRUST_PROXY: .*private/);
    }
    for (const fine of ['10.0.0.0/8', '172.16.0.0/12', '192.168.4.0/24', '127.0.0.0/8', '169.254.0.0/16', 'fd00::/8', 'fe80::/10', '::1/128', '203.0.113.7', '203.0.113.7/32']) {
      expect(parseTrustProxy(fine), fine).toEqual([fine]);
    }
  });

  for (const setting of ['1', '127.0.0.1']) {
    it(`counts the address the proxy saw, so a spoofed left-most X-Forwarded-For does not reset a limit (TRUST_PROXY=${setting})`, async () => {
      const t = await makeApp({ TRUST_PROXY: setting });
      try {
        // Each request claims a new address on the left; the proxy appended the real one on the right.
        for (let i = 0; i < 10; i++) {
          const res = await register(t, i, { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7` });
          expect(res.statusCode, `registration ${i + 1}`).toBe(201);
        }
        expect((await register(t, 10, { 'x-forwarded-for': '198.51.100.99, 203.0.113.7' })).statusCode).toBe(429);
        // Another real client behind the same proxy is not affected.
        expect((await register(t, 11, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(201);
      } finally {
        await t.close();
      }
    });
  }
});

describe('secrets in the log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = logInto(lines);
    t = await makeApp({}, { logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('masks reset tokens, bill ids and staff search terms in the request log', async () => {
    const staff = await createStaff(t.app);
    const billId = await book(t.app);
    await t.app.inject({ method: 'GET', url: `/api/billing/${billId}/` });
    await t.app.inject({ method: 'GET', url: `/billing/${billId}` });
    await t.app.inject({ method: 'POST', url: '/api/reset-password/MTIz/cq1xyz-0123456789abcdef0123/', payload: { password: 'Whatever-Secret-99' } });
    await t.app.inject({ method: 'GET', url: '/reset-password/MTIz/cq1xyz-0123456789abcdef0123' });
    await t.app.inject({ method: 'GET', url: '/api/staff/appointments?q=Ramachandran&status=booked', headers: bearer(staff) });
    const log = lines.join('');
    expect(log).toContain('/api/billing/***');
    expect(log).toContain('/api/staff/appointments?q=***');
    for (const secret of [billId, 'cq1xyz-0123456789abcdef0123', 'Ramachandran', 'Whatever-Secret-99', staff.access]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

describe('Cache-Control on personal answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('sends no-store with tokens, accounts, appointments, bills, memberships and staff data', async () => {
    const user = await createUser(t.app);
    const staff = await createStaff(t.app);
    const billId = await book(t.app, {}, user);
    const calls = [
      { method: 'POST' as const, url: '/api/users/login/', payload: { username: user.username, password: user.password } },
      { method: 'POST' as const, url: '/api/users/token/refresh/', payload: { refresh: user.refresh } },
      { method: 'GET' as const, url: '/api/users/me/', headers: bearer(user) },
      { method: 'GET' as const, url: '/api/users/userappointments/', headers: bearer(user) },
      { method: 'GET' as const, url: `/api/billing/${billId}/`, headers: bearer(user) },
      // No membership: a 404, which still says something about the person.
      { method: 'GET' as const, url: '/api/membership/status/', headers: bearer(user), status: 404 },
      { method: 'GET' as const, url: '/api/tests/', headers: bearer(user) },
      { method: 'GET' as const, url: '/api/packages/', headers: bearer(user) },
      { method: 'GET' as const, url: '/api/staff/appointments', headers: bearer(staff) },
      { method: 'POST' as const, url: '/api/appointments/', payload: { date: openDate(2), time: '10:00', user_name: 'Asha Rao', user_email: 'a@example.in', user_phone: '9876543210', tests: [1] } },
    ];
    for (const call of calls) {
      const { status, ...request } = call as typeof call & { status?: number };
      const res = await t.app.inject(request);
      if (status) expect(res.statusCode, call.url).toBe(status);
      else expect(res.statusCode, call.url).toBeLessThan(300);
      expect(String(res.headers['cache-control']), call.url).toContain('no-store');
    }
  });

  it('lets a guest revalidate the public catalogue', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tests/' })).headers['cache-control']).toBe('private, no-cache');
  });
});

describe.skipIf(isPostgres)('files readable by the owner only', () => {
  it('creates the SQLite file, its WAL and shared memory 0600 in a 0700 folder', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'lab-modes-')), 'data');
    const file = path.join(dir, 'lab.db');
    const database = await createDb(`file:${file}`);
    await database.db.schema.createTable('x').addColumn('a', 'integer').execute();
    try {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(statSync(f).mode & 0o777, f).toBe(0o600);
    } finally {
      await database.close();
    }
  });

  it('writes the mail outbox 0600 in a 0700 folder', async () => {
    const outbox = path.join(mkdtempSync(path.join(tmpdir(), 'lab-outbox-')), 'outbox');
    await createDirectMailer({ outboxDir: outbox }).send({ to: 'a@example.in', subject: 'Hello', text: 'Hi' });
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    const [name] = readdirSync(outbox);
    expect(statSync(path.join(outbox, name!)).mode & 0o777).toBe(0o600);
  });
});

describe('Redis that does not answer', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = logInto(lines);
    // Nothing listens on port 1.
    t = await makeApp({ REDIS_URL: 'redis://127.0.0.1:1' }, { logger: { level: 'warn', stream } });
  });
  afterAll(() => t.close());

  it('keeps rate-limited routes working on counts of this process, says so loudly, and never answers 500', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number }>;
    const payload = { user_name: 'Asha Rao', user_email: 'a@example.in', user_phone: '9876543210', tests: [list[0]!.id] };
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: { ...payload, ...spreadVisit(i) }, remoteAddress: '10.77.0.1' });
      expect(res.statusCode, `booking ${i + 1}`).toBe(201);
    }
    // The limit still holds, counted here.
    expect((await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: { ...payload, ...spreadVisit(30) }, remoteAddress: '10.77.0.1' })).statusCode).toBe(429);
    const login = await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: 'nobody', password: 'wrong-password' } });
    expect(login.statusCode).toBe(401);
    expect(lines.join('')).toContain('RATE LIMITS DEGRADED');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', rate_limits: 'memory-fallback' });
  });

  it('still checks tokens (from the database)', async () => {
    const user = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(user) })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: user.refresh } });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(user) })).statusCode).toBe(401);
  });
});

describe('the verification code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());
  const verify = (code: string, remoteAddress = '10.90.0.1', query = '') => t.app.inject({ method: 'GET', url: `/api/verify/${code}${query}`, remoteAddress });

  it('refuses a code outside the printed alphabet with 400 naming the field, in English and Hindi (a NUL byte never reaches PostgreSQL)', async () => {
    for (const bad of ['%00', 'a%00b', 'K7MP%003Q', 'K7MP3QX0', 'K7MP3QXI', 'K7MP3QX', 'K7MP3QXWZ', '%E0%A4%95%E0%A4%95%E0%A4%95%E0%A4%95', 'K7MP3QX%20']) {
      const res = await verify(bad, '10.90.0.2');
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ code: ['Enter the 8-character code printed on the report.'] });
    }
    expect((await verify('%00', '10.90.0.2', '?lang=hi')).json()).toEqual({ code: ['रिपोर्ट पर छपा 8 अक्षरों का कोड दर्ज करें।'] });
    // a code of the right shape that names no report, in either case
    expect((await verify('k7mp3qxw', '10.90.0.2')).statusCode).toBe(404);
  });

  it('limits the misses of one address like the bills do, and not another address', async () => {
    for (let i = 0; i < VERIFY_MISS_LIMIT.max; i++) expect((await verify('K7MP3QXW')).statusCode, `guess ${i + 1}`).toBe(404);
    const limited = await verify('K7MP3QXW');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many attempts/);
    expect((await verify('K7MP3QXW', '10.90.0.3')).statusCode).toBe(404);
  });
});

describe('the staff read log filter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('refuses a date past what the log can hold with 400 naming the field, never a 500', async () => {
    const admin = await createStaff(t.app);
    for (const [query, field] of [
      ['to=9999-12-31', 'to'],
      ['from=9999-12-31', 'from'],
      ['from=0001-01-01', 'from'],
      ['from=2026-01-01&to=9999-12-31', 'to'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/staff/access-log?${query}`, headers: bearer(admin) });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/access-log?from=2026-01-01&to=2999-12-31', headers: bearer(admin) })).statusCode).toBe(200);
  });
});
