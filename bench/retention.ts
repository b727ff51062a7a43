// The retention job over years of guest bookings: seeds N guest appointments more than a year old on a
// file SQLite (or PostgreSQL with --pg, on BENCH_PG_URL's database in a schema of its own), runs the
// day's tasks once, and reports how long they took, rows per second, and the event loop's longest stall
// while they ran (better-sqlite3 runs each statement on the main thread: a batch must stay under 50 ms),
// with /api/health asked back to back meanwhile.
// Run alone: node --import tsx bench/retention.ts [--pg] [--rows=N]
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { batchSize } from '../apps/server/src/modules/privacy/retention.ts';
import { appointmentRow } from './lib/appointment-rows.ts';
import { isMain } from './lib/load.ts';
import { markStart, verdict } from './lib/judge.ts';

export const BUDGET_STALL_MS = 50;

export interface RetentionFigures {
  /** the load average at the start (bench/lib/judge.ts) */
  loadAverage: number;
  database: 'sqlite' | 'postgres';
  rows: number;
  erased: number;
  seconds: number;
  rowsPerSecond: number;
  eventLoopMaxMs: number;
  eventLoopP99Ms: number;
  withinBudget: boolean;
  /** rows a batch (one transaction) changes */
  batch: number;
  /** GET /api/health asked back to back while the job ran (in-process, through the whole app) */
  healthP99Ms: number;
  healthMaxMs: number;
}

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`));

export async function run(): Promise<RetentionFigures> {
  const loadAverage = markStart('retention');
  const pg = Boolean(arg('pg'));
  const rows = Number(arg('rows=')?.split('=')[1] ?? 20_000);
  const url = pg ? (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : `file:${path.join(mkdtempSync(path.join(tmpdir(), 'lab-retention-')), 'lab.db')}`;
  const config = { ...loadConfig({ DATABASE_URL: url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0', LOG_LEVEL: 'silent', RATE_LIMITS: 'off' }), webDist: undefined };
  let now = new Date();
  const app = await buildApp(config, {
    logger: false,
    mailer: { send: async () => {} },
    mailJobs: 'manual',
    retentionJobs: 'manual',
    now: () => now,
    ...(pg ? { db: { pgSchema: `bench_${randomBytes(4).toString('hex')}`, poolSize: 4 } } : {}),
  });
  try {
    const { db } = app.deps;
    const at = new Date().toISOString();
    for (let i = 0; i < rows; i += 1000) {
      await db
        .insertInto('appointments')
        .values(
          Array.from({ length: Math.min(1000, rows - i) }, (_, k) => {
            const n = i + k;
            return appointmentRow(
              {
                id: `ret${String(n).padStart(13, '0')}`,
                user_name: `Guest ${n}`,
                reference: `LC-R${String(n).padStart(8, '0')}`,
                user_email: `guest${n}@example.com`,
                user_phone: `98${String(n).padStart(8, '0')}`,
                date: `2020-0${1 + (n % 9)}-1${n % 10}`,
                home_sample: 1,
                address: `${n} MI Road, Jaipur`,
                status: 'completed',
              },
              at,
            );
          }),
        )
        .execute();
    }
    // the visits were in 2020: on this day their contact details are due, their names not yet
    now = new Date('2026-12-01T03:00:00Z');
    await app.inject({ method: 'GET', url: '/api/health' }); // its first answer compiles the route: not the job's doing
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    // a health check asked again and again meanwhile, as a load balancer would: how long it waits
    let running = true;
    const health: number[] = [];
    const checks = (async () => {
      while (running) {
        const sent = performance.now();
        await app.inject({ method: 'GET', url: '/api/health' });
        health.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await app.retention.runDue();
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await checks;
    delay.disable();
    health.sort((a, b) => a - b);
    const erased = Number(
      (await db.selectFrom('appointments').select((eb) => eb.fn.countAll<string | number>().as('n')).where('contact_erased_at', 'is not', null).executeTakeFirstOrThrow()).n,
    );
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const max = ms(delay.max);
    return {
      loadAverage,
      database: pg ? 'postgres' : 'sqlite',
      rows,
      erased,
      seconds: Math.round(seconds * 100) / 100,
      rowsPerSecond: Math.round(erased / seconds),
      eventLoopMaxMs: max,
      eventLoopP99Ms: ms(delay.percentile(99)),
      withinBudget: max < BUDGET_STALL_MS,
      batch: batchSize(pg ? 'postgres' : 'sqlite'),
      healthP99Ms: Math.round(health[Math.max(0, Math.ceil(health.length * 0.99) - 1)] ?? 0),
      healthMaxMs: Math.round(health.at(-1) ?? 0),
    };
  } finally {
    await app.close();
  }
}

export function print(f: RetentionFigures): void {
  console.log(
    `${f.database}: ${f.erased} of ${f.rows} guest bookings' contact details erased in ${f.seconds} s (${f.rowsPerSecond}/s, ${f.batch} a batch); event loop stalled at most ${f.eventLoopMaxMs} ms, p99 ${f.eventLoopP99Ms} ms (budget ${BUDGET_STALL_MS} ms: ${verdict(f.withinBudget)}); GET /api/health meanwhile p99 ${f.healthP99Ms} ms, max ${f.healthMaxMs} ms`,
  );
}

if (isMain(import.meta.url)) print(await run());
