// WORKERS=2: the real server as two processes behind one port (the cluster module), on a PostgreSQL
// database of its own (several processes need PostgreSQL). Rate limits count once for the whole server,
// a staff edit made through one process shows on every process within a second, a logout revokes the
// token on every process, and SIGTERM stops all. Every request opens a new connection, so the cluster
// spreads them over both processes.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/index.ts';
import { isPostgres } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** one request on a connection of its own */
function call(port: number, method: string, url: string, headers: Record<string, string> = {}, body?: object): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe.skipIf(!isPostgres)('two server processes (WORKERS=2) on one PostgreSQL database', () => {
  const name = `lab_cluster_${randomBytes(4).toString('hex')}`;
  let admin: Awaited<ReturnType<typeof createDb>>;
  let staff: StaffAccount;
  let server: ChildProcess;
  let port: number;

  beforeAll(async () => {
    admin = await createDb(process.env.DATABASE_URL!);
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    // The database (and a staff account) made by an app of this test; then the cluster opens it.
    const setup = await buildApp({ ...loadConfig({ DATABASE_URL: url.toString(), JWT_SECRET }), webDist: undefined }, { logger: false, mailer: { send: async () => {} } });
    staff = await createStaff(setup);
    await setup.close();
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/main.ts')], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'lab-cluster-')),
        JWT_SECRET,
        RATE_LIMITS: 'on',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'inherit',
    });
    // Three processes load the TypeScript sources: slow on a busy machine.
    await vi.waitFor(async () => expect((await call(port, 'GET', '/api/health')).status).toBe(200), { timeout: 120_000, interval: 200 });
  }, 130_000);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await admin.close();
  });

  it('counts rate limits once for both processes', async () => {
    expect((await call(port, 'GET', '/api/health')).json).toEqual({ status: 'ok', rate_limits: 'cluster' });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await call(port, 'GET', `/api/billing/NoSuchBill${String(i).padStart(6, '0')}/`)).status);
    // 20 misses are allowed per address; counted per process, neither would have reached 20.
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('shows a staff edit on every process within a second', async () => {
    const auth = { authorization: `Bearer ${staff.access}` };
    const [test] = (await call(port, 'GET', '/api/tests/')).json as { id: number; price: number }[];
    expect((await call(port, 'PATCH', `/api/staff/tests/${test!.id}`, auth, { price: test!.price + 7 })).status).toBe(200);
    await vi.waitFor(
      async () => {
        for (let i = 0; i < 6; i++) {
          const list = (await call(port, 'GET', '/api/tests/')).json as { id: number; price: number }[];
          expect(list.find((r) => r.id === test!.id)!.price).toBe(test!.price + 7);
        }
      },
      { timeout: 1000, interval: 50 },
    );
  });

  it('revokes a logged-out token on every process', async () => {
    const auth = { authorization: `Bearer ${staff.access}` };
    // Both processes have seen the token as valid first.
    for (let i = 0; i < 6; i++) expect((await call(port, 'GET', '/api/users/me/', auth)).status).toBe(200);
    expect((await call(port, 'POST', '/api/users/logout/', {}, { refresh: staff.refresh })).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await call(port, 'GET', '/api/users/me/', auth)).status).toBe(401);
  });

  it('stops every process on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(call(port, 'GET', '/api/health')).rejects.toThrow();
  });
});
