// Catalogue API, with the demo catalogue and with 5,000 tests: the compressed size of GET /api/tests/
// (br and gzip, budget 150 KB), its throughput for full answers to brotli clients and to gzip-only
// clients and for revalidations (If-None-Match → 304), and nginx serving the same bytes (the same br
// bytes to the brotli clients, the same gzip bytes to the gzip ones) as the machine's ceiling (goal
// ≥ 0.5× for both). Beside each rate, the CPU time per answer of the server and of nginx in the same
// run, and their ratio (decision 077); the goals are judged only at a load average ≤ 1.5 at the start.
// Run alone: node --import tsx bench/api-tests.ts
import http from 'node:http';
import { cpuMsPer, markStart, ratioTo, verdict } from './lib/judge.ts';
import { isMain, load, type LoadFigures } from './lib/load.ts';
import { nginxInstalled, nginxServing } from './lib/nginx.ts';
import { withPostgresDatabase } from './lib/postgres.ts';
import { apiOnlyWebDist, startServer } from './lib/server.ts';

export const BUDGET_KB = 150;
/** the goal: full answers at least half of what nginx serves of the same bytes, same concurrency */
export const GOAL_RATIO = 0.5;
const CONNECTIONS = 50;

/** full answers to one kind of client: ours, nginx's of the same bytes, and the shares */
export interface EncodingFigures {
  full: LoadFigures;
  /** the server's CPU per full answer (ms) */
  cpuMsPerAnswer: number;
  /** nginx serving the same bytes with both cores: the machine's ceiling */
  ceiling: (LoadFigures & { cpuMsPerAnswer: number }) | { skipped: string };
  /** full answers per second over nginx's */
  ratio: number | null;
  /** the server's CPU per answer over nginx's (how many times nginx's work an answer costs us) */
  cpuRatio: number | null;
}

export interface CatalogueFigures {
  tests: number;
  bytes: { identity: number; br: number; gzip: number };
  withinBudget: boolean;
  /** the load average at the start of this catalogue's runs */
  loadAverage: number;
  br: EncodingFigures;
  gzip: EncodingFigures;
  revalidate: LoadFigures;
  /** the server's CPU per 304 (ms) */
  revalidateCpuMsPerAnswer: number;
}

function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** the demo catalogue (as the performance review measured the ceiling) and one of 5,000 tests (the size budget) */
type Figures = { demo: CatalogueFigures; demoPostgresTwoProcesses: CatalogueFigures | { skipped: string }; large: CatalogueFigures };

/** SQLite (one process) with the demo catalogue and with 5,000 tests; PostgreSQL with two processes (WORKERS=2) */
export async function run(): Promise<Figures> {
  markStart('catalogue API');
  const demo = await measure({});
  const demoPostgresTwoProcesses = await withPostgresDatabase(false, (url) => measure({ DATABASE_URL: url, WORKERS: '2' }));
  return { demo, demoPostgresTwoProcesses, large: await measure({ SEED_TESTS: '5000' }) };
}

async function measure(seed: Record<string, string>): Promise<CatalogueFigures> {
  const loadAverage = markStart(`catalogue${seed.SEED_TESTS ? ` of ${seed.SEED_TESTS} tests` : ''}${seed.DATABASE_URL ? ', PostgreSQL' : ''}`);
  const server = await startServer({ ...seed, RATE_LIMITS: 'off', WEB_DIST: apiOnlyWebDist() });
  try {
    const url = `${server.url}/api/tests/`;
    const plain = await raw(url, {});
    const br = await raw(url, { 'accept-encoding': 'br' });
    const gzip = await raw(url, { 'accept-encoding': 'gzip' });
    if (br.headers['content-encoding'] !== 'br' || gzip.headers['content-encoding'] !== 'gzip') throw new Error('the list was not compressed');
    const tests = (JSON.parse(plain.body.toString()) as unknown[]).length;
    const bytes = { identity: plain.body.length, br: br.body.length, gzip: gzip.body.length };
    // What browsers send, and what a client without brotli (older libraries, some proxies) sends.
    const clients = { br: { 'accept-encoding': 'gzip, deflate, br' }, gzip: { 'accept-encoding': 'gzip, deflate' } };
    const measured = async (headers: Record<string, string>, seconds: number, cpuSeconds: () => number) => {
      const before = cpuSeconds();
      const f = await load({ url, headers, connections: CONNECTIONS, seconds });
      return { f, cpuMs: cpuMsPer(cpuSeconds() - before, f.ok2xx + f.status3xx) };
    };
    const serverCpu = () => server.cpuSeconds();
    // Warm-up (JIT, the compressed forms made): the first kind of client measured must not pay for it alone.
    for (const headers of Object.values(clients)) await load({ url, headers, connections: CONNECTIONS, seconds: 2 });
    const ours = { br: await measured(clients.br, 10, serverCpu), gzip: await measured(clients.gzip, 10, serverCpu) };
    const revalidate = await measured({ ...clients.br, 'if-none-match': String(br.headers.etag) }, 5, serverCpu);
    const encoding = async (kind: 'br' | 'gzip', answer: typeof br): Promise<EncodingFigures> => {
      const ceiling = await nginxCeiling(kind, answer.body, String(answer.headers.etag), clients[kind]);
      const full = ours[kind].f;
      return {
        full,
        cpuMsPerAnswer: ours[kind].cpuMs,
        ceiling,
        ratio: 'perSecond' in ceiling ? ratioTo(full.perSecond, ceiling.perSecond) : null,
        cpuRatio: 'perSecond' in ceiling ? ratioTo(ours[kind].cpuMs, ceiling.cpuMsPerAnswer) : null,
      };
    };
    return {
      tests,
      bytes,
      withinBudget: Math.max(bytes.br, bytes.gzip) <= BUDGET_KB * 1024,
      loadAverage,
      br: await encoding('br', br),
      gzip: await encoding('gzip', gzip),
      revalidate: revalidate.f,
      revalidateCpuMsPerAnswer: revalidate.cpuMs,
    };
  } finally {
    await server.stop();
  }
}

async function nginxCeiling(kind: 'br' | 'gzip', body: Buffer, etag: string, headers: Record<string, string>): Promise<(LoadFigures & { cpuMsPerAnswer: number }) | { skipped: string }> {
  if (!nginxInstalled()) return { skipped: 'nginx is not installed (apt-get install -y nginx-light)' };
  const nginx = await nginxServing('/api/tests/', body, { 'content-encoding': kind, etag, vary: 'accept-encoding' });
  try {
    const before = nginx.cpuSeconds();
    const f = await load({ url: nginx.url, headers, connections: CONNECTIONS, seconds: 10 });
    return { ...f, cpuMsPerAnswer: cpuMsPer(nginx.cpuSeconds() - before, f.ok2xx) };
  } finally {
    await nginx.stop();
  }
}

export function print(f: Figures): void {
  printOne(f.demo, 'SQLite, one process');
  if ('skipped' in f.demoPostgresTwoProcesses) console.log(`PostgreSQL with WORKERS=2: skipped (${f.demoPostgresTwoProcesses.skipped})`);
  else printOne(f.demoPostgresTwoProcesses, 'PostgreSQL, WORKERS=2');
  printOne(f.large, 'SQLite, one process');
}

function printOne(f: CatalogueFigures, processes: string): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `GET /api/tests/ with ${f.tests} tests, ${processes} (load average ${f.loadAverage} at the start): ${kb(f.bytes.identity)} plain, ${kb(f.bytes.br)} br, ${kb(f.bytes.gzip)} gzip ` +
      `(budget ${BUDGET_KB} KB: ${verdict(f.withinBudget, f.loadAverage)})`,
  );
  const line = (name: string, l: LoadFigures, unexpected: number, cpuMs: number) =>
    console.log(
      `  ${name}: ${l.perSecond} req/s, CPU ${cpuMs} ms/answer, p50 ${l.latencyMs.p50} ms, p99 ${l.latencyMs.p99} ms, ${l.mbPerSecond} MB/s, ${l.errors} errors, ${unexpected} unexpected answers, ${l.connections} connections`,
    );
  for (const kind of ['br', 'gzip'] as const) {
    const e = f[kind];
    line(`full answers (${kind} clients)`, e.full, e.full.non2xx, e.cpuMsPerAnswer);
    if ('skipped' in e.ceiling) console.log(`  ceiling: not measured (${e.ceiling.skipped})`);
    else {
      line(`ceiling: nginx, same ${kind} bytes`, e.ceiling, e.ceiling.non2xx, e.ceiling.cpuMsPerAnswer);
      console.log(
        `  ${kind}: full answers at ${e.ratio}× nginx, CPU per answer ${e.cpuRatio}× nginx's (goal ≥ ${GOAL_RATIO}× nginx: ${verdict(e.ratio !== null && e.ratio >= GOAL_RATIO, f.loadAverage)})`,
      );
    }
  }
  line('revalidations (304)', f.revalidate, f.revalidate.non2xx - f.revalidate.status3xx + f.revalidate.ok2xx, f.revalidateCpuMsPerAnswer);
}

if (isMain(import.meta.url)) print(await run());
