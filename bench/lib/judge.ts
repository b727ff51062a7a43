// What every benchmark prints beside its rates, so its figures can be read on a shared, loaded machine
// (docs/benchmarks.md, "Reading the figures"): the load average at its start, the CPU time per unit of
// work (a booking, a catalogue answer, a page, a PDF), which others' work moves far less than a rate,
// and ratios to a reference measured in the same run. A goal is judged only when the machine was
// quiet at the start: above LOAD_LIMIT the verdict says "not judged: load X", never "met".
import { loadavg } from 'node:os';

/** the 1-minute load average above which no goal is judged (two cores: under one runnable task each beside the bench) */
export const LOAD_LIMIT = 1.5;

let start: number | null = null;

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** the machine's 1-minute load average now */
export const loadAverageNow = (): number => round(loadavg()[0]!);

/** the load average `npm run bench` waits for before each benchmark: one earlier benchmark's load, decaying, must not judge the next */
export const SETTLED_LOAD = 1;
/** and the longest it waits for it: a machine busy with others' work is said so by the verdicts instead */
export const SETTLE_MAX_S = 300;

/** waits (at most SETTLE_MAX_S) for the load average to fall under SETTLED_LOAD; the seconds waited */
export async function settle(): Promise<number> {
  const started = performance.now();
  while (loadAverageNow() >= SETTLED_LOAD && performance.now() - started < SETTLE_MAX_S * 1000) await new Promise((r) => setTimeout(r, 5_000));
  return Math.round((performance.now() - started) / 1000);
}

/** marks the start of a benchmark: prints and keeps the load average that judges its goals */
export function markStart(name: string): number {
  start = loadAverageNow();
  console.log(`${name}: load average ${start} at the start${start > LOAD_LIMIT ? ` (over ${LOAD_LIMIT}: goals not judged, figures for reading only)` : ''}`);
  return start;
}

/** the load average at the start of the benchmark under way (marked now when none was) */
export const startLoad = (): number => start ?? markStart('benchmark');

/** a goal's verdict: "met" or "missed" on a quiet machine, "not judged: load X" when the start's load average was over LOAD_LIMIT */
export function verdict(met: boolean, loadAtStart: number = startLoad()): string {
  if (loadAtStart > LOAD_LIMIT) return `not judged: load ${loadAtStart}`;
  return met ? 'met' : 'missed';
}

/** milliseconds of CPU per unit of work, from CPU seconds used over that work */
export const cpuMsPer = (cpuSeconds: number, units: number): number => round((cpuSeconds * 1000) / Math.max(1, units), 3);

/** a figure over its reference of the same run (null when the reference is missing or zero) */
export const ratioTo = (value: number, reference: number | null | undefined): number | null => (reference ? round(value / reference) : null);

/** CPU seconds (user + system) this process has used so far: for benchmarks that run the work in process */
export const ownCpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
