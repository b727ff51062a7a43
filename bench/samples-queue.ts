// The turnaround queue over a year of a busy lab's samples (docs/samples.md, docs/benchmarks.md):
// 300,000 containers (CONTAINERS) of 100,000 visits, nearly all reported long ago, a bench backlog of a
// few hundred received and waiting, some rejected; then the staff queue's read (the first 50 and the first
// 200 by expected time, overdue marked, with their tests) asked 300 times one after another, on a SQLite
// file and on PostgreSQL (a schema of its own at BENCH_PG_URL, dropped after; skipped when none answers).
// Goal: p95 under 200 ms on both. The read goes through the partial index of containers waiting
// (migration 053), so its time follows the backlog, not the years behind it.
// Run alone: node --import tsx bench/samples-queue.ts
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { turnaroundQueue } from '../apps/server/src/modules/samples/service.ts';
import { isMain } from './lib/load.ts';
import { markStart } from './lib/judge.ts';
import { seedVisits } from './lib/seed-visits.ts';

export const GOAL_P95_MS = 200;
const CONTAINERS = Number(process.env.BENCH_CONTAINERS ?? 300_000);
const PER_VISIT = 3;
/** containers received and not yet reported: a busy bench's backlog */
const WAITING = 400;
const ASKS = 300;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface QueueFigures {
  database: 'sqlite' | 'postgres';
  containers: number;
  waiting: number;
  seedSeconds: number;
  /** wall time of one read of the queue, ms */
  first50: { p50: number; p95: number; max: number };
  first200: { p50: number; p95: number; max: number };
  overdueShown: number;
  withinGoal: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

async function one(database: 'sqlite' | 'postgres'): Promise<QueueFigures | { skipped: string }> {
  if (database === 'postgres') {
    const probe = new pg.Client({ connectionString: PG_URL });
    try {
      await probe.connect();
    } catch {
      return { skipped: `no PostgreSQL answers at ${PG_URL}` };
    } finally {
      await probe.end().catch(() => {});
    }
  }
  const url = database === 'postgres' ? PG_URL : `file:${path.join(mkdtempSync(path.join(tmpdir(), 'lab-queue-')), 'lab.db')}`;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const config = { ...loadConfig({ DATABASE_URL: url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0', LOG_LEVEL: 'silent', RATE_LIMITS: 'off' }), webDist: undefined };
  const app = await buildApp(config, { logger: false, mailer: { send: async () => {} }, mailJobs: 'manual', retentionJobs: 'manual', ...(database === 'postgres' ? { db: { pgSchema: schema, poolSize: 4 } } : {}) });
  try {
    const { db } = app.deps;
    const started = performance.now();
    const { at, series, iso, visitId } = await seedVisits(db, database, {
      containers: CONTAINERS,
      perVisit: PER_VISIT,
      status: (n, visits) => (n >= visits - WAITING ? 'sample_collected' : 'completed'),
    });
    // a year of containers, a minute and three quarters (105 s) apart; the last WAITING wait, one in 50 before them was rejected
    const every = (k: string) => iso(`(${k}) * 105`);
    const waitingFrom = CONTAINERS - WAITING;
    await sql`
      insert into samples (accession, appointment_id, container, volume_ul, status, collected_at, received_at, expected_at, reported_at, created_at)
      select 'B' || i, ${visitId}, 'sst', 1000,
             case when i < ${waitingFrom} and i % 50 = 7 then 'rejected' else 'received' end,
             ${every('i')}, ${every('i + 4')}, ${every('i + 4 + (i % 7) * 200')},
             case when i < ${waitingFrom} then ${every('i + 400')} else null end, ${at}
      from ${series}`.execute(db);
    const test = await db.selectFrom('tests').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await sql`insert into sample_tests (sample_id, test_id) select id, ${test.id} from samples`.execute(db);
    if (database === 'postgres') await sql`analyze`.execute(db);
    else await sql`analyze`.execute(db);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;

    // the queue asked at a moment inside the backlog, so part of it is overdue
    const now = new Date(Date.parse('2025-12-01T03:00:00Z') + (CONTAINERS - WAITING / 2) * 105_000);
    const time = async (limit: number) => {
      await turnaroundQueue(db, limit, now);
      const ms: number[] = [];
      let overdue = 0;
      for (let k = 0; k < ASKS; k++) {
        const t0 = performance.now();
        const q = await turnaroundQueue(db, limit, now);
        ms.push(performance.now() - t0);
        overdue = q.items.filter((i) => i.overdue).length;
        if (q.items.length !== limit) throw new Error(`the queue answered ${q.items.length} containers, not ${limit}`);
      }
      ms.sort((a, b) => a - b);
      return { figures: { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)), max: round(ms[ms.length - 1]!) }, overdue };
    };
    const first50 = await time(50);
    const first200 = await time(200);
    return {
      database,
      containers: CONTAINERS,
      waiting: WAITING,
      seedSeconds,
      first50: first50.figures,
      first200: first200.figures,
      overdueShown: first200.overdue,
      withinGoal: first50.figures.p95 < GOAL_P95_MS && first200.figures.p95 < GOAL_P95_MS,
    };
  } finally {
    await app.close();
    if (database === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const loadAverage = markStart('turnaround queue');
  return { goalP95Ms: GOAL_P95_MS, loadAverage, sqlite: await one('sqlite'), postgres: await one('postgres') };
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await run(), null, 2));
