// The booking goal (docs/benchmarks.md): the booking path keeps at least 80% of the keep-alive throughput it had before seats,
// invoices and mail jobs joined it. That figure (EARLIER in api-bookings.ts, 2,341/s) was read on this
// kind of machine on 23 Nov 2026, and the machine's speed moves by a fifth from hour to hour (the same
// build: 1,414-2,164 bookings/s in one session). So this benchmark measures the share itself: the code
// of that day (BASELINE_COMMIT, taken out with `git archive`, its packages installed with `npm ci` once
// and kept in the system's temporary folder) and today's build answer the same load in turns, on fresh
// databases, ROUNDS times; each round's share is today's bookings/s over that day's. Each runs as it
// shipped: that day's server from its TypeScript through tsx, today's built (`npm start`).
// Beside the rates, each run's server CPU per booking (while answering, and until its confirmations are
// sent where the code has mail jobs) and today's over the baseline's: the steadier figure on a loaded
// machine (bench/lib/judge.ts). `--baseline-dir=DIR` compares with another tree of this code instead
// (e.g. the tree before a change, copied with its bench/, its node_modules linked): both then run from
// their TypeScript through tsx, so the before and after of a change are measured in turns in one run.
// Run alone: node --import tsx bench/booking-baseline.ts [--rounds=N] [--amount=BOOKINGS] [--baseline-dir=DIR]
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { anyTimeTests, EARLIER, keepAliveBookings, KEEP_SHARE } from './api-bookings.ts';
import { cpuMsPer, loadAverageNow, markStart, ratioTo, verdict } from './lib/judge.ts';
import { isMain, load } from './lib/load.ts';
import { apiOnlyWebDist, mainThreadCpuSeconds, type RunningServer, type ServerEntry, startServer } from './lib/server.ts';

/** main when EARLIER's figures were recorded ("Benchmark figures of this session's main, on the quiet machine") */
export const BASELINE_COMMIT = '12141bc149cf93423d3866d0f7eba855c5d94ef3';
const ROUNDS = 5;
/** bookings per measured run: six to eight seconds at these rates; more rounds of shorter runs follow the machine's drift more closely */
const AMOUNT = 12_000;

const root = path.resolve(import.meta.dirname, '..');

/** one server's turn: bookings per second and its CPU per booking */
export interface BaselineRun {
  perSecond: number;
  /** server CPU per booking while answering (ms), every thread */
  cpuMs: number;
  /** of it, the main thread's (the event loop answering requests; not the mail thread or the disk syncs) */
  mainThreadCpuMs: number;
  /** the same until every confirmation of the run was sent (null: that code has no mail jobs) */
  cpuMsWithMail: number | null;
}

export interface BaselineRound {
  baseline: BaselineRun;
  today: BaselineRun;
  /** today's bookings/s over the baseline's */
  share: number;
  /** today's CPU per booking over the baseline's, answering and with the mail sent */
  cpuShare: number | null;
  cpuShareWithMail: number | null;
}

export interface BaselineFigures {
  /** the baseline: the commit of 23 Nov, or the tree given with --baseline-dir */
  commit: string;
  loadAverage: number;
  rounds: BaselineRound[];
  /** the median of the rounds' shares */
  share: number;
  /** the medians of the rounds' CPU shares */
  cpuShare: number | null;
  cpuShareWithMail: number | null;
  meetsGoal: boolean;
}

const median = (values: number[]): number | null => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null;
};

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

/** keep-alive bookings per second of one fresh server, after a warm-up, and its CPU per booking */
async function measure(start: Start, today: boolean, amount = AMOUNT): Promise<BaselineRun> {
  const server = await start();
  const db = new SQLite(path.join(server.dataDir, 'lab.db'));
  db.pragma('busy_timeout = 5000');
  try {
    // Today's slots get seats to spare (as api-bookings.ts does); that day had no slots.
    const has = (table: string) => Boolean(db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table));
    if (has('slot_week')) db.prepare('update slot_week set centre_seats = 1000000, home_seats = 1000000').run();
    const hasMailJobs = has('mail_jobs');
    const unsent = () => (db.prepare("select count(*) as n from mail_jobs where kind = 'booking-confirmation' and state <> 'sent'").get() as { n: number }).n;
    const drain = async () => {
      const until = performance.now() + 60_000;
      while (unsent() > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 100));
    };
    const options = keepAliveBookings(server, await anyTimeTests(server));
    await load({ ...options, amount: options.connections * 150 });
    // the warm-up's confirmations are sent before the measured run, which then pays for its own only
    if (hasMailJobs) await drain();
    const cpu = server.cpuSeconds();
    const main = mainThreadCpuSeconds(server.pid);
    const f = await load({ ...options, amount });
    const cpuMs = cpuMsPer(server.cpuSeconds() - cpu, f.ok2xx);
    const mainThreadCpuMs = cpuMsPer(mainThreadCpuSeconds(server.pid) - main, f.ok2xx);
    if (f.non2xx || f.errors) throw new Error(`${today ? 'today' : 'baseline'}: ${f.non2xx} non-2xx answers, ${f.errors} errors`);
    let cpuMsWithMail: number | null = null;
    if (hasMailJobs) {
      await drain();
      cpuMsWithMail = cpuMsPer(server.cpuSeconds() - cpu, f.ok2xx);
    }
    return { perSecond: Math.round((f.ok2xx / f.seconds) * 10) / 10, cpuMs, mainThreadCpuMs, cpuMsWithMail };
  } finally {
    db.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export async function run(argv: string[] = process.argv.slice(2)): Promise<BaselineFigures> {
  const loadAverage = markStart('booking baseline');
  const rounds = Number(argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? ROUNDS);
  const amount = Number(argv.find((a) => a.startsWith('--amount='))?.slice('--amount='.length) ?? AMOUNT);
  const givenDir = argv.find((a) => a.startsWith('--baseline-dir='))?.slice('--baseline-dir='.length);
  const dir = givenDir ? path.resolve(givenDir) : baselineTree();
  const then = (await import(path.join(dir, 'bench/lib/server.ts'))) as { startServer(env: Record<string, string>, entry?: ServerEntry): Promise<RunningServer>; apiOnlyWebDist(): string };
  const env = { SEED_TESTS: '5000', RATE_LIMITS: 'off' };
  // A tree given runs from its source, and today's then too: the same way for both.
  const entry: ServerEntry | undefined = givenDir ? 'source' : undefined;
  const figures: BaselineRound[] = [];
  for (let i = 0; i < rounds; i++) {
    const baseline = await measure(() => then.startServer({ ...env, WEB_DIST: then.apiOnlyWebDist() }, entry), false, amount);
    const today = await measure(() => startServer({ ...env, WEB_DIST: apiOnlyWebDist() }, entry), true, amount);
    figures.push({
      baseline,
      today,
      share: Math.round((today.perSecond / baseline.perSecond) * 100) / 100,
      cpuShare: ratioTo(today.cpuMs, baseline.cpuMs),
      cpuShareWithMail: today.cpuMsWithMail !== null && baseline.cpuMsWithMail !== null ? ratioTo(today.cpuMsWithMail, baseline.cpuMsWithMail) : null,
    });
    // each round as it ends: a long run on a loaded machine still leaves its figures
    console.log(`round ${i + 1} (load average ${loadAverageNow()} now): ${JSON.stringify(figures.at(-1))}`);
  }
  const share = median(figures.map((r) => r.share))!;
  const shares = (pick: (r: BaselineRound) => number | null) => median(figures.map(pick).filter((v): v is number => v !== null));
  return {
    commit: givenDir ? dir : BASELINE_COMMIT,
    loadAverage,
    rounds: figures,
    share,
    cpuShare: shares((r) => r.cpuShare),
    cpuShareWithMail: shares((r) => r.cpuShareWithMail),
    meetsGoal: share >= KEEP_SHARE,
  };
}

export function print(f: BaselineFigures): void {
  const name = f.commit.includes('/') ? f.commit : f.commit.slice(0, 7);
  const cpu = (r: BaselineRun) => `CPU ${r.cpuMs} ms/booking (main thread ${r.mainThreadCpuMs})${r.cpuMsWithMail !== null ? `, ${r.cpuMsWithMail} with its confirmation sent` : ''}`;
  for (const [i, r] of f.rounds.entries()) {
    console.log(
      `round ${i + 1}: ${name} ${r.baseline.perSecond} bookings/s (${cpu(r.baseline)}), today ${r.today.perSecond} bookings/s (${cpu(r.today)}): ${r.share}× the rate, ` +
        `${r.cpuShare}× the CPU${r.cpuShareWithMail !== null ? ` (${r.cpuShareWithMail}× with the mail sent)` : ''}`,
    );
  }
  console.log(
    `sqlite, keep-alive bookings today as a share of ${name}'s on this machine now (median of ${f.rounds.length} rounds, load average ${f.loadAverage} at the start): ${f.share}×, ` +
      `CPU per booking ${f.cpuShare}×${f.cpuShareWithMail !== null ? ` (${f.cpuShareWithMail}× with the mail sent)` : ''} ` +
      `(goal ≥ ${KEEP_SHARE}× the rate; ${BASELINE_COMMIT.slice(0, 7)} read ${EARLIER.sqlite}/s on 23 Nov): ${verdict(f.meetsGoal, f.loadAverage)}`,
  );
}

if (isMain(import.meta.url)) print(await run());
