// Booking throughput: POST /api/appointments/ under autocannon for 10 s against the real server on a
// fresh database (5,000-test catalogue, rate limits off). Prints bookings/s, p50/p99 latency, errors
// and non-2xx answers, and checks that the database holds exactly one appointment and one bill per
// 2xx answer. SQLite always; PostgreSQL too when one answers at DATABASE_URL (postgres://…) or, with
// --pg, at the local default. Run alone: node --import tsx bench/api-bookings.ts [--pg] [--sqlite-only]
import { loadavg } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { inIndia } from '@lab/contract';
import { isMain, load, type LoadFigures } from './lib/load.ts';
import { withPostgresDatabase } from './lib/postgres.ts';
import { apiOnlyWebDist, type RunningServer, startServer } from './lib/server.ts';

export const TARGET = { perSecond: 500, p99Ms: 100 };
const CONNECTIONS = 16;
const SECONDS = 10;

export interface BookingRun {
  database: 'sqlite' | 'postgres';
  load: LoadFigures;
  bookingsPerSecond: number;
  appointmentsWritten: number;
  billsWritten: number;
  /** appointments and bills in the database equal the 2xx answers */
  noneLost: boolean;
  meetsTarget: boolean;
  /** the machine's 1-minute load average before the run: others' work skews the figures */
  loadAverageBefore: number;
  /** CPU the server process spent per booking: the cost that load on the machine does not hide */
  serverCpuMsPerBooking: number;
}

export interface BookingFigures {
  sqlite: BookingRun;
  postgres: BookingRun | { skipped: string };
}

function istDate(days: number): string {
  return inIndia(Date.now() + days * 86_400_000).date;
}

/** varied, valid guest bookings: 1 to 3 tests, a day in the coming week, a time in the window */
function bodies(testIds: number[], n = 200): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const tests = Array.from({ length: 1 + (i % 3) }, (_, k) => testIds[(i * 37 + k * 101) % testIds.length]!);
    const minutes = 9 * 60 + ((i * 7) % (12 * 60));
    out.push(
      JSON.stringify({
        date: istDate(1 + (i % 7)),
        time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
        user_name: 'Bench Patient',
        user_email: `bench${i}@example.com`,
        user_phone: `98${String(10_000_000 + i).padStart(8, '0')}`,
        tests,
        home_sample: i % 4 === 0,
        address: i % 4 === 0 ? `${i} MG Road, Bengaluru` : '',
      }),
    );
  }
  return out;
}

type Counter = (server: RunningServer) => Promise<{ appointments: number; bills: number }>;

async function measure(database: 'sqlite' | 'postgres', env: Record<string, string>, count: Counter): Promise<BookingRun> {
  const server = await startServer({ SEED_TESTS: '5000', RATE_LIMITS: 'off', WEB_DIST: apiOnlyWebDist(), ...env });
  try {
    const catalogue = (await (await fetch(`${server.url}/api/tests/`)).json()) as Array<{ id: number }>;
    const url = `${server.url}/api/appointments/`;
    const options = { url, method: 'POST' as const, headers: { 'content-type': 'application/json' }, bodies: bodies(catalogue.map((t) => t.id)), connections: CONNECTIONS };
    // Warm-up (JIT, statement caches, pool), which also estimates the rate for the measured run.
    await load({ ...options, amount: CONNECTIONS * 30 });
    const warm = await load({ ...options, amount: CONNECTIONS * 120 });
    const before = await count(server);
    const loadAverageBefore = Math.round(loadavg()[0]! * 100) / 100;
    // A fixed number of requests, not a duration: autocannon then waits for every answer, so each
    // booking in the database can be matched with a 2xx answer (a duration cuts requests in flight).
    // The warm-up still runs colder than the measured run, hence the margin.
    const amount = Math.round(Math.max(warm.perSecond, TARGET.perSecond) * SECONDS * 1.5);
    const cpuBefore = server.cpuSeconds();
    const figures = await load({ ...options, amount });
    const serverCpuMsPerBooking = Math.round(((server.cpuSeconds() - cpuBefore) * 1000 * 100) / Math.max(1, figures.ok2xx)) / 100;
    const after = await count(server);
    const appointmentsWritten = after.appointments - before.appointments;
    const billsWritten = after.bills - before.bills;
    const bookingsPerSecond = Math.round((figures.ok2xx / figures.seconds) * 10) / 10;
    return {
      database,
      load: figures,
      bookingsPerSecond,
      appointmentsWritten,
      billsWritten,
      noneLost: appointmentsWritten === figures.ok2xx && billsWritten === figures.ok2xx,
      meetsTarget:
        bookingsPerSecond >= TARGET.perSecond && figures.latencyMs.p99 < TARGET.p99Ms && figures.errors === 0 && figures.non2xx === 0 && figures.timeouts === 0,
      loadAverageBefore,
      serverCpuMsPerBooking,
    };
  } finally {
    await server.stop();
  }
}

export async function run(argv: string[] = process.argv.slice(2)): Promise<BookingFigures> {
  const sqlite = await runSqlite();
  const postgres = argv.includes('--sqlite-only') ? { skipped: '--sqlite-only' } : await runPostgres(argv.includes('--pg'));
  return { sqlite, postgres };
}

async function runSqlite(): Promise<BookingRun> {
  return measure('sqlite', {}, async (server) => {
    const db = new SQLite(path.join(server.dataDir, 'lab.db'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare('select (select count(*) from appointments) as appointments, (select count(*) from bills) as bills').get() as {
        appointments: number;
        bills: number;
      };
    } finally {
      db.close();
    }
  });
}

async function runPostgres(forced: boolean): Promise<BookingRun | { skipped: string }> {
  return withPostgresDatabase(forced, async (url) => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    // An idle counting connection is cut when the database is dropped; that is expected, not a failure.
    pool.on('error', () => {});
    try {
      return await measure('postgres', { DATABASE_URL: url }, async () => {
        // One statement, one snapshot: both counts describe the same moment.
        const { rows } = await pool.query<{ a: string; b: string }>('select (select count(*) from appointments) as a, (select count(*) from bills) as b');
        return { appointments: Number(rows[0]!.a), bills: Number(rows[0]!.b) };
      });
    } finally {
      await pool.end();
    }
  });
}

export function print(f: BookingFigures): void {
  for (const r of [f.sqlite, f.postgres]) {
    if ('skipped' in r) {
      console.log(`postgres: skipped (${r.skipped})`);
      continue;
    }
    const l = r.load;
    console.log(
      `${r.database}: ${r.bookingsPerSecond} bookings/s, p50 ${l.latencyMs.p50} ms, p99 ${l.latencyMs.p99} ms, max ${l.latencyMs.max} ms, ` +
        `${l.errors} errors, ${l.timeouts} timeouts, ${l.non2xx} non-2xx, ${l.ok2xx} booked in ${l.seconds} s over ${l.connections} connections; ` +
        `database: ${r.appointmentsWritten} appointments, ${r.billsWritten} bills (${r.noneLost ? 'none lost' : 'MISMATCH'}); ` +
        `server CPU ${r.serverCpuMsPerBooking} ms/booking; ` +
        `target ${TARGET.perSecond}/s with p99 < ${TARGET.p99Ms} ms: ${r.meetsTarget ? 'met' : 'missed'} (load average before: ${r.loadAverageBefore})`,
    );
  }
}

if (isMain(import.meta.url)) print(await run());
