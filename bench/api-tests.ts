// Catalogue API, with the demo catalogue and with 5,000 tests: the compressed size of GET /api/tests/
// (br and gzip, budget 150 KB), its throughput for full answers and for revalidations
// (If-None-Match → 304), and nginx serving the same bytes as the machine's ceiling (goal ≥ 0.5×).
// Run alone: node --import tsx bench/api-tests.ts
import http from 'node:http';
import { isMain, load, type LoadFigures } from './lib/load.ts';
import { nginxInstalled, nginxServing } from './lib/nginx.ts';
import { withPostgresDatabase } from './lib/postgres.ts';
import { apiOnlyWebDist, startServer } from './lib/server.ts';

export const BUDGET_KB = 150;
/** the goal: full answers at least half of what nginx serves of the same bytes, same concurrency */
export const GOAL_RATIO = 0.5;
const CONNECTIONS = 50;

export interface CatalogueFigures {
  tests: number;
  bytes: { identity: number; br: number; gzip: number };
  withinBudget: boolean;
  full: LoadFigures;
  revalidate: LoadFigures;
  /** nginx serving the same br bytes with both cores: the machine's ceiling */
  ceiling: LoadFigures | { skipped: string };
  /** full answers per second over nginx's */
  ratio: number | null;
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
  const demo = await measure({});
  const demoPostgresTwoProcesses = await withPostgresDatabase(false, (url) => measure({ DATABASE_URL: url, WORKERS: '2' }));
  return { demo, demoPostgresTwoProcesses, large: await measure({ SEED_TESTS: '5000' }) };
}

async function measure(seed: Record<string, string>): Promise<CatalogueFigures> {
  const server = await startServer({ ...seed, RATE_LIMITS: 'off', WEB_DIST: apiOnlyWebDist() });
  try {
    const url = `${server.url}/api/tests/`;
    const plain = await raw(url, {});
    const br = await raw(url, { 'accept-encoding': 'br' });
    const gzip = await raw(url, { 'accept-encoding': 'gzip' });
    if (br.headers['content-encoding'] !== 'br' || gzip.headers['content-encoding'] !== 'gzip') throw new Error('the list was not compressed');
    const tests = (JSON.parse(plain.body.toString()) as unknown[]).length;
    const bytes = { identity: plain.body.length, br: br.body.length, gzip: gzip.body.length };
    const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };
    const full = await load({ url, headers: browserHeaders, connections: CONNECTIONS, seconds: 10 });
    const revalidate = await load({ url, headers: { ...browserHeaders, 'if-none-match': String(br.headers.etag) }, connections: CONNECTIONS, seconds: 5 });
    const ceiling = await nginxCeiling(br.body, String(br.headers.etag));
    const ratio = 'perSecond' in ceiling ? Math.round((full.perSecond / ceiling.perSecond) * 100) / 100 : null;
    return { tests, bytes, withinBudget: Math.max(bytes.br, bytes.gzip) <= BUDGET_KB * 1024, full, revalidate, ceiling, ratio };
  } finally {
    await server.stop();
  }
}

async function nginxCeiling(body: Buffer, etag: string): Promise<LoadFigures | { skipped: string }> {
  if (!nginxInstalled()) return { skipped: 'nginx is not installed (apt-get install -y nginx-light)' };
  const nginx = await nginxServing('/api/tests/', body, { 'content-encoding': 'br', etag, vary: 'accept-encoding' });
  try {
    return await load({ url: nginx.url, headers: { 'accept-encoding': 'gzip, deflate, br' }, connections: CONNECTIONS, seconds: 10 });
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
  console.log(`GET /api/tests/ with ${f.tests} tests, ${processes}: ${kb(f.bytes.identity)} plain, ${kb(f.bytes.br)} br, ${kb(f.bytes.gzip)} gzip (budget ${BUDGET_KB} KB: ${f.withinBudget ? 'met' : 'MISSED'})`);
  const line = (name: string, l: LoadFigures, unexpected: number) =>
    console.log(
      `  ${name}: ${l.perSecond} req/s, p50 ${l.latencyMs.p50} ms, p99 ${l.latencyMs.p99} ms, ${l.mbPerSecond} MB/s, ${l.errors} errors, ${unexpected} unexpected answers, ${l.connections} connections`,
    );
  line('full answers (br)', f.full, f.full.non2xx);
  line('revalidations (304)', f.revalidate, f.revalidate.non2xx - f.revalidate.status3xx + f.revalidate.ok2xx);
  if ('skipped' in f.ceiling) console.log(`  ceiling: not measured (${f.ceiling.skipped})`);
  else {
    line('ceiling: nginx, same br bytes', f.ceiling, f.ceiling.non2xx);
    console.log(`  full answers at ${f.ratio}× nginx (goal ≥ ${GOAL_RATIO}×: ${f.ratio !== null && f.ratio >= GOAL_RATIO ? 'met' : 'MISSED'})`);
  }
}

if (isMain(import.meta.url)) print(await run());
