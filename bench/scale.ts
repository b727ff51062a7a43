// A lab's years of data (issue 16, "Scale"): SEED_APPOINTMENTS appointments (default 1,000,000) and
// 100,000 accounts in SQLite, then the public statistics under load (p99, goal 20 ms), /api/health
// while they are loaded (p99, goal 50 ms), and the staff search by name, phone, e-mail and booking
// reference (p95, goal 100 ms). Run alone: node --import tsx bench/scale.ts
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from 'otplib';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { isMain, load, type LoadFigures } from './lib/load.ts';
import { seedScale, type ScaleSeed } from './lib/seed-scale.ts';
import { apiOnlyWebDist, startServer } from './lib/server.ts';

export const GOALS = { dashboardP99Ms: 20, healthP99Ms: 50, searchP95Ms: 100 };

export interface ScaleFigures {
  seed: ScaleSeed;
  dashboard: LoadFigures;
  healthWhileLoaded: LoadFigures;
  search: Record<string, { p50: number; p95: number; max: number; found: number }>;
}

const staff = { username: 'bench_admin', email: 'bench_admin@example.com', password: 'Bench-admin-pass-2026!' };

async function staffToken(url: string): Promise<string> {
  const post = async (p: string, body: object, token?: string) => {
    const res = await fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  const login = await post('/api/users/login/', { username: staff.username, password: staff.password });
  const { secret } = await post('/api/users/second-factor/enrol/', {}, login.tokens.access);
  const confirmed = await post('/api/users/second-factor/confirm/', { code: await generate({ secret }) }, login.tokens.access);
  return confirmed.tokens.access as string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** each query asked in turn, several rounds; latency as the staff console sees it */
async function searchLatency(url: string, token: string, queries: string[], rounds = 8) {
  const times: number[] = [];
  let found = 0;
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/staff/appointments?q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { count?: number; items?: unknown[] };
      times.push(performance.now() - t0);
      if (!res.ok) throw new Error(`search ${q}: ${res.status}`);
      found = Math.max(found, body.items?.length ?? 0);
    }
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times.at(-1)!), found };
}

export async function run(): Promise<ScaleFigures> {
  const appointments = Number(process.env.SEED_APPOINTMENTS ?? 1_000_000);
  const webDist = apiOnlyWebDist();
  // A first start migrates and seeds the catalogue (5,000 tests); the years of bookings go in after.
  const first = await startServer({ SEED_TESTS: '5000', WEB_DIST: webDist });
  await first.stop();
  const seed = seedScale(path.join(first.dataDir, 'lab.db'), appointments, 100_000, { ...staff, passwordHash: await hashPassword(staff.password) });
  const server = await startServer({ DATABASE_URL: `file:${path.join(first.dataDir, 'lab.db')}`, SEED: 'off', RATE_LIMITS: 'off', WEB_DIST: webDist });
  try {
    const token = await staffToken(server.url);
    const search = {
      name: await searchLatency(server.url, token, ['ramachandran', 'kavya ban', 'Sunita Joshi', 'MEERA']),
      phone: await searchLatency(server.url, token, ['98004 12345', '9800412345', '0777']),
      email: await searchLatency(server.url, token, ['patient4242@', 'patient99@example.com']),
      reference: await searchLatency(server.url, token, ['LB-0424242', 'lb 0000777']),
    };
    // The statistics under load, with a health check running beside them the whole time.
    const [dashboard, healthWhileLoaded] = await Promise.all([
      load({ url: `${server.url}/api/dashboard/`, connections: 10, seconds: 10 }),
      load({ url: `${server.url}/api/health`, connections: 1, seconds: 10 }),
    ]);
    return { seed, dashboard, healthWhileLoaded, search };
  } finally {
    await server.stop();
  }
}

export function print(f: ScaleFigures): void {
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(`seeded ${f.seed.appointments.toLocaleString('en-IN')} appointments and ${f.seed.users.toLocaleString('en-IN')} accounts in ${f.seed.seconds} s (SQLite)`);
  const d = f.dashboard;
  console.log(`GET /api/dashboard/ under load: ${d.perSecond} req/s, p50 ${d.latencyMs.p50} ms, p99 ${d.latencyMs.p99} ms (goal ${GOALS.dashboardP99Ms} ms: ${mark(d.latencyMs.p99 <= GOALS.dashboardP99Ms)}), ${d.non2xx + d.errors} failed`);
  const h = f.healthWhileLoaded;
  console.log(`GET /api/health meanwhile: p50 ${h.latencyMs.p50} ms, p99 ${h.latencyMs.p99} ms (goal ${GOALS.healthP99Ms} ms: ${mark(h.latencyMs.p99 <= GOALS.healthP99Ms)})`);
  for (const [kind, s] of Object.entries(f.search)) {
    console.log(`staff search by ${kind}: p50 ${s.p50} ms, p95 ${s.p95} ms (goal ${GOALS.searchP95Ms} ms: ${mark(s.p95 <= GOALS.searchP95Ms)}), max ${s.max} ms, up to ${s.found} on the first page`);
  }
}

if (isMain(import.meta.url)) print(await run());
