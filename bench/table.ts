// The README's table of benchmark figures (README.md, "Figures"; the detail is docs/benchmarks.md): one
// row per goal the benchmarks print beside their figures, read from bench/results/latest.json, with the
// load average at the benchmark's start and the verdict by bench/lib/judge.ts's rule (above LOAD_LIMIT:
// "not judged: load X", never "met"; figures that carry no start load: "not judged: load unknown").
// `npm run bench` renders it after every run (bench/run.ts); alone:
//   node --import tsx bench/table.ts            renders it into README.md
//   node --import tsx bench/table.ts --check    exits 1 when README.md's table is not what latest.json gives
// The goals' figures are the benches' own constants, read from their sources (`declared` below): the API
// test that checks the table imports this file, which so stays free of the benches' imports.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchName } from './lib/benches.ts';
import { verdict } from './lib/judge.ts';

export const START_MARKER = '<!-- bench-table:start -->';
export const END_MARKER = '<!-- bench-table:end -->';

const root = path.resolve(import.meta.dirname, '..');
export const latestPath = path.join(root, 'bench/results/latest.json');
export const readmePath = path.join(root, 'README.md');

/** bench/results/latest.json: the benches' figures by name, the run's time, and each bench's (measuredAt) */
export type Latest = Record<string, unknown> & { at?: string; measuredAt?: Record<string, string> };

/** a benchmark's figures as latest.json keeps them: read loosely, since older runs kept other shapes */
type Figures = any;

interface Reading {
  figure: string;
  met: boolean;
  /** the start load average that judges this figure, when it is not the figures' own `loadAverage` */
  load?: number | null;
}

export interface Goal {
  /** the benchmark, by its file in bench/lib/benches.ts */
  bench: string;
  what: string;
  goal: string;
  /** this goal's figure and whether it is met; null (or a throw on a missing field) when the figures hold none */
  read(f: Figures): Reading | null;
}

/**
 * A goal's figure as its bench declares it (`const NAME = 0.5;` or `const NAME = { a: 1, b: 2 };`), read
 * from the bench's source: the table and the bench judge by one number without this file importing the
 * bench (its servers, browsers and load generators). A constant renamed or reshaped fails here, loudly.
 */
function declared(file: string, name: string): string {
  const m = readFileSync(path.join(root, file), 'utf8').match(new RegExp(`^(?:export )?const ${name} = ([^;\\n]+);`, 'm'));
  if (!m) throw new Error(`${file} declares no \`const ${name} = …;\` (bench/table.ts reads its goals there)`);
  return m[1]!.trim();
}
function numberIn(text: string, where: string): number {
  const value = Number(text.replace(/_/g, ''));
  if (!text.trim() || !Number.isFinite(value)) throw new Error(`${where}: ${text} is not a number`);
  return value;
}
const constant = (file: string, name: string): number => numberIn(declared(file, name), `${file} ${name}`);
function constants<K extends string>(file: string, name: string, keys: readonly K[]): Record<K, number> {
  const text = declared(file, name);
  const pairs = new Map(
    text
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter((p) => p.trim())
      .map((p) => p.split(':').map((x) => x.trim()) as [string, string]),
  );
  return Object.fromEntries(keys.map((k) => [k, numberIn(pairs.get(k) ?? '', `${file} ${name}.${k}`)])) as Record<K, number>;
}

const FIRST_LOAD_KB = constant('apps/web/scripts/first-load-js.ts', 'FIRST_LOAD_TARGET_KB');
const SCORE = constant('bench/web-pages.ts', 'SCORE_GOAL');
const FIRST_PAINT_MS = constant('bench/web-pages.ts', 'FIRST_PAINT_GOAL_MS');
const BLOCKING_MS = constant('bench/web-pages.ts', 'BLOCKING_GOAL_MS');
const CATALOGUE_KB = constant('bench/api-tests.ts', 'BUDGET_KB');
const NGINX_SHARE = constant('bench/api-tests.ts', 'GOAL_RATIO');
const EARLIER = constants('bench/api-bookings.ts', 'EARLIER', ['sqlite', 'postgres']);
const KEEP_SHARE = constant('bench/api-bookings.ts', 'KEEP_SHARE');
const TARGET = constants('bench/api-bookings.ts', 'TARGET', ['perSecond', 'p99Ms']);
const CPU_GOAL_MS = constants('bench/api-bookings.ts', 'CPU_GOAL_MS', ['answering', 'withMail']);
/** the database the CPU goals are judged on (the other's figure stands beside it) */
const CPU_GOAL_DATABASE = declared('bench/api-bookings.ts', 'CPU_GOAL_DATABASE').replace(/^'|'$/g, '');
const MAIL_LAG_S = constant('bench/api-bookings.ts', 'MAIL_LAG_GOAL_MS') / 1000;
const PG_SHARE = constant('bench/api-bookings.ts', 'PG_SHARE_GOAL');
const PHONE_SHARE = constant('bench/channels-share.ts', 'GOAL');
/** bench/web-search.ts's target, which it prints but declares in no constant (docs/benchmarks.md) */
const KEYSTROKE_MS = 50;
const TAPS = constant('bench/journey.ts', 'TARGET_TAPS');
const PDF_P95_MS = constant('bench/pdf-reports.ts', 'BUDGET_P95_MS');
const DOWNLOAD_P99_MS = constant('bench/pdf-downloads.ts', 'BUDGET_P99_MS');
const FHIR_P95_MS = constant('bench/fhir-bundles.ts', 'BUDGET_P95_MS');
const RETENTION_STALL_MS = constant('bench/retention.ts', 'BUDGET_STALL_MS');
const ANALYSER_STALL_MS = constant('bench/analyser-messages.ts', 'STALL_LIMIT_MS');
const QUEUE_P95_MS = constant('bench/samples-queue.ts', 'GOAL_P95_MS');
const TAT_P95_MS = constant('bench/tat-screen.ts', 'GOAL_P95_MS');
const SOAK = constants('bench/soak.ts', 'GOAL', ['memoryGrowth', 'p99Drift']);
const SCALE = constants('bench/scale.ts', 'GOALS', ['dashboardP99Ms', 'healthP99Ms', 'searchP95Ms', 'eventLoopMaxMs']);

/** a number the figures must hold: a missing one means the figures are of a run that did not measure it */
function num(x: unknown): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error('not measured');
  return x;
}
const n = (x: unknown) => num(x).toLocaleString('en-US', { maximumFractionDigits: 3 });
const maxOf = (xs: Array<number | null>): number | null => (xs.some((x) => x === null) ? null : Math.max(...(xs as number[])));
const DB: Record<string, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** the booking bench's runs: SQLite, and PostgreSQL unless it was skipped */
const bookingRuns = (f: Figures): Figures[] => [f.sqlite, f.postgres].filter((r) => r && !('skipped' in r));
/** the catalogue bench's catalogues measured, each with its name */
const catalogues = (f: Figures): Array<[string, Figures]> =>
  (
    [
      ['SQLite', f.demo],
      ['PostgreSQL, 2 workers', f.demoPostgresTwoProcesses],
      ['SQLite', f.large],
    ] as Array<[string, Figures]>
  )
    .filter(([, c]) => c && !('skipped' in c))
    .map(([where, c]) => [`${n(c.tests)} tests, ${where}`, c]);
/** the queue benches' databases measured */
const databases = (f: Figures): Figures[] => [f.sqlite, f.postgres].filter((r) => r && !('skipped' in r));

const nginxShare = (kind: 'br' | 'gzip') => (f: Figures): Reading => {
  const parts = catalogues(f).map(([name, c]) => ({ name, ratio: c[kind].ratio as number | null, load: num(c.loadAverage) }));
  return {
    figure: parts.map((p) => `${p.ratio === null ? 'no nginx' : `${n(p.ratio)}×`} (${p.name})`).join(', '),
    met: parts.length > 0 && parts.every((p) => p.ratio !== null && p.ratio >= NGINX_SHARE),
    load: maxOf(parts.map((p) => p.load)),
  };
};

const perDatabase = (f: Figures, pick: (r: Figures) => number, unit: string, met: (v: number, r: Figures) => boolean): Reading => {
  const runs = bookingRuns(f);
  return { figure: runs.map((r) => `${DB[r.database]} ${n(pick(r))}${unit}`).join(', '), met: runs.length > 0 && runs.every((r) => met(pick(r), r)) };
};

const keep = (database: 'sqlite' | 'postgres') => Math.round(EARLIER[database] * KEEP_SHARE);

export const goals: Goal[] = [
  {
    bench: './web-pages.ts',
    what: 'Public pages: Lighthouse (mobile), every route in both languages',
    goal: `every score ${SCORE}`,
    read: (f) => {
      const rows = f.lighthouse as Array<Record<string, number | string>>;
      const lowest = Math.min(...rows.flatMap((r) => [r.performance, r.accessibility, r.bestPractices, r.seo].map(num)));
      const short = rows.filter((r) => [r.performance, r.accessibility, r.bestPractices, r.seo].some((s) => s !== SCORE)).map((r) => r.route);
      const named = short.length > 3 ? `${short.slice(0, 3).join(', ')} and ${short.length - 3} more` : short.join(', ');
      return { figure: `lowest ${lowest} over ${rows.length} pages${short.length ? ` (short of ${SCORE}: ${named})` : ''}`, met: rows.length > 0 && lowest === SCORE };
    },
  },
  {
    bench: './web-pages.ts',
    what: 'Public pages: first contentful paint (Lighthouse, mobile)',
    goal: `≤ ${n(FIRST_PAINT_MS)} ms`,
    read: (f) => {
      const slowest = Math.max(...(f.lighthouse as Array<{ fcpMs: number }>).map((r) => num(r.fcpMs)));
      return { figure: `slowest ${n(slowest)} ms`, met: slowest <= FIRST_PAINT_MS };
    },
  },
  {
    bench: './web-pages.ts',
    what: 'Public pages: layout shift',
    goal: '0',
    read: (f) => {
      const largest = Math.max(...(f.lighthouse as Array<{ cls: number }>).map((r) => num(r.cls)));
      return { figure: `largest ${n(largest)}`, met: largest === 0 };
    },
  },
  {
    bench: './web-pages.ts',
    what: 'Public pages: total blocking time (Lighthouse, mobile) at a load average of 2 the bench holds',
    goal: `≤ ${n(BLOCKING_MS)} ms`,
    read: (f) => {
      const longest = Math.max(...(f.lighthouse as Array<{ tbtMs: number }>).map((r) => num(r.tbtMs)));
      // judged only when measured under the load the goal names (BENCH_HOLD_LOAD=2)
      return num(f.heldLoad) >= 2 ? { figure: `longest ${n(longest)} ms`, met: longest <= BLOCKING_MS } : null;
    },
  },
  {
    bench: './web-pages.ts',
    what: 'Public pages: first-load JavaScript (gzip)',
    goal: `≤ ${FIRST_LOAD_KB} KB`,
    read: (f) => {
      const rows = f.firstLoadJs as Array<{ route: string; kb: number }>;
      const largest = rows.reduce((a, b) => (num(b.kb) > num(a.kb) ? b : a));
      return { figure: `largest ${n(largest.kb)} KB (${largest.route})`, met: largest.kb <= FIRST_LOAD_KB };
    },
  },
  {
    bench: './api-tests.ts',
    what: 'Catalogue `GET /api/tests/`, 5,000 tests: compressed size',
    goal: `≤ ${CATALOGUE_KB} KB`,
    read: (f) => {
      const b = f.large.bytes;
      return { figure: `${n(Math.round(num(b.br) / 102.4) / 10)} KB br, ${n(Math.round(num(b.gzip) / 102.4) / 10)} KB gzip`, met: f.large.withinBudget === true, load: num(f.large.loadAverage) };
    },
  },
  { bench: './api-tests.ts', what: 'Catalogue: full answers to brotli clients, against nginx serving the same bytes', goal: `≥ ${NGINX_SHARE}× nginx`, read: nginxShare('br') },
  { bench: './api-tests.ts', what: 'Catalogue: full answers to gzip-only clients, against nginx', goal: `≥ ${NGINX_SHARE}× nginx`, read: nginxShare('gzip') },
  {
    bench: './api-bookings.ts',
    what: 'Bookings, keep-alive (16 connections): rate kept since 23 Nov',
    goal: `≥ ${KEEP_SHARE * 100} % of that day's: SQLite ${n(keep('sqlite'))}/s, PostgreSQL ${n(keep('postgres'))}/s`,
    read: (f) => perDatabase(f, (r) => r.bookingsPerSecond, '/s', (v, r) => v >= keep(r.database)),
  },
  {
    bench: './api-bookings.ts',
    what: 'Bookings, keep-alive: rate and p99',
    goal: `${TARGET.perSecond}/s with p99 < ${TARGET.p99Ms} ms`,
    read: (f) => {
      const runs = bookingRuns(f);
      return {
        figure: runs.map((r) => `${DB[r.database]} ${n(r.bookingsPerSecond)}/s, p99 ${n(r.load.latencyMs.p99)} ms`).join('; '),
        met: runs.length > 0 && runs.every((r) => r.meetsTarget === true),
      };
    },
  },
  {
    bench: './api-bookings.ts',
    what: "Bookings: the server's CPU per booking while answering",
    goal: `≤ ${CPU_GOAL_MS.answering} ms (judged on ${DB[CPU_GOAL_DATABASE]})`,
    read: (f) => perDatabase(f, (r) => num(r.serverCpuMsPerBooking), ' ms', (v, r) => r.database !== CPU_GOAL_DATABASE || v <= CPU_GOAL_MS.answering),
  },
  {
    bench: './api-bookings.ts',
    what: "Bookings: the server's CPU per booking with its confirmation sent",
    goal: `≤ ${CPU_GOAL_MS.withMail} ms (judged on ${DB[CPU_GOAL_DATABASE]})`,
    read: (f) => perDatabase(f, (r) => num(r.serverCpuMsPerBookingWithMail), ' ms', (v, r) => r.database !== CPU_GOAL_DATABASE || v <= CPU_GOAL_MS.withMail),
  },
  {
    bench: './api-bookings.ts',
    what: `Bookings: confirmations unsent ${MAIL_LAG_S} s after the last answer`,
    goal: 'none',
    read: (f) => perDatabase(f, (r) => num(r.mailsUnsentAfterLag), '', (v) => v === 0),
  },
  {
    bench: './api-bookings.ts',
    what: "Bookings: one day's slots filling up (answers, bookings and 409 \"full\")",
    goal: `≥ ${KEEP_SHARE * 100} % of 23 Nov's keep-alive rate`,
    read: (f) => perDatabase(f, (r) => num(r.contention.answersPerSecond), '/s', (v, r) => v >= keep(r.database)),
  },
  {
    bench: './api-bookings.ts',
    what: `Bookings, a new connection per request, SQLite, ${TARGET.perSecond}/s offered`,
    goal: `p99 < ${TARGET.p99Ms} ms`,
    read: (f) => {
      const a = f.sqlite.newConnections.atTarget;
      return { figure: `${n(a.bookingsPerSecond)}/s, p99 ${n(a.latencyMs.p99)} ms`, met: a.meetsTarget === true };
    },
  },
  {
    bench: './api-bookings.ts',
    what: 'Bookings, a new connection per request: PostgreSQL over SQLite at the peak',
    goal: `≥ ${PG_SHARE}×`,
    read: (f) => {
      if (!f.postgres || 'skipped' in f.postgres) return null;
      const ratio = Math.round((num(f.postgres.newConnections.peak.bookingsPerSecond) / Math.max(1, num(f.sqlite.newConnections.peak.bookingsPerSecond))) * 100) / 100;
      return { figure: `${n(ratio)}×`, met: ratio >= PG_SHARE };
    },
  },
  {
    bench: './booking-baseline.ts',
    what: 'Bookings today as a share of the code of 23 Nov, in turns on this machine',
    goal: `≥ ${KEEP_SHARE}×`,
    read: (f) => ({ figure: `${n(f.share)}× (median of ${f.rounds.length} rounds)`, met: num(f.share) >= KEEP_SHARE }),
  },
  {
    bench: './channels-share.ts',
    what: 'Phone messages (WhatsApp and SMS) added to a booking',
    goal: `≤ +${PHONE_SHARE * 100} % (CPU per booking, bookings/s)`,
    read: (f) => ({ figure: `CPU ${n(f.cpuRatio)}×, bookings/s ${n(f.rateRatio)}× (median of ${f.rounds.length} rounds)`, met: f.meetsGoal === true }),
  },
  {
    bench: './web-search.ts',
    what: "Booking page's search, 5,000 tests, CPU slowed 4×: keystroke to frame",
    goal: `p95 < ${KEYSTROKE_MS} ms`,
    read: (f) => {
      const slow = (f.runs as Array<{ cpuSlowdown: number; frameP95Ms: number }>).find((r) => r.cpuSlowdown === 4);
      if (!slow) return null;
      return { figure: `p95 ${n(slow.frameP95Ms)} ms`, met: num(slow.frameP95Ms) < KEYSTROKE_MS };
    },
  },
  {
    bench: './journey.ts',
    what: 'The journey on a phone, home page to a booking, with scripts',
    goal: `≤ ${TAPS} taps`,
    read: (f) => ({ figure: `${n(f.scripts.taps)} taps`, met: num(f.scripts.taps) <= TAPS }),
  },
  {
    bench: './journey.ts',
    what: 'The journey on a phone without scripts (`/book`)',
    goal: `≤ ${TAPS} taps`,
    read: (f) => ({ figure: `${n(f.noScripts.taps)} taps`, met: num(f.noScripts.taps) <= TAPS }),
  },
  {
    bench: './journey.ts',
    what: 'Booking page (guest) and dashboard (signed in): Lighthouse (mobile)',
    goal: `every score ${SCORE}`,
    read: (f) => {
      const pages = f.lighthouse as Array<Record<string, number | string>>;
      // the dashboard's SEO without the is-crawlable audit its noindex fails on purpose (journey.ts: seoButNoindex)
      const scores = (p: Record<string, number | string>) => [p.performance, p.accessibility, p.bestPractices, p.seoButNoindex ?? p.seo].map(num);
      const figure = (p: Record<string, number | string>) => `${p.route} ${scores(p).join(' / ')}${p.seoButNoindex === undefined ? '' : ' (SEO but for its noindex)'}`;
      return { figure: pages.map(figure).join(', '), met: pages.length > 0 && pages.every((p) => scores(p).every((s) => s === SCORE)) };
    },
  },
  {
    bench: './pdf-reports.ts',
    what: 'PDF report, 3 pages: drawing time',
    goal: `p95 < ${PDF_P95_MS} ms`,
    read: (f) => ({ figure: `p95 ${n(f.p95Ms)} ms`, met: num(f.p95Ms) < PDF_P95_MS }),
  },
  {
    bench: './pdf-downloads.ts',
    what: "PDF downloads: a patient's, under a flood of 64 requests",
    goal: `p99 < ${DOWNLOAD_P99_MS} ms`,
    read: (f) => ({
      figure: `p99 ${n(f.floodOfOneReport.patient.p99Ms)} ms (a kept report flooded), ${n(f.floodOfNewReports.patient.p99Ms)} ms (reports never drawn)`,
      met: f.floodOfOneReport.withinBudget === true && f.floodOfNewReports.withinBudget === true,
    }),
  },
  {
    bench: './fhir-bundles.ts',
    what: 'FHIR bundle of the 3-page report: CPU',
    goal: `p95 < ${FHIR_P95_MS} ms`,
    read: (f) => ({ figure: `p95 ${n(f.p95Ms)} ms`, met: num(f.p95Ms) < FHIR_P95_MS }),
  },
  {
    bench: './retention.ts',
    what: 'Retention job over 20,000 old guest bookings: longest event-loop stall',
    goal: `< ${RETENTION_STALL_MS} ms`,
    read: (f) => ({ figure: `${n(f.eventLoopMaxMs)} ms (${DB[f.database]})`, met: num(f.eventLoopMaxMs) < RETENTION_STALL_MS }),
  },
  {
    bench: './samples-queue.ts',
    what: 'Turnaround queue over 300,000 containers: first 50 / first 200',
    goal: `p95 < ${QUEUE_P95_MS} ms`,
    read: (f) => {
      const dbs = databases(f);
      return {
        figure: dbs.map((d) => `${DB[d.database]} ${n(d.first50.p95)} / ${n(d.first200.p95)} ms`).join(', '),
        met: dbs.length > 0 && dbs.every((d) => num(d.first50.p95) < QUEUE_P95_MS && num(d.first200.p95) < QUEUE_P95_MS),
      };
    },
  },
  {
    bench: './tat-screen.ts',
    what: 'TAT report over 300,000 containers: 8 weeks / one test / 52 weeks',
    goal: `p95 < ${TAT_P95_MS} ms`,
    read: (f) => {
      const dbs = databases(f);
      const p95s = (d: Figures) => [d.last8WeeksAllTests.p95, d.last8WeeksOneTest.p95, d.year52WeeksAllTests.p95].map(num);
      return {
        figure: dbs.map((d) => `${DB[d.database]} ${p95s(d).map(n).join(' / ')} ms`).join(', '),
        met: dbs.length > 0 && dbs.every((d) => p95s(d).every((p) => p < TAT_P95_MS)),
      };
    },
  },
  {
    bench: './analyser-messages.ts',
    what: 'Analyser CBC messages over MLLP: longest event-loop stall',
    goal: `≤ ${ANALYSER_STALL_MS} ms`,
    read: (f) => ({ figure: `${n(f.maxStallMs)} ms (idle loop ${n(f.idleMaxStallMs)} ms), ${n(f.perSecond)} messages/s`, met: num(f.maxStallMs) <= ANALYSER_STALL_MS }),
  },
  {
    bench: './soak.ts',
    what: 'Soak at half the peak: memory growth after the warm-up',
    goal: `≤ ${SOAK.memoryGrowth * 100} %`,
    read: (f) => ({ figure: `${n(Math.round(num(f.memoryGrowth) * 1000) / 10)} % over ${n(f.minutes)} min`, met: f.memoryGrowth <= SOAK.memoryGrowth }),
  },
  {
    bench: './soak.ts',
    what: "Soak: the last minute's p99 over the first's",
    goal: `≤ ${SOAK.p99Drift}×`,
    read: (f) => ({ figure: `${n(f.p99Drift)}×`, met: num(f.p99Drift) <= SOAK.p99Drift }),
  },
  {
    bench: './scale.ts',
    what: 'A million appointments: public statistics under 10 clients',
    goal: `p99 ≤ ${SCALE.dashboardP99Ms} ms`,
    read: (f) => {
      const p99 = num(f.loaded.dashboard.loaded.latencyMs.p99);
      return { figure: `p99 ${n(p99)} ms (${DB[f.database]})`, met: p99 <= SCALE.dashboardP99Ms };
    },
  },
  {
    bench: './scale.ts',
    what: 'A million appointments: staff search, one client (name / phone / e-mail / reference)',
    goal: `p95 ≤ ${SCALE.searchP95Ms} ms`,
    read: (f) => {
      const p95s = Object.values(f.search as Record<string, { p95: number }>).map((s) => num(s.p95));
      return { figure: `p95 ${p95s.map(n).join(' / ')} ms (${DB[f.database]})`, met: p95s.length > 0 && p95s.every((p) => p <= SCALE.searchP95Ms) };
    },
  },
  {
    bench: './scale.ts',
    what: 'A million appointments: `/api/health` beside each load',
    goal: `p99 ≤ ${SCALE.healthP99Ms} ms`,
    read: (f) => {
      const worst = Math.max(...Object.values(f.loaded as Record<string, Figures>).map((l) => num(l.health.latencyMs.p99)));
      return { figure: `worst p99 ${n(worst)} ms (${DB[f.database]})`, met: worst <= SCALE.healthP99Ms };
    },
  },
  {
    bench: './scale.ts',
    what: "A million appointments: the server's event-loop delay under each load",
    goal: `max ≤ ${SCALE.eventLoopMaxMs} ms`,
    read: (f) => {
      const worst = Math.max(...Object.values(f.loaded as Record<string, Figures>).map((l) => num(l.eventLoop.maxMs)));
      return { figure: `worst max ${n(worst)} ms (${DB[f.database]})`, met: worst <= SCALE.eventLoopMaxMs };
    },
  },
];

/**
 * The load average at a bench's start, from its figures: `loadAverage` (every bench now keeps it); for
 * figures of older runs, what the bench kept then (the booking runs' load before measuring, the TAT
 * report's 1-minute load at its start). null: the figures carry none.
 */
function startLoadOf(bench: string, f: Figures): number | null {
  if (typeof f.loadAverage === 'number') return f.loadAverage;
  if (bench === './api-bookings.ts') {
    const before = bookingRuns(f).map((r) => (typeof r.loadAverageBefore === 'number' ? r.loadAverageBefore : null));
    return before.length ? maxOf(before) : null;
  }
  if (bench === './tat-screen.ts' && Array.isArray(f.loadAverageAtStart) && typeof f.loadAverageAtStart[0] === 'number') return f.loadAverageAtStart[0];
  return null;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const day = (iso: string) => iso.slice(0, 10);

/** one goal's row: its figure and verdict, or "not measured yet" */
export function row(goal: Goal, latest: Latest): string[] {
  const name = benchName(goal.bench);
  const f = latest[name] as Figures;
  const at = latest.measuredAt?.[name];
  // figures kept before each bench's time was: the file's own time is when they were last kept
  const measured = at ? day(at) : latest.at ? `by ${day(latest.at)}` : '—';
  if (f === undefined || f === null) return [goal.what, goal.goal, 'not measured yet', '—', '—', '—'];
  if (typeof f === 'object' && 'error' in f) return [goal.what, goal.goal, 'the last run failed', '—', '—', measured];
  let reading: Reading | null;
  try {
    reading = goal.read(f);
  } catch {
    // the figures are of a run that did not measure this goal (an older shape)
    reading = null;
  }
  if (!reading) return [goal.what, goal.goal, 'not measured yet', '—', '—', '—'];
  const load = reading.load === undefined ? startLoadOf(goal.bench, f) : reading.load;
  return [goal.what, goal.goal, reading.figure, load === null ? 'unknown' : String(load), load === null ? 'not judged: load unknown' : verdict(reading.met, load), measured];
}

/** the Markdown table of every goal from latest.json's figures */
export function renderTable(latest: Latest): string {
  const lines = [
    '| what | goal | figure | load average at the start | verdict | measured |',
    '| --- | --- | --- | --- | --- | --- |',
    ...goals.map((g) => `| ${row(g, latest).map(cell).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** the README with `table` between the markers */
export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START_MARKER} … ${END_MARKER}`);
  return `${readme.slice(0, start + START_MARKER.length)}\n${table}\n${readme.slice(end)}`;
}

export const readLatest = (file = latestPath): Latest => JSON.parse(readFileSync(file, 'utf8')) as Latest;

/** whether README.md's table is what latest.json gives */
export function readmeTableCurrent(): boolean {
  const readme = readFileSync(readmePath, 'utf8');
  return withTable(readme, renderTable(readLatest())) === readme;
}

/** renders latest.json's table into README.md; true when that changed it */
export function writeReadmeTable(): boolean {
  const readme = readFileSync(readmePath, 'utf8');
  const renewed = withTable(readme, renderTable(readLatest()));
  if (renewed === readme) return false;
  writeFileSync(readmePath, renewed);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  if (process.argv.includes('--check')) {
    if (!readmeTableCurrent()) {
      console.error('README.md: the table of figures is not what bench/results/latest.json gives: run `node --import tsx bench/table.ts`');
      process.exit(1);
    }
    console.log('README.md: the table of figures is current');
  } else {
    console.log(`README.md's table of figures: ${writeReadmeTable() ? 'renewed' : 'unchanged'}`);
  }
}
