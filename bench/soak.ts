// Soak: mixed traffic for 30 minutes at half the measured peak, against the built server on SQLite:
// people browsing (pages, the catalogue, the home statistics, blogs), guest bookings, and a staff member
// editing test prices (each edit makes the catalogue's cached answer be built again). Every minute it
// notes the server's resident memory and that minute's latency; after a warm-up the memory may grow at
// most 10% and the p99 must stay steady (the last minute within twice the first measured one).
//
//   npm run bench -- soak                 30 minutes (not part of a plain `npm run bench`)
//   npm run bench -- soak --minutes=3     shorter, for a local check
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDate } from '../test-support/dates.ts';
import { isMain, load, type LoadFigures } from './lib/load.ts';
import { startServer } from './lib/server.ts';
import { staffSession } from './lib/staff.ts';
import { markStart, verdict } from './lib/judge.ts';

export const GOAL = { memoryGrowth: 0.1, p99Drift: 2 };
const WINDOW_SECONDS = 60;
const CONNECTIONS = 20;

interface Minute {
  minute: number;
  rssMb: number;
  perSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  staffEdits: number;
}

export interface SoakFigures {
  /** the load average at the start (bench/lib/judge.ts) */
  loadAverage: number;
  minutes: number;
  warmUpMinutes: number;
  peakPerSecond: number;
  ratePerSecond: number;
  windows: Minute[];
  memoryGrowth: number;
  p99Drift: number;
  flat: boolean;
  steady: boolean;
  clean: boolean;
}

const minutesArg = () => Number(process.argv.find((a) => a.startsWith('--minutes='))?.split('=')[1] ?? 30);

function rssMb(pid: number): number {
  const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  return Math.round(Number(kb) / 1024);
}

/** what people do, as one cycle per connection: mostly reading, one booking in eight requests */
function mix(testIds: number[]): { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }[] {
  const date = openDate(3);
  const booking = (i: number) =>
    JSON.stringify({
      date,
      time: `${String(9 + (i % 11)).padStart(2, '0')}:30`,
      user_name: 'Soak Patient',
      user_email: `soak${i}@example.com`,
      user_phone: `97${String(10_000_000 + i).padStart(8, '0')}`,
      tests: [testIds[(i * 7) % testIds.length]!],
    });
  const gz = { 'accept-encoding': 'gzip, br' };
  return [
    { method: 'GET', path: '/', headers: gz },
    { method: 'GET', path: '/api/tests/', headers: gz },
    { method: 'GET', path: '/api/dashboard/', headers: gz },
    { method: 'GET', path: '/Services', headers: gz },
    { method: 'GET', path: '/api/blogs/', headers: gz },
    { method: 'GET', path: '/api/packages/', headers: gz },
    { method: 'GET', path: '/Appointment', headers: gz },
    { method: 'POST', path: '/api/appointments/', body: booking(Math.floor(Math.random() * 1e6)), headers: { 'content-type': 'application/json' } },
  ];
}

export async function run(): Promise<SoakFigures> {
  const loadAverage = markStart('soak');
  const minutes = minutesArg();
  const warmUpMinutes = Math.max(1, Math.round(minutes / 10));
  const server = await startServer({ RATE_LIMITS: 'off' });
  const databaseUrl = `file:${path.join(server.dataDir, 'lab.db')}`;
  try {
    const staff = await staffSession(server, databaseUrl);
    // Seats to spare in every slot: the soak measures the server, not full slots (bench api-bookings does).
    const db = new SQLite(path.join(server.dataDir, 'lab.db'));
    db.prepare('UPDATE slot_week SET centre_seats = 1000000, home_seats = 1000000').run();
    db.close();
    // Tests any time of day suits (fasting tests are booked before 11:00 only).
    const tests = ((await (await fetch(`${server.url}/api/tests/`)).json()) as { id: number; price: number; preparation?: { latest_time: string | null } }[]).filter(
      (t) => !t.preparation?.latest_time,
    );
    const requests = mix(tests.map((t) => t.id));
    const run = (o: { seconds: number; overallRate?: number }): Promise<LoadFigures> =>
      load({ url: server.url, requests, connections: CONNECTIONS, seconds: o.seconds, overallRate: o.overallRate });

    const peak = await run({ seconds: 10 });
    const ratePerSecond = Math.round(peak.perSecond / 2);

    // A staff member edits a test's price every two seconds, renewing the session as it runs out.
    let editing = true;
    let staffEdits = 0;
    const editor = (async () => {
      let lastRefresh = Date.now();
      for (let i = 0; editing; i++) {
        if (Date.now() - lastRefresh > 10 * 60_000) {
          await staff.refresh();
          lastRefresh = Date.now();
        }
        const t = tests[i % 20]!;
        const res = await fetch(`${server.url}/api/staff/tests/${t.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.access}` },
          body: JSON.stringify({ price: t.price + (i % 2) }),
        });
        if (res.ok) staffEdits++;
        await new Promise((r) => setTimeout(r, 2000));
      }
    })();

    const windows: Minute[] = [];
    try {
      for (let m = 1; m <= minutes; m++) {
        const editsBefore = staffEdits;
        const f = await run({ seconds: WINDOW_SECONDS, overallRate: ratePerSecond });
        windows.push({ minute: m, rssMb: rssMb(server.pid), perSecond: f.perSecond, p99Ms: f.latencyMs.p99, errors: f.errors + f.timeouts, non2xx: f.non2xx, staffEdits: staffEdits - editsBefore });
        console.log(`  minute ${m}: ${f.perSecond} req/s, p99 ${f.latencyMs.p99} ms, RSS ${windows.at(-1)!.rssMb} MB, ${staffEdits - editsBefore} staff edits`);
      }
    } finally {
      editing = false;
      await editor;
    }

    // A run too short for a warm-up measures from its first minute.
    const measured = windows.length > warmUpMinutes ? windows.slice(warmUpMinutes) : windows;
    const base = measured[0]!;
    const memoryGrowth = Math.max(...measured.map((w) => w.rssMb)) / base.rssMb - 1;
    const p99Drift = windows.at(-1)!.p99Ms / Math.max(1, base.p99Ms);
    return {
      loadAverage,
      minutes,
      warmUpMinutes,
      peakPerSecond: peak.perSecond,
      ratePerSecond,
      windows,
      memoryGrowth: Math.round(memoryGrowth * 1000) / 1000,
      p99Drift: Math.round(p99Drift * 100) / 100,
      flat: memoryGrowth <= GOAL.memoryGrowth,
      steady: p99Drift <= GOAL.p99Drift,
      clean: windows.every((w) => w.errors === 0 && w.non2xx === 0),
    };
  } finally {
    await server.stop();
  }
}

export function print(f: SoakFigures): void {
  console.log(
    `soak ${f.minutes} min at ${f.ratePerSecond} req/s (half the measured peak of ${f.peakPerSecond} req/s), warm-up ${f.warmUpMinutes} min: ` +
      `memory growth after warm-up ${(f.memoryGrowth * 100).toFixed(1)}% (goal ≤ ${GOAL.memoryGrowth * 100}%: ${verdict(f.flat)}), ` +
      `p99 last/first ${f.p99Drift}× (goal ≤ ${GOAL.p99Drift}×: ${verdict(f.steady)}), ${f.clean ? 'no errors, every answer 2xx/3xx' : 'ERRORS or non-2xx answers'}`,
  );
}

if (isMain(import.meta.url)) print(await run());
