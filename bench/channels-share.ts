// The phone messages' share of a booking (docs/benchmarks.md, docs/messaging.md): a booking that also
// picks WhatsApp and SMS queues four more jobs in its batch (two confirmations, two reminders). The goal:
// they add at most 10 % to the booking figure. Absolute rates on this shared machine move 2–3× from run
// to run, so the two kinds of booking answer the same keep-alive load in turns, each on a fresh server
// and database, ROUNDS times; the figures compared are each round's ratios (with over without): server
// CPU per booking while answering, bookings per second, and CPU per booking once every message is sent.
// Every slot has seats to spare, as in the booking bench (api-bookings.ts): with the seed's seats the slots
// filled within the warm-up and nine answers in ten were 409 "full", so the figures divided the server's
// CPU by the few bookings made (15-18 ms a booking, 80-97 bookings/s). A turn with any answer other than
// a booking now fails instead of reading low.
// Run alone: node --import tsx bench/channels-share.ts [--rounds=N] [--amount=BOOKINGS]
import { loadavg } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { anyTimeTests, keepAliveBookings, PLENTY } from './api-bookings.ts';
import { isMain, load } from './lib/load.ts';
import { apiOnlyWebDist, type RunningServer, startServer } from './lib/server.ts';
import { markStart, verdict } from './lib/judge.ts';

const ROUNDS = 3;
/** bookings per measured run */
const AMOUNT = 8_000;
/** the goal: the phone messages add at most this share */
const GOAL = 0.1;
/** the longest a turn waits for its messages to be sent */
const DRAIN_LIMIT_MS = 120_000;

interface Turn {
  channels: 'off' | 'on';
  loadAverage: number;
  bookingsPerSecond: number;
  cpuMsPerBooking: number;
  cpuMsPerBookingAllSent: number;
  jobsPerBooking: number;
  unsentAfterDrain: number;
}

export interface ChannelShareFigures {
  /** the load average at the start (bench/lib/judge.ts); each turn's is in its own */
  loadAverage: number;
  turns: Turn[];
  /** per round, with over without */
  rounds: Array<{ cpu: number; rate: number; cpuAllSent: number }>;
  /** medians of the rounds' ratios */
  cpuRatio: number;
  rateRatio: number;
  cpuAllSentRatio: number;
  meetsGoal: boolean;
}

const unsentJobs = (server: RunningServer): number => {
  const db = new SQLite(path.join(server.dataDir, 'lab.db'), { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // reminders are due the evening before: only what is due now counts
    const row = db.prepare("select count(*) as n from mail_jobs where state in ('queued', 'sending', 'retrying') and run_at <= ?").get(new Date().toISOString()) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
};

/** seats to spare in every slot (the booking bench's PLENTY), so every answer is a booking */
const plentyOfSeats = (server: RunningServer): void => {
  const db = new SQLite(path.join(server.dataDir, 'lab.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update slot_week set centre_seats = ?, home_seats = ?').run(PLENTY, PLENTY);
  } finally {
    db.close();
  }
};

const jobCount = (server: RunningServer): number => {
  const db = new SQLite(path.join(server.dataDir, 'lab.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select count(*) as n from mail_jobs').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

async function turn(channels: 'off' | 'on', amount: number): Promise<Turn> {
  // bench/api-bookings.ts builds its bodies with BENCH_CHANNELS read at that moment
  process.env.BENCH_CHANNELS = channels;
  const server = await startServer({ SEED_TESTS: '5000', RATE_LIMITS: 'off', WEB_DIST: apiOnlyWebDist() });
  try {
    plentyOfSeats(server);
    const options = keepAliveBookings(server, await anyTimeTests(server));
    await load({ ...options, amount: 2_000 });
    const jobsBefore = jobCount(server);
    const loadAverage = Math.round(loadavg()[0]! * 100) / 100;
    const cpuBefore = server.cpuSeconds();
    const figures = await load({ ...options, amount });
    const cpuMsPerBooking = ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, figures.ok2xx);
    if (figures.ok2xx !== amount) throw new Error(`channels ${channels}: ${figures.ok2xx} of ${amount} answers were bookings (${JSON.stringify(figures.byStatus)}, ${figures.errors} errors)`);
    const start = performance.now();
    while (unsentJobs(server) > 0 && performance.now() - start < DRAIN_LIMIT_MS) await new Promise((r) => setTimeout(r, 100));
    const cpuMsPerBookingAllSent = ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, figures.ok2xx);
    return {
      channels,
      loadAverage,
      bookingsPerSecond: Math.round((figures.ok2xx / figures.seconds) * 10) / 10,
      cpuMsPerBooking: Math.round(cpuMsPerBooking * 100) / 100,
      cpuMsPerBookingAllSent: Math.round(cpuMsPerBookingAllSent * 100) / 100,
      jobsPerBooking: Math.round(((jobCount(server) - jobsBefore) / Math.max(1, figures.ok2xx)) * 100) / 100,
      unsentAfterDrain: unsentJobs(server),
    };
  } finally {
    await server.stop();
    delete process.env.BENCH_CHANNELS;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;

export async function run(argv: string[] = process.argv.slice(2)): Promise<ChannelShareFigures> {
  const loadAverage = markStart('phone messages per booking');
  const rounds = Number(argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? ROUNDS);
  const amount = Number(argv.find((a) => a.startsWith('--amount='))?.slice('--amount='.length) ?? AMOUNT);
  const turns: Turn[] = [];
  const perRound: ChannelShareFigures['rounds'] = [];
  for (let i = 0; i < rounds; i++) {
    // alternate which goes first, so a drift of the machine within a round favours neither
    const order: Array<'off' | 'on'> = i % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    const got: Partial<Record<'off' | 'on', Turn>> = {};
    for (const c of order) {
      const t = await turn(c, amount);
      turns.push(t);
      got[c] = t;
    }
    perRound.push({
      cpu: ratio(got.on!.cpuMsPerBooking, got.off!.cpuMsPerBooking),
      rate: ratio(got.on!.bookingsPerSecond, got.off!.bookingsPerSecond),
      cpuAllSent: ratio(got.on!.cpuMsPerBookingAllSent, got.off!.cpuMsPerBookingAllSent),
    });
  }
  const cpuRatio = median(perRound.map((r) => r.cpu));
  const rateRatio = median(perRound.map((r) => r.rate));
  return { loadAverage, turns, rounds: perRound, cpuRatio, rateRatio, cpuAllSentRatio: median(perRound.map((r) => r.cpuAllSent)), meetsGoal: cpuRatio <= 1 + GOAL && rateRatio >= 1 / (1 + GOAL) };
}

export function print(f: ChannelShareFigures): void {
  for (const t of f.turns) {
    console.log(
      `channels ${t.channels.padEnd(3)}  load ${String(t.loadAverage).padStart(5)}  ${String(t.bookingsPerSecond).padStart(7)} bookings/s  CPU ${t.cpuMsPerBooking.toFixed(2)} ms/booking answering, ${t.cpuMsPerBookingAllSent.toFixed(2)} ms with every message sent  (${t.jobsPerBooking} jobs/booking, ${t.unsentAfterDrain} unsent)`,
    );
  }
  for (const [i, r] of f.rounds.entries()) console.log(`round ${i + 1}: with/without  CPU ${r.cpu}  rate ${r.rate}  CPU all sent ${r.cpuAllSent}`);
  console.log(`medians: CPU per booking ${f.cpuRatio}×, bookings/s ${f.rateRatio}× (goal: at most +${GOAL * 100} % on the booking figure) ${verdict(f.meetsGoal)}; with every message sent ${f.cpuAllSentRatio}× (for information: three messages instead of one)`);
}

if (isMain(import.meta.url)) print(await run());
