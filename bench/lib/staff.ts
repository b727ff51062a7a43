// A signed-in staff member of a benchmark's server, as a person gets one: `npm run staff:create` on the
// server's database, login, then the second step with a TOTP code from the enrolled secret.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { generate } from 'otplib';
import type { RunningServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function post<T>(url: string, body: object, access?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(access ? { authorization: `Bearer ${access}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface StaffSession {
  /** the current access token (15 minutes), renewed by refresh() */
  access: string;
  refresh(): Promise<void>;
}

/** a staff (admin) session whose tokens open /api/staff calls */
export async function staffSession(server: RunningServer, databaseUrl: string): Promise<StaffSession> {
  const username = `bench_staff_${process.pid}`;
  const password = 'Bench-staff-password-2026!';
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/staff-create.ts', '--username', username, '--email', `${username}@example.com`, '--yes'], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, DATABASE_URL: databaseUrl, STAFF_PASSWORD: password, LOG_LEVEL: 'silent' },
  });
  const login = await post<{ tokens: { access: string } }>(`${server.url}/api/users/login/`, { username, password });
  const { secret } = await post<{ secret: string }>(`${server.url}/api/users/second-factor/enrol/`, {}, login.tokens.access);
  const confirmed = await post<{ tokens: { access: string; refresh: string } }>(`${server.url}/api/users/second-factor/confirm/`, { code: await generate({ secret }) }, login.tokens.access);
  let refreshToken = confirmed.tokens.refresh;
  const session: StaffSession = {
    access: confirmed.tokens.access,
    async refresh() {
      const renewed = await post<{ access: string; refresh?: string }>(`${server.url}/api/users/token/refresh/`, { refresh: refreshToken });
      session.access = renewed.access;
      if (renewed.refresh) refreshToken = renewed.refresh;
    },
  };
  return session;
}
