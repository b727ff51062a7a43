// What SQLite's secure_delete costs a booking (decision 050): the keep-alive booking load of
// api-bookings.ts against the server on a fresh SQLite database, with secure_delete on (as shipped)
// and off (bench/lib/secure-delete-off.mjs drops the pragma), in alternating turns within one run so
// both see the same machine. Figures: server CPU per booking (the cost that others' load on a shared
// machine does not hide), bookings/s, p99, and the 1-minute load average before each turn.
// Run alone: node --import tsx bench/secure-delete.ts [rounds]
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { anyTimeTests, keepAliveBookings } from './api-bookings.ts';
import { isMain, load } from './lib/load.ts';
import { apiOnlyWebDist, startServer } from './lib/server.ts';
import { markStart } from './lib/judge.ts';

const OFF = path.join(import.meta.dirname, 'lib/secure-delete-off.mjs');
const BOOKINGS = 6_000;

interface Turn {
  secureDelete: 'on' | 'off';
  loadAverageBefore: number;
  bookings: number;
  bookingsPerSecond: number;
  p99Ms: number;
  serverCpuMsPerBooking: number;
}

async function turn(secureDelete: 'on' | 'off'): Promise<Turn> {
  const before = process.env.BENCH_SERVER_NODE_ARGS;
  process.env.BENCH_SERVER_NODE_ARGS = [before ?? '', secureDelete === 'off' ? `--import ${OFF}` : ''].join(' ').trim();
  const server = await startServer({ SEED_TESTS: '5000', RATE_LIMITS: 'off', WEB_DIST: apiOnlyWebDist(), ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}) }, 'source');
  if (before === undefined) delete process.env.BENCH_SERVER_NODE_ARGS;
  else process.env.BENCH_SERVER_NODE_ARGS = before;
  try {
    const db = new SQLite(path.join(server.dataDir, 'lab.db'));
    db.pragma('busy_timeout = 5000');
    db.prepare('update slot_week set centre_seats = 1000000, home_seats = 1000000').run();
    db.close();
    const options = keepAliveBookings(server, await anyTimeTests(server));
    await load({ ...options, amount: 1_500 });
    const loadAverageBefore = Math.round(loadavg()[0]! * 100) / 100;
    const cpu = server.cpuSeconds();
    const f = await load({ ...options, amount: BOOKINGS });
    return {
      secureDelete,
      loadAverageBefore,
      bookings: f.ok2xx,
      bookingsPerSecond: Math.round((f.ok2xx / f.seconds) * 10) / 10,
      p99Ms: f.latencyMs.p99,
      serverCpuMsPerBooking: Math.round(((server.cpuSeconds() - cpu) * 1000 * 1000) / Math.max(1, f.ok2xx)) / 1000,
    };
  } finally {
    await server.stop();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function secureDeleteCost(rounds = 3) {
  markStart('secure delete');
  const turns: Turn[] = [];
  for (let i = 0; i < rounds; i++) {
    // alternating which goes first, so a drift in the machine's load falls on both
    for (const mode of i % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      const t = await turn(mode);
      turns.push(t);
      console.log(JSON.stringify(t));
    }
  }
  const of = (mode: 'on' | 'off') => turns.filter((t) => t.secureDelete === mode);
  const summary = {
    rounds,
    cpuMsPerBooking: { on: median(of('on').map((t) => t.serverCpuMsPerBooking)), off: median(of('off').map((t) => t.serverCpuMsPerBooking)) },
    bookingsPerSecond: { on: median(of('on').map((t) => t.bookingsPerSecond)), off: median(of('off').map((t) => t.bookingsPerSecond)) },
    loadAverage: { min: Math.min(...turns.map((t) => t.loadAverageBefore)), max: Math.max(...turns.map((t) => t.loadAverageBefore)) },
    turns,
  };
  return summary;
}

if (isMain(import.meta.url)) {
  const summary = await secureDeleteCost(Number(process.argv[2] ?? 3));
  console.log(JSON.stringify({ ...summary, turns: undefined }, null, 2));
  writeFileSync(path.join(import.meta.dirname, 'results/secure-delete.json'), `${JSON.stringify(summary, null, 2)}\n`);
}
