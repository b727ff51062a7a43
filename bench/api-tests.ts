// Catalogue API with 5,000 tests: the compressed size of GET /api/tests/ (br and gzip, budget 150 KB),
// and its throughput for full answers and for revalidations (If-None-Match → 304).
// Run alone: node --import tsx bench/api-tests.ts
import http from 'node:http';
import { isMain, load, type LoadFigures } from './lib/load.ts';
import { apiOnlyWebDist, startServer } from './lib/server.ts';

export const BUDGET_KB = 150;

export interface CatalogueFigures {
  tests: number;
  bytes: { identity: number; br: number; gzip: number };
  withinBudget: boolean;
  full: LoadFigures;
  revalidate: LoadFigures;
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

export async function run(): Promise<CatalogueFigures> {
  const server = await startServer({ SEED_TESTS: '5000', RATE_LIMITS: 'off', WEB_DIST: apiOnlyWebDist() });
  try {
    const url = `${server.url}/api/tests/`;
    const plain = await raw(url, {});
    const br = await raw(url, { 'accept-encoding': 'br' });
    const gzip = await raw(url, { 'accept-encoding': 'gzip' });
    if (br.headers['content-encoding'] !== 'br' || gzip.headers['content-encoding'] !== 'gzip') throw new Error('the list was not compressed');
    const tests = (JSON.parse(plain.body.toString()) as unknown[]).length;
    const bytes = { identity: plain.body.length, br: br.body.length, gzip: gzip.body.length };
    const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };
    const full = await load({ url, headers: browserHeaders, connections: 10, seconds: 10 });
    const revalidate = await load({ url, headers: { ...browserHeaders, 'if-none-match': String(br.headers.etag) }, connections: 10, seconds: 5 });
    return { tests, bytes, withinBudget: Math.max(bytes.br, bytes.gzip) <= BUDGET_KB * 1024, full, revalidate };
  } finally {
    await server.stop();
  }
}

export function print(f: CatalogueFigures): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`GET /api/tests/ with ${f.tests} tests: ${kb(f.bytes.identity)} plain, ${kb(f.bytes.br)} br, ${kb(f.bytes.gzip)} gzip (budget ${BUDGET_KB} KB: ${f.withinBudget ? 'met' : 'MISSED'})`);
  const line = (name: string, l: LoadFigures, unexpected: number) =>
    console.log(
      `  ${name}: ${l.perSecond} req/s, p50 ${l.latencyMs.p50} ms, p99 ${l.latencyMs.p99} ms, ${l.mbPerSecond} MB/s, ${l.errors} errors, ${unexpected} unexpected answers, ${l.connections} connections`,
    );
  line('full answers (br)', f.full, f.full.non2xx);
  line('revalidations (304)', f.revalidate, f.revalidate.non2xx - f.revalidate.status3xx + f.revalidate.ok2xx);
}

if (isMain(import.meta.url)) print(await run());
