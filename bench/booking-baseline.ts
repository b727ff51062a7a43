// The booking goal (docs/benchmarks.md): the booking path keeps at least 80% of the keep-alive throughput it had before seats,
// invoices and mail jobs joined it. That figure (EARLIER in api-bookings.ts, 2,341/s) was read on this
// kind of machine on 23 Nov 2026, and the machine's speed moves by a fifth from hour to hour (the same
// build: 1,414-2,164 bookings/s in one session). So this benchmark measures the share itself: the code
// of that day (BASELINE_COMMIT, taken out with `git archive`, its packages installed with `npm ci` once
// and kept in the system's temporary folder) and today's build answer the same load in turns, on fresh
// databases, ROUNDS times; each round's share is today's bookings/s over that day's. Each runs as it
// shipped: that day's server from its TypeScript through tsx, today's built (`npm start`).
// Run alone: node --import tsx bench/booking-baseline.ts [--rounds=N]
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { anyTimeTests, EARLIER, keepAliveBookings, KEEP_SHARE } from './api-bookings.ts';
import { isMain, load } from './lib/load.ts';
import { apiOnlyWebDist, type RunningServer, startServer } from './lib/server.ts';

/** main when EARLIER's figures were recorded ("Benchmark figures of this session's main, on the quiet machine") */
export const BASELINE_COMMIT = '12141bc149cf93423d3866d0f7eba855c5d94ef3';
const ROUNDS = 5;
/** bookings per measured run: six to eight seconds at these rates; more rounds of shorter runs follow the machine's drift more closely */
const AMOUNT = 12_000;

const root = path.resolve(import.meta.dirname, '..');

export interface BaselineRound {
  baseline: number;
  today: number;
  share: number;
}

export interface BaselineFigures {
  commit: string;
  rounds: BaselineRound[];
  /** the median of the rounds' shares */
  share: number;
  meetsGoal: boolean;
}

/** that day's tree with its packages installed, made once */
function baselineTree(): string {
  const dir = path.join(tmpdir(), `lab-booking-baseline-${BASELINE_COMMIT.slice(0, 12)}`);
  if (existsSync(path.join(dir, '.ready'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`taking out ${BASELINE_COMMIT.slice(0, 7)} into ${dir} and installing its packages (once)…`);
  execSync(`git archive ${BASELINE_COMMIT} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('touch', [path.join(dir, '.ready')]);
  return dir;
}

type Start = () => Promise<RunningServer>;

/** keep-alive bookings per second of one fresh server, after a warm-up */
async function measure(start: Start, today: boolean): Promise<number> {
  const server = await start();
  try {
    // Today's slots get seats to spare (as api-bookings.ts does); that day had no slots.
    if (today) {
      const db = new SQLite(path.join(server.dataDir, 'lab.db'));
      db.pragma('busy_timeout = 5000');
      db.prepare('update slot_week set centre_seats = 1000000, home_seats = 1000000').run();
      db.close();
    }
    const options = keepAliveBookings(server, await anyTimeTests(server));
    await load({ ...options, amount: options.connections * 150 });
    const f = await load({ ...options, amount: AMOUNT });
    if (f.non2xx || f.errors) throw new Error(`${today ? 'today' : 'baseline'}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
    return Math.round((f.ok2xx / f.seconds) * 10) / 10;
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export async function run(argv: string[] = process.argv.slice(2)): Promise<BaselineFigures> {
  const rounds = Number(argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? ROUNDS);
  const dir = baselineTree();
  const then = (await import(path.join(dir, 'bench/lib/server.ts'))) as { startServer(env: Record<string, string>): Promise<RunningServer>; apiOnlyWebDist(): string };
  const env = { SEED_TESTS: '5000', RATE_LIMITS: 'off' };
  const figures: BaselineRound[] = [];
  for (let i = 0; i < rounds; i++) {
    const baseline = await measure(() => then.startServer({ ...env, WEB_DIST: then.apiOnlyWebDist() }), false);
    const today = await measure(() => startServer({ ...env, WEB_DIST: apiOnlyWebDist() }), true);
    figures.push({ baseline, today, share: Math.round((today / baseline) * 100) / 100 });
  }
  const shares = figures.map((r) => r.share).sort((a, b) => a - b);
  const share = shares[Math.floor(shares.length / 2)]!;
  return { commit: BASELINE_COMMIT, rounds: figures, share, meetsGoal: share >= KEEP_SHARE };
}

export function print(f: BaselineFigures): void {
  for (const [i, r] of f.rounds.entries()) console.log(`round ${i + 1}: ${f.commit.slice(0, 7)} ${r.baseline} bookings/s, today ${r.today} bookings/s: ${r.share}×`);
  console.log(
    `sqlite, keep-alive bookings today as a share of ${f.commit.slice(0, 7)}'s on this machine now (median of ${f.rounds.length} rounds): ${f.share}× ` +
      `(goal ≥ ${KEEP_SHARE}×; ${f.commit.slice(0, 7)} read ${EARLIER.sqlite}/s on 23 Nov): ${f.meetsGoal ? 'met' : 'missed'}`,
  );
}

if (isMain(import.meta.url)) print(await run());
