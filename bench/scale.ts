// A lab's years of data (docs/benchmarks.md): SEED_APPOINTMENTS appointments (default 1,000,000) and
// 100,000 accounts in SQLite, or in PostgreSQL when DATABASE_URL=postgres://… (a database of the run's
// own, dropped after). Then the staff search by name, phone, e-mail and booking reference (p95, goal
// 100 ms), and each endpoint under load, the public statistics (p99, goal 20 ms) and the staff search,
// with /api/health beside it (p99, goal 50 ms) and the server's event-loop delay meanwhile (max, goal
// 50 ms). SCALE_DB keeps the seeded data for the next run (see run()); SCALE_LOAD_SECONDS (10) each load.
// Run alone: node --import tsx bench/scale.ts
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from 'otplib';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import Database from 'better-sqlite3';
import pg from 'pg';
import { isMain, load, type LoadFigures, type LoadOptions } from './lib/load.ts';
import { withPostgresDatabase } from './lib/postgres.ts';
import { seedScale, seedScalePostgres, type ScaleSeed } from './lib/seed-scale.ts';
import { apiOnlyWebDist, type RunningServer, startServer } from './lib/server.ts';
import { markStart, verdict } from './lib/judge.ts';

export const GOALS = { dashboardP99Ms: 20, healthP99Ms: 50, searchP95Ms: 100, eventLoopMaxMs: 50 };

const METRICS_TOKEN = 'bench-metrics-token-0000';

interface UnderLoad {
  loaded: LoadFigures;
  /** GET /api/health, one client, beside the load */
  health: LoadFigures;
  /** the server's event-loop delay meanwhile (its /metrics, prom-client's monitor at 10 ms resolution) */
  eventLoop: { maxMs: number; p99Ms: number };
  /**
   * the database statements run meanwhile, and those over 50 ms: on SQLite each holds the event loop
   * for its whole time, so this is the longest single hold, apart from waiting behind other requests
   */
  statements: { total: number; over50Ms: number };
}

export interface ScaleFigures {
  /** the load average at the start (bench/lib/judge.ts) */
  loadAverage: number;
  database: 'sqlite' | 'postgres';
  seed: ScaleSeed;
  /** one client asking each kind's queries in turn */
  search: Record<string, { p50: number; p95: number; max: number; found: number; cpuMs: number }>;
  /** each endpoint under load: the public statistics, and the staff search by each kind */
  loaded: Record<string, UnderLoad>;
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
async function searchLatency(server: RunningServer, token: string, queries: string[], rounds = 8) {
  const url = server.url;
  const times: number[] = [];
  const cpuBefore = server.cpuSeconds();
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
  // the server process's CPU per search: load-independent where the latency is not (SQLite's work is in it; PostgreSQL's own is not)
  const cpuMs = round(((server.cpuSeconds() - cpuBefore) * 1000) / times.length);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times.at(-1)!), found, cpuMs };
}

interface Scrape {
  /** the event loop's delay since the last scrape (prom-client resets its monitor at each) */
  eventLoop: { maxMs: number; p99Ms: number };
  /** database statements so far, and how many of them took longer than 50 ms (cumulative) */
  statements: number;
  statementsOver50Ms: number;
}

async function scrape(url: string): Promise<Scrape> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  // a sample's value: the line of that metric holding each of the labels given, in any order
  const read = (name: string, ...labels: string[]) => {
    const line = text.split('\n').find((l) => (l.startsWith(`${name} `) || l.startsWith(`${name}{`)) && labels.every((x) => l.includes(x)));
    return Number(line?.split(' ').at(-1) ?? NaN);
  };
  const ms = (s: number) => Math.round(s * 10000) / 10;
  const statements = read('db_query_duration_seconds_count', 'outcome="ok"');
  return {
    eventLoop: { maxMs: ms(read('nodejs_eventloop_lag_max_seconds')), p99Ms: ms(read('nodejs_eventloop_lag_p99_seconds')) },
    statements,
    statementsOver50Ms: statements - read('db_query_duration_seconds_bucket', 'le="0.05"', 'outcome="ok"'),
  };
}

/** `target` loaded for `seconds`, a health check beside it the whole time, and the event loop's delay meanwhile */
async function underLoad(url: string, target: LoadOptions, seconds: number): Promise<UnderLoad> {
  const before = await scrape(url); // resets the event-loop histogram: what follows is this load's alone
  const [loaded, health] = await Promise.all([load({ ...target, seconds }), load({ url: `${url}/api/health`, connections: 1, seconds })]);
  const after = await scrape(url);
  return { loaded, health, eventLoop: after.eventLoop, statements: { total: after.statements - before.statements, over50Ms: after.statementsOver50Ms - before.statementsOver50Ms } };
}

const SEARCHES = {
  name: ['ramachandran', 'kavya ban', 'Sunita Joshi', 'MEERA'],
  phone: ['98004 12345', '9800412345', '0777'],
  email: ['patient4242@', 'patient99@example.com'],
  reference: ['LB-0424242', 'lb 0000777'],
};

const USERS = 100_000;
/** BENCH_PORT: the port to serve on (a shared machine hands each person a range); a free one otherwise */
const port = () => (process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {});
const admin = async () => ({ ...staff, passwordHash: await hashPassword(staff.password) });

/** SQLite: a file seeded now, or the one SCALE_DB names when an earlier run left it there */
async function seededSqlite(appointments: number, webDist: string): Promise<{ databaseUrl: string; seed: ScaleSeed }> {
  const kept = process.env.SCALE_DB;
  if (kept && existsSync(kept)) return { databaseUrl: `file:${kept}`, seed: { appointments, users: USERS, seconds: 0, reused: kept } };
  // A first start migrates and seeds the catalogue (5,000 tests); the years of bookings go in after.
  const first = await startServer({ SEED_TESTS: '5000', WEB_DIST: webDist, ...port() });
  await first.stop();
  let file = path.join(first.dataDir, 'lab.db');
  const seed = seedScale(file, appointments, USERS, await admin());
  if (kept) {
    mkdirSync(path.dirname(kept), { recursive: true });
    renameSync(file, kept);
    file = kept;
  }
  return { databaseUrl: `file:${file}`, seed };
}

/** PostgreSQL: migrated by a first start, then seeded; with SCALE_DB set, a database already seeded is used as it is */
async function seededPostgres(url: string, appointments: number, webDist: string): Promise<ScaleSeed> {
  if (process.env.SCALE_DB && (await benchBookingsIn(url))) return { appointments, users: USERS, seconds: 0, reused: url.replace(/\/\/[^@]*@/, '//') };
  const first = await startServer({ DATABASE_URL: url, SEED_TESTS: '5000', WEB_DIST: webDist, ...port() });
  await first.stop();
  return seedScalePostgres(url, appointments, USERS, await admin());
}

/**
 * Data seeded by an earlier run holds the bench admin with the authenticator enrolled then, whose
 * secret is gone: it is reset as another admin would, and this run enrols afresh.
 */
async function forgetSecondFactor(databaseUrl: string): Promise<void> {
  const statements = [
    `DELETE FROM recovery_codes WHERE user_id IN (SELECT id FROM users WHERE username = '${staff.username}')`,
    `UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE username = '${staff.username}'`,
  ];
  if (databaseUrl.startsWith('file:')) {
    const db = new Database(databaseUrl.slice('file:'.length));
    for (const s of statements) db.prepare(s).run();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

async function benchBookingsIn(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if ((await client.query("SELECT to_regclass('appointments') IS NOT NULL AS migrated")).rows[0].migrated !== true) return false;
    return (await client.query("SELECT 1 FROM appointments WHERE id LIKE 'bench%' LIMIT 1")).rowCount === 1;
  } finally {
    await client.end();
  }
}

export async function run(): Promise<ScaleFigures> {
  const loadAverage = markStart('scale');
  const appointments = Number(process.env.SEED_APPOINTMENTS ?? 1_000_000);
  const webDist = apiOnlyWebDist();
  const pgUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : undefined;
  if (!pgUrl) {
    const { databaseUrl, seed } = await seededSqlite(appointments, webDist);
    return { loadAverage, ...(await measure('sqlite', databaseUrl, seed, webDist)) };
  }
  // SCALE_DB set: DATABASE_URL's own database, kept for the next run; otherwise a database of the run's own, dropped after.
  if (process.env.SCALE_DB) return { loadAverage, ...(await measure('postgres', pgUrl, await seededPostgres(pgUrl, appointments, webDist), webDist)) };
  const figures = await withPostgresDatabase(true, async (url) => measure('postgres', url, await seededPostgres(url, appointments, webDist), webDist));
  if ('skipped' in figures) throw new Error(figures.skipped);
  return { loadAverage, ...figures };
}

async function measure(database: ScaleFigures['database'], databaseUrl: string, seed: ScaleSeed, webDist: string): Promise<Omit<ScaleFigures, 'loadAverage'>> {
  const seconds = Number(process.env.SCALE_LOAD_SECONDS ?? 10);
  if (seed.reused) await forgetSecondFactor(databaseUrl);
  // One server process on both databases (PostgreSQL would run one per core): the event loop watched and
  // the CPU counted are then the one that answers every request.
  const server = await startServer({ DATABASE_URL: databaseUrl, SEED: 'off', RATE_LIMITS: 'off', WEB_DIST: webDist, METRICS_TOKEN, WORKERS: '1', ...port() });
  try {
    const token = await staffToken(server.url);
    const search = Object.fromEntries(await sequence(Object.entries(SEARCHES), async ([kind, queries]) => [kind, await searchLatency(server, token, queries)] as const));
    // Each endpoint under load, with a health check beside it and the event loop watched meanwhile.
    const loaded: Record<string, UnderLoad> = { dashboard: await underLoad(server.url, { url: `${server.url}/api/dashboard/`, connections: 10 }, seconds) };
    const headers = { authorization: `Bearer ${token}` };
    for (const [kind, queries] of Object.entries(SEARCHES)) {
      loaded[`staff search by ${kind}`] = await underLoad(
        server.url,
        { url: server.url, connections: 4, requests: queries.map((q) => ({ method: 'GET' as const, path: `/api/staff/appointments?q=${encodeURIComponent(q)}`, headers })) },
        seconds,
      );
    }
    return { database, seed, search, loaded };
  } finally {
    await server.stop();
  }
}

async function sequence<T, R>(items: T[], each: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await each(item));
  return out;
}

export function print(f: ScaleFigures): void {
  const mark = (ok: boolean) => verdict(ok);
  const db = f.database === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const seeded = f.seed.reused ? `reused the ${f.seed.appointments.toLocaleString('en-IN')} appointments seeded earlier (${f.seed.reused})` : `seeded ${f.seed.appointments.toLocaleString('en-IN')} appointments and ${f.seed.users.toLocaleString('en-IN')} accounts in ${f.seed.seconds} s`;
  console.log(`${db}: ${seeded}`);
  for (const [kind, s] of Object.entries(f.search)) {
    console.log(`staff search by ${kind}, one client: p50 ${s.p50} ms, p95 ${s.p95} ms (goal ${GOALS.searchP95Ms} ms: ${mark(s.p95 <= GOALS.searchP95Ms)}), max ${s.max} ms, up to ${s.found} on the first page; server CPU ${s.cpuMs} ms a search`);
  }
  for (const [what, l] of Object.entries(f.loaded)) {
    const d = l.loaded;
    const goal = what === 'dashboard' ? ` (goal ${GOALS.dashboardP99Ms} ms: ${mark(d.latencyMs.p99 <= GOALS.dashboardP99Ms)})` : '';
    console.log(`${what === 'dashboard' ? 'GET /api/dashboard/' : what} under load (${d.connections} clients): ${d.perSecond} req/s, p50 ${d.latencyMs.p50} ms, p99 ${d.latencyMs.p99} ms${goal}, ${d.non2xx + d.errors} failed`);
    console.log(`  GET /api/health meanwhile: p99 ${l.health.latencyMs.p99} ms (goal ${GOALS.healthP99Ms} ms: ${mark(l.health.latencyMs.p99 <= GOALS.healthP99Ms)}); event loop delay max ${l.eventLoop.maxMs} ms (goal ${GOALS.eventLoopMaxMs} ms: ${mark(l.eventLoop.maxMs <= GOALS.eventLoopMaxMs)}), p99 ${l.eventLoop.p99Ms} ms; ${l.statements.over50Ms} of ${l.statements.total} database statements over 50 ms`);
  }
}

if (isMain(import.meta.url)) print(await run());
