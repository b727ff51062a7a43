// A typed wrapper of autocannon (it ships no types) returning the figures the API benchmarks print.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<RawResult>;

interface Histogram {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total: number;
}

interface RawResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  '3xx': number;
  latency: Histogram;
  requests: Histogram & { sent: number };
  throughput: Histogram;
  statusCodeStats?: Record<string, { count: number }>;
  totalBytes?: number;
}

/**
 * autocannon's sampling tick (ms) for a run of a fixed number of requests. It notices the last answer
 * only at its next tick, and its duration ends there: at the default of a second, a run of 7.3 s read
 * as 8.04 s (bookings per second understated by up to an eighth, in steps). At 10 ms the error is
 * under a hundredth of a second.
 */
const AMOUNT_SAMPLE_MS = 10;

export interface LoadFigures {
  /** answers per second (2xx and others), over the whole run */
  perSecond: number;
  ok2xx: number;
  /** 304 Not Modified and other redirects (also counted in non2xx, as autocannon does) */
  status3xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  /** transferred response bytes per second, MB */
  mbPerSecond: number;
  seconds: number;
  connections: number;
  /** answers per HTTP status code */
  byStatus: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** one body per request, cycled: makes every booking a little different */
  bodies?: string[];
  connections?: number;
  seconds?: number;
  /** send exactly this many requests (and wait for every answer) instead of running for `seconds` */
  amount?: number;
  /** a sequence each connection cycles through (paths under `url`), instead of one request */
  requests?: { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: string; headers?: Record<string, string> }[];
  /** requests per second over all connections, instead of as fast as the server answers */
  overallRate?: number;
}

export async function load(o: LoadOptions): Promise<LoadFigures> {
  const connections = o.connections ?? 10;
  const requests = o.requests ?? o.bodies?.map((body) => ({ method: o.method ?? 'GET', body, headers: o.headers }));
  const r = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    headers: o.headers ?? {},
    connections,
    ...(o.amount ? { amount: o.amount, sampleInt: AMOUNT_SAMPLE_MS } : { duration: o.seconds ?? 10 }),
    ...(requests ? { requests } : {}),
    ...(o.overallRate ? { overallRate: o.overallRate } : {}),
  });
  const answered = r['2xx'] + r.non2xx;
  const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
  return {
    perSecond: round(answered / r.duration),
    ok2xx: r['2xx'],
    status3xx: r['3xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, average: round(r.latency.average, 2) },
    // from the total: the throughput histogram's samples are per tick, whichever tick the run used
    // (autocannon's final result carries the byte count as throughput.total; totalBytes only in its partial results)
    mbPerSecond: round((r.totalBytes ?? r.throughput.total) / r.duration / 1024 / 1024, 2),
    seconds: round(r.duration, 2),
    connections,
    byStatus: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
  };
}

/** true when this module is the script node was started with */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  return !!entry && new URL(metaUrl).pathname === entry;
}

/**
 * A new TCP connection per request (no keep-alive agent), as clients behind some proxies make them:
 * `clients` requests in flight at most, `amount` in all, started no faster than `overallRate` per second
 * when given. autocannon cannot measure this: its `reconnectRate` drops the answer it reconnects after.
 */
export async function loadNewConnections(o: { url: string; bodies: string[]; clients: number; amount: number; overallRate?: number }): Promise<LoadFigures> {
  const { request } = await import('node:http');
  const target = new URL(o.url);
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const once = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: o.clients }, async () => {
      for (;;) {
        const i = next++;
        if (i >= o.amount) return;
        if (o.overallRate) {
          const due = start + (i * 1000) / o.overallRate;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        const sent = performance.now();
        try {
          const status = await once(o.bodies[i % o.bodies.length]!);
          byStatus[status] = (byStatus[status] ?? 0) + 1;
          latencies.push(performance.now() - sent);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const ok2xx = Object.entries(byStatus).reduce((s, [code, n]) => s + (code.startsWith('2') ? n : 0), 0);
  const answered = latencies.length;
  return {
    perSecond: Math.round((answered / seconds) * 10) / 10,
    ok2xx,
    status3xx: Object.entries(byStatus).reduce((s, [code, n]) => s + (code.startsWith('3') ? n : 0), 0),
    non2xx: answered - ok2xx,
    errors,
    timeouts: 0,
    latencyMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: Math.round(latencies.at(-1) ?? 0), average: Math.round((latencies.reduce((a, b) => a + b, 0) / Math.max(1, answered)) * 100) / 100 },
    mbPerSecond: 0,
    seconds: Math.round(seconds * 100) / 100,
    connections: o.clients,
    byStatus,
  };
}
